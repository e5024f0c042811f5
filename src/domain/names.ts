import { INITIALS_MAX_WORDS } from './constants.ts'

/**
 * Person-name check (spec 5): only letters (any script, Turkish ç ğ ı İ ö ş ü included) and
 * whitespace; the empty value is allowed (required-ness is a separate rule). Apostrophes, hyphens
 * and dots are refused, as the spec says. Input is NFC-normalised first, so an 'İ' typed as
 * 'I' + combining dot is still a letter.
 */
export function isValidPersonName(value: string): boolean {
  if (typeof value !== 'string') return false
  return /^[\p{L}\s]*$/u.test(value.normalize('NFC'))
}

/** Upper case with the Turkish locale: 'i' -> 'İ', 'ı' -> 'I'. */
export function toUpperTr(value: string): string {
  return value.toLocaleUpperCase('tr-TR')
}

/** Initials of up to three words, upper-cased with the Turkish locale ('ismail ışık' -> 'İI'). */
export function initials(name: string): string {
  if (typeof name !== 'string') return ''
  return name
    .normalize('NFC')
    .split(/\s+/u)
    .filter((w) => w.length > 0)
    .slice(0, INITIALS_MAX_WORDS)
    .map((w) => toUpperTr(Array.from(w)[0] ?? ''))
    .join('')
}
