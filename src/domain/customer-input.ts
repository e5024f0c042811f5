import { normalizeCustomerName } from './names.ts'

/**
 * Forgiving input on the sales forms (issue 24 item 7): what a customer types or pastes is tidied
 * before it is checked, so that only what cannot be read is refused.
 *
 * - a T.C. Kimlik No pasted with spaces, dots or dashes ('100 000 001 46') is its 11 digits; a
 *   passport number (a foreigner's nationalId, a citizen's passportno) loses its spaces and is
 *   upper-cased;
 * - names are NFC, single-spaced, with no spaces around a hyphen;
 * - an e-mail address loses surrounding spaces.
 */
const NAME_FIELDS = new Set(['firstname', 'lastname', 'fathername', 'mothername'])

export function normalizeNationalId(nationality: string | undefined, value: string): string {
  const compact = value.replace(/[\s.\-\u00a0]/gu, '')
  return (nationality ?? 'TR') === 'TR' && /^\d+$/.test(compact) ? compact : compact.toUpperCase()
}

/** A person form's text values, tidied as above (other fields trimmed). */
export function normalizePersonValues<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = { ...values }
  for (const [k, v] of Object.entries(values)) {
    if (typeof v !== 'string') continue
    if (NAME_FIELDS.has(k)) out[k] = normalizeCustomerName(v)
    else if (k === 'nationalId') out[k] = normalizeNationalId(typeof values.nationality === 'string' ? values.nationality : undefined, v)
    else if (k === 'passportno') out[k] = normalizeNationalId('passport', v)
    else out[k] = v.trim()
  }
  return out as T
}

/**
 * A money amount as a Turkish (or an English) reader types it, in lira: '1.250,50', '1250,50',
 * '1250.50', '1.250', '1 250', '₺1.250,50', '1250 TL'. With a comma, the comma is the decimal mark
 * and dots group thousands; without one, a dot followed by groups of exactly three digits groups
 * thousands ('1.250' is 1250, as a Turkish reader means), otherwise it is the decimal point. At
 * most 2 decimals; null for anything else ('12,5,0', '1.25.0', '-5', '1e3').
 */
export function parseLira(text: string): number | null {
  if (typeof text !== 'string') return null
  const t = text.replace(/[\s\u00a0]/gu, '').replace(/^₺|₺$|TL$|TRY$/giu, '')
  let digits: string
  if (t.includes(',')) {
    if (!/^(?:\d{1,3}(?:\.\d{3})+|\d+),\d{1,2}$/.test(t)) return null
    digits = t.replace(/\./g, '').replace(',', '.')
  } else if (/^\d{1,3}(?:\.\d{3})+$/.test(t)) {
    digits = t.replace(/\./g, '')
  } else if (/^\d+(?:\.\d{1,2})?$/.test(t)) {
    digits = t
  } else return null
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(digits)) return null
  return Number(digits)
}
