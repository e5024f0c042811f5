import { TCKN_LENGTH } from './constants.ts'

/** A true modulo: the result is always in 0..m-1, also for negative x. */
function mod(x: number, m: number): number {
  return ((x % m) + m) % m
}

/**
 * The two check digits (10th and 11th) for the first nine digits of a Turkish national ID (T.C.
 * Kimlik No). The 10th digit is (7 x (d1+d3+d5+d7+d9) - (d2+d4+d6+d8)) taken as a TRUE modulo 10,
 * not the absolute value the spec's wording suggests (that would refuse real citizens whenever the
 * difference is negative, e.g. 19090909018); the 11th is the sum of the first ten, modulo 10.
 */
export function tcknCheckDigits(firstNine: string): string {
  if (!/^\d{9}$/.test(firstNine)) throw new RangeError('tcknCheckDigits needs exactly nine digits')
  const d = Array.from(firstNine, Number) as number[]
  const odd = (d[0] ?? 0) + (d[2] ?? 0) + (d[4] ?? 0) + (d[6] ?? 0) + (d[8] ?? 0)
  const even = (d[1] ?? 0) + (d[3] ?? 0) + (d[5] ?? 0) + (d[7] ?? 0)
  const tenth = mod(7 * odd - even, 10)
  const eleventh = mod(odd + even + tenth, 10)
  return `${tenth}${eleventh}`
}

/**
 * Turkish national ID check (spec 5): exactly 11 digits, the first not 0, both check digits right,
 * and not one of the all-same-digit numbers 11111111110 ... 99999999990 (which pass the checksum).
 * No trimming: callers pass the value as entered.
 */
export function isValidTckn(value: string): boolean {
  if (typeof value !== 'string' || value.length !== TCKN_LENGTH || !/^[1-9]\d{10}$/.test(value)) return false
  if (/^(\d)\1{9}/.test(value)) return false
  return value.slice(9) === tcknCheckDigits(value.slice(0, 9))
}
