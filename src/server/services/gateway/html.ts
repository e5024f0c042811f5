/** Small HTML pages of the payment flow (the 3-D form, the callback page, the simulator). */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

export function hiddenFields(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('')
}

export function formHtml(action: string, fields: Readonly<Record<string, string>>, attrs = ''): string {
  return `<form method="post" action="${esc(action)}"${attrs}>${hiddenFields(fields)}</form>`
}

export function nonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')
}

/** CSP of a page shown inside our own 3-D frame: framed only by this origin, scripts by nonce. */
export function frameCsp(scriptNonce: string | null, formAction: string = "'self'"): string {
  return [
    "default-src 'none'",
    scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}
