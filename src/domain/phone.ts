/**
 * Turkish mobile numbers (spec 5 "a phone check exists for country code TR", details not shown;
 * SECURITY.md: Turkish mobiles only, +90 5xx). A mobile is 5 followed by nine digits after the
 * country code. Accepted input: 05xx..., 5xx..., +90 5xx..., 90 5xx..., 0090 5xx..., also with the
 * trunk 0 after the country code (+90 (0)5xx), with spaces, dashes, dots and parentheses.
 */
const SEPARATORS = /[\s\-().]/g
const MOBILE = /^(?:\+90|0090|90)?0?(5\d{9})$/

/** E.164 '+905xxxxxxxxx', or null when the value is not a Turkish mobile number. */
export function normalizeTrMobile(value: string): string | null {
  if (typeof value !== 'string') return null
  const compact = value.replace(SEPARATORS, '')
  const m = MOBILE.exec(compact)
  return m ? `+90${m[1]}` : null
}

export function isValidTrMobile(value: string): boolean {
  return normalizeTrMobile(value) !== null
}
