/**
 * The one redaction of card data (SECURITY.md "Card data"), used by the server's logger for every
 * line, by the audit log, by the client-log route, and by the inspector in the browser.
 *
 * A card number is any run of 13 or more decimal digits in any script (ASCII, full-width, ...)
 * with up to four separators between two digits: spaces (also double, no-break, ideographic),
 * tabs, newlines, control and zero-width characters, dots, slashes, backslashes, underscores and
 * every kind of dash. Longer runs are redacted whole. CVC-like values are redacted by key
 * (cvc, cvv, cvv2, cvc2, cid, securityCode) in objects, and after such a key in free text.
 *
 * One run is ours and kept: an order id of spec 9 (`KEM` + yyyymmdd + the card's BIN + 100-999,
 * 17 digits, written without separators), so that payment entries and log lines stay readable. It
 * holds at most the first 6 digits of a card, which SECURITY.md allows. It is kept only in that
 * exact form: a plausible date (20yy, month 01-12, day 01-31; no card scheme's number starts with
 * 2000-2099), not glued to a further digit, and not followed by separators and more digits (which
 * could be the rest of a card number written after it); anything else around `KEM` is redacted as
 * before (docs/decisions/order-id.md).
 */
const SEP = String.raw`[\s\p{Pd}\p{Cc}\p{Cf}._/\\\u00B7\u2022\u3002\uFF0E\uFF0F\uFF3C\uFF3F]`
const PAN_LIKE = new RegExp(String.raw`\p{Nd}(?:${SEP}{0,4}\p{Nd}){12,}`, 'gu')
// cv2 is the NestPay bank form's own name for the code (issue 28 item 8)
const CVC_KEY = /^(?:cvc2?|cvv2?|cv2|cvn2?|cid|csc|security[_-]?code|card[_-]?security[_-]?code)$/i
const CVC_IN_TEXT = /\b(cvc2?|cvv2?|cv2|cvn2?|cid|csc|security[_-]?code)\b(["'\s]*[:=]\s*["']?)\p{Nd}{3,4}(?!\p{Nd})/giu

export const REDACTED = '[redacted]'

/**
 * UUIDs (request ids, record ids) are ours, not typed card data, and their digit-only groups can
 * line up into a Luhn-valid run ("8884-4090-8796-9847"): they are kept whole.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** A spec 9 order id (ORDER_ID_PREFIX + date + BIN + suffix), standing alone. */
const ORDER_ID = new RegExp(String.raw`(?<!\p{Nd})KEM20\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{6}[1-9]\d\d(?!${SEP}{0,4}\p{Nd})`, 'gu')

/** The parts of a text that are kept whole: our ids (UUIDs and order ids). */
const OURS = new RegExp(`${UUID.source.replaceAll('0-9a-f', '0-9a-fA-F')}|${ORDER_ID.source}`, 'gu')

const WHOLE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether `text` cannot hold card data: ASCII only with fewer than three digits (a card number
 * needs 13, a CVC 3), or one whole UUID. The common case of a log line (paths, methods, ids) is
 * answered by this scan instead of the regular expressions.
 */
function plainlyClean(text: string): boolean {
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 127 || (code >= 48 && code <= 57 && ++digits >= 3)) return text.length === 36 && WHOLE_UUID.test(text)
  }
  return true
}

/** Replaces card-number-like runs and CVC-like values so that nothing can put card data in a log. */
export function redactCardNumbers(text: string, mask = REDACTED): string {
  if (plainlyClean(text)) return text
  let out = ''
  let at = 0
  for (const m of text.matchAll(OURS)) {
    out += redactPart(text.slice(at, m.index), mask) + m[0]
    at = m.index + m[0].length
  }
  return out + redactPart(text.slice(at), mask)
}

function redactPart(text: string, mask: string): string {
  return text.replace(PAN_LIKE, mask).replace(CVC_IN_TEXT, (_m, key: string, glue: string) => `${key}${glue}${mask}`)
}

/** Whether a key names a card security code (its value is never kept). */
export function isCvcKey(key: string): boolean {
  return CVC_KEY.test(key)
}

/**
 * A deep copy of `value` with card numbers redacted from every string (and every number that is
 * one) and every CVC-named field masked. Keys are kept; depth is bounded.
 */
export function redact<T>(value: T, mask = REDACTED, depth = 0): T {
  if (typeof value === 'string') return redactCardNumbers(value, mask) as T
  if (typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value)
    // a card number has at least 13 digits
    if (text.length < 13) return value
    return (redactCardNumbers(text, mask) === text ? value : mask) as T
  }
  if (value === null || typeof value !== 'object') return value
  if (depth > 8) return mask as T
  if (Array.isArray(value)) return value.map((v) => redact(v, mask, depth + 1)) as T
  if (value instanceof Date) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[redactCardNumbers(key, mask)] = isCvcKey(key) && v !== undefined && v !== null && v !== '' ? mask : redact(v, mask, depth + 1)
  }
  return out as T
}

/** Digits of any script as ASCII ('４' -> '4'): for scans that look for a card number. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!
    // Unicode decimal digits come in runs of ten consecutive code points starting at zero
    let zero = cp
    while (zero > cp - 50 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--
    return String((cp - zero) % 10)
  })
}

// ---- personal data in client logs (issue 28 item 8) ----

/** An 11-digit run (a Turkish national ID, TCKN, in any script), not part of a longer number. */
const NATIONAL_ID = /(?<!\p{Nd})\p{Nd}{11}(?!\p{Nd})/gu
const PHONE_SEP = String.raw`[\s.\-/]?`
/**
 * A Turkish phone number as people and forms write it: +90 / 0090 / 90 / 0 or nothing, then a
 * 10-digit number of an area code 2xx-5xx (mobiles 5xx), grouped 3-3-2-2 with spaces, dots, dashes
 * or slashes, the area code perhaps in parentheses: `+90 532 123 45 67`, `0532-123-45-67`,
 * `(0212) 555 12 34`, `5321234567`.
 */
const TR_PHONE = new RegExp(String.raw`(?<![\p{Nd}+])(?:(?:\+|00)?90${PHONE_SEP}|0${PHONE_SEP})?\(?0?[2-5]\p{Nd}{2}\)?${PHONE_SEP}\p{Nd}{3}${PHONE_SEP}\p{Nd}{2}${PHONE_SEP}\p{Nd}{2}(?!\p{Nd})`, 'gu')
/** Any international number in E.164 form with its + (8 to 15 digits, grouped as it likes). */
const INTERNATIONAL_PHONE = new RegExp(String.raw`(?<![\p{Nd}\w])\+\p{Nd}(?:[\s.\-]?\(?\p{Nd}\)?){7,14}(?!\p{Nd})`, 'gu')

/**
 * What a client log may not keep (issue 28 item 8): card numbers and security codes
 * (redactCardNumbers), national IDs and phone numbers, in whatever the browser sent. Used by the
 * browser's log shipper before anything is queued and again by the server's log route.
 */
export function redactClientLog(text: string, mask = REDACTED): string {
  const carded = redactCardNumbers(text, mask)
  const personal = (part: string) => part.replace(INTERNATIONAL_PHONE, mask).replace(TR_PHONE, mask).replace(NATIONAL_ID, mask)
  // UUIDs (request and record ids) are kept whole, as for card numbers
  let out = ''
  let at = 0
  for (const m of carded.matchAll(UUID)) {
    out += personal(carded.slice(at, m.index)) + m[0]
    at = m.index + m[0].length
  }
  return out + personal(carded.slice(at))
}
