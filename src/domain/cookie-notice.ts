/**
 * The cookie notice's dismissal (issue 23 goal 1): kept in a first-party cookie, not in local
 * storage, so that the server sees it. The notice is part of a public page's first screen (its
 * prerendered markup holds it, painted with the page, not by JavaScript later: painted late, a
 * phone's largest element, it was the page's LCP at 3.9 s); the server takes it out of the markup
 * for a browser that dismissed it, and the browser's first render reads the same cookie, so the
 * page hydrates without a change either way.
 */
export const COOKIE_NOTICE_COOKIE = 'cookieNotice'
export const COOKIE_NOTICE_DISMISSED = 'dismissed'
/** A year: the notice informs (the site keeps only strictly necessary storage) and asks nothing. */
export const COOKIE_NOTICE_MAX_AGE_S = 365 * 24 * 3600
/** The attribute the notice's element carries, by which the server finds it in the markup. */
export const COOKIE_NOTICE_ATTRIBUTE = 'data-cookie-notice'

/** Whether a Cookie header (or `document.cookie`) says the notice was dismissed. */
export function cookieNoticeDismissed(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((part) => {
    const [name, ...value] = part.split('=')
    return name?.trim() === COOKIE_NOTICE_COOKIE && value.join('=').trim() === COOKIE_NOTICE_DISMISSED
  })
}

const NOTICE = new RegExp(`<section\\b[^>]*\\b${COOKIE_NOTICE_ATTRIBUTE}\\b[^>]*>[\\s\\S]*?</section>`)

/** A page's markup without the cookie notice (the markup unchanged when it holds none). */
export function withoutCookieNotice(html: string): string {
  return html.replace(NOTICE, '')
}
