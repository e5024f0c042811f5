import { CURRENCY_DECIMALS, PAYMENT_AMOUNT_MAX } from './constants.ts'

/**
 * The card form's amount field (spec 3.4): comma as thousands separator, dot for decimals, at most
 * 2 decimals ('1,250.50'). Separators, when used, must sit every three digits.
 */
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/

/** The number an amount text stands for, or null ('1,250.50' -> 1250.5; '12,50' -> null). */
export function parseAmount(text: string): number | null {
  if (typeof text !== 'string') return null
  const v = text.trim()
  if (!AMOUNT.test(v)) return null
  const n = Number(v.replace(/,/g, ''))
  return Number.isFinite(n) ? n : null
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** '1,250.50' for 1250.5: always 2 decimals, comma thousands separators. */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) return ''
  const fixed = Math.abs(value).toFixed(CURRENCY_DECIMALS)
  const [int = '0', dec = ''] = fixed.split('.')
  return `${value < 0 && Number(fixed) !== 0 ? '-' : ''}${groupThousands(int)}.${dec}`
}

/** Digits with commas only where thousands separators belong, then an optional dot and decimals. */
const AMOUNT_TYPING = /^(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?$/

/**
 * Live mask for typing: regroups the thousands of what can already be read ('1250.5' -> '1,250.5',
 * '00012' -> '12', '.5' -> '0.5') and otherwise leaves the text exactly as typed, so nothing is
 * ever dropped or moved silently ('1250,50', '1.250,50', '1e9', '-5' and '1.234' stay as they are,
 * and `readAmount` says why they cannot be charged).
 */
export function maskAmountInput(text: string): string {
  if (typeof text !== 'string') return ''
  const v = text.trim()
  if (!AMOUNT_TYPING.test(v)) return text.slice(0, 24)
  const dot = v.indexOf('.')
  const intPart = (dot === -1 ? v : v.slice(0, dot)).replace(/,/g, '').replace(/^0+(?=\d)/, '')
  if (dot === -1) return groupThousands(intPart)
  return `${groupThousands(intPart === '' ? '0' : intPart)}${v.slice(dot)}`
}

export type AmountErrorCode = 'amount.required' | 'amount.invalid' | 'amount.decimalComma' | 'amount.tooLarge'

/** What an amount text will charge, or why it cannot be read unambiguously. */
export type AmountReading = { ok: true; value: number; display: string } | { ok: false; code: AmountErrorCode }

/**
 * The card form's amount as the gateway will charge it (spec 3.4: comma thousands separators, dot
 * decimals, at most 2): a positive number up to PAYMENT_AMOUNT_MAX, with its display ('1,250.50').
 * A comma that cannot be a thousands separator ('1250,50', '1.250,50') is read as the Turkish
 * decimal comma and refused with its own code rather than guessed; '1e9', '-5', letters, three
 * decimals and zero are refused as unreadable.
 */
export function readAmount(text: string): AmountReading {
  const v = typeof text === 'string' ? text.trim() : ''
  if (v === '') return { ok: false, code: 'amount.required' }
  const value = parseAmount(v)
  if (value === null) return { ok: false, code: /^[\d.,]*\d,\d{1,2}$/.test(v) ? 'amount.decimalComma' : 'amount.invalid' }
  if (value <= 0) return { ok: false, code: 'amount.invalid' }
  if (value > PAYMENT_AMOUNT_MAX) return { ok: false, code: 'amount.tooLarge' }
  return { ok: true, value, display: formatAmount(value) }
}
