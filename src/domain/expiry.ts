import { calendarDateOf } from './dates.ts'
import { DEFAULT_TIMEZONE } from './constants.ts'

/**
 * Card expiry rules of spec 5. Accepted shapes: 'MM/YY' and 'MM/YYYY', spaces around the slash
 * allowed (the form shows 'AA / YY'). A two-digit year is 20YY.
 */
const EXPIRY = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/

export type Expiry = { readonly month: number; readonly year: number }

/** Month and four-digit year, or null when the shape or the month is wrong. */
export function parseExpiry(value: string): Expiry | null {
  if (typeof value !== 'string') return null
  const m = EXPIRY.exec(value.trim())
  if (!m) return null
  const month = Number(m[1])
  const yy = m[2] ?? ''
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy)
  if (month < 1 || month > 12) return null
  return { month, year }
}

/**
 * A card is valid through the last moment of its expiry month, and that moment must be in the
 * future: true while the current month (in Europe/Istanbul, the product's zone) is not after the
 * expiry month.
 */
export function isValidExpiry(value: string, now: Date = new Date(), timeZone: string = DEFAULT_TIMEZONE): boolean {
  const exp = parseExpiry(value)
  const today = calendarDateOf(now, timeZone)
  if (!exp || !today) return false
  return today.year < exp.year || (today.year === exp.year && today.month <= exp.month)
}

/** The form mask's own range: 'MM/YY' with month 1-12 and year 21-99. */
export function isExpiryInMaskRange(value: string): boolean {
  if (typeof value !== 'string') return false
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim())
  if (!m) return false
  const month = Number(m[1])
  const year = Number(m[2])
  return month >= 1 && month <= 12 && year >= 21 && year <= 99
}

/** 'MMYY' for the gateway (spec 7.4: slashes removed), or null when not a valid shape. */
export function expiryToGateway(value: string): string | null {
  const exp = parseExpiry(value)
  if (!exp) return null
  return `${String(exp.month).padStart(2, '0')}${String(exp.year % 100).padStart(2, '0')}`
}
