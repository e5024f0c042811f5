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

/**
 * A customer's name on the sales forms (issue 24 item 7) and a staff member's name (issue 25 item
 * 11): spec 5's letters and whitespace, and a hyphen between two letters for a double-barrelled
 * surname ('Çağlar-Öztürk'), as the person's documents spell it. The card holder keeps the spec's
 * check (`isValidPersonName`).
 */
export function isValidCustomerName(value: string): boolean {
  if (typeof value !== 'string') return false
  return /^[\p{L}\s]*(?:\p{L}-\p{L}[\p{L}\s]*)*$/u.test(value.normalize('NFC'))
}

/**
 * What a customer typed into a name field, tidied (issue 24 item 7): NFC, surrounding and repeated
 * spaces removed, spaces around a hyphen dropped ('Çağlar - Öztürk' -> 'Çağlar-Öztürk').
 */
export function normalizeCustomerName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ').replace(/\s*-\s*/gu, '-')
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
