import { CURRENCY_DECIMALS } from './constants.ts'

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

/**
 * Live mask for typing: keeps digits and the first dot, at most 2 decimals, no leading zeros,
 * regroups the thousands ('1250.5' -> '1,250.5', '1,2,3' -> '123').
 */
export function maskAmountInput(text: string): string {
  if (typeof text !== 'string') return ''
  const cleaned = text.replace(/[^\d.]/g, '')
  const dot = cleaned.indexOf('.')
  const intPart = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '')
  if (dot === -1) return groupThousands(intPart)
  const decPart = cleaned.slice(dot + 1).replace(/\./g, '').slice(0, CURRENCY_DECIMALS)
  return `${groupThousands(intPart === '' ? '0' : intPart)}.${decPart}`
}
