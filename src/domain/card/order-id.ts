import { BIN_LENGTH, DEFAULT_TIMEZONE, ORDER_ID_PREFIX } from '../constants.ts'
import { calendarDateOf } from '../dates.ts'
import { cardDigits } from './brands.ts'

/** 'KEM' + yyyymmdd + 6 card digits + 100..999: 3 + 8 + 6 + 3 = 20 characters. */
export const ORDER_ID_PATTERN = /^KEM\d{8}\d{6}[1-9]\d{2}$/

/**
 * Order id of spec 9: prefix KEM, the date as yyyymmdd, the first 6 card digits, a random integer
 * 100-999. The date is the calendar date in Europe/Istanbul (the product's zone), so a payment at
 * 01:30 Istanbul time carries that day's date, not UTC's previous day. `random` returns [0, 1)
 * like Math.random (default); the server, which alone issues order ids, passes a CSPRNG-backed one.
 */
export function makeOrderId(cardNumber: string, now: Date, random: () => number = Math.random): string {
  const digits = cardDigits(cardNumber)
  if (digits.length < BIN_LENGTH) throw new RangeError('an order id needs at least 6 card digits')
  const ymd = orderDateOf(now)
  const r = random()
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 0.999_999_999) : 0
  const suffix = 100 + Math.floor(unit * 900)
  return `${ORDER_ID_PREFIX}${ymd}${digits.slice(0, BIN_LENGTH)}${suffix}`
}

/** The order id's date part (yyyymmdd) for a moment: its calendar date in Europe/Istanbul. */
export function orderDateOf(now: Date): string {
  const date = calendarDateOf(now, DEFAULT_TIMEZONE)
  if (!date) throw new RangeError('invalid date')
  return `${String(date.year).padStart(4, '0')}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`
}

/** The part of a day's order ids that a card's BIN fixes: 'KEM' + yyyymmdd + the first 6 card digits. */
export function orderIdPrefix(cardNumber: string, now: Date): string {
  const digits = cardDigits(cardNumber)
  if (digits.length < BIN_LENGTH) throw new RangeError('an order id needs at least 6 card digits')
  return `${ORDER_ID_PREFIX}${orderDateOf(now)}${digits.slice(0, BIN_LENGTH)}`
}

/**
 * Spec 9's format leaves 900 order ids per card BIN and day (suffixes 100-999). The server issues
 * them (issue 21, docs/decisions/order-id.md): a random free suffix, never one the browser picks.
 */
export const ORDER_ID_SUFFIXES = 900
