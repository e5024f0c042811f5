import creditCardType from 'credit-card-type'
import { CARD_MASK_DEFAULT, type CardColor } from '../constants.ts'
import { prefixesToPattern, type PrefixSpec } from './prefix-pattern.ts'

/**
 * Card brands of spec 3.3 / 4: matched against the typed digits in this order, first match wins,
 * `unknown` otherwise. Prefixes, lengths, gaps and security-code sizes come from credit-card-type
 * (its `troy` list includes 9792 and the 65xxxx Troy ranges; Troy is tested before Discover so it
 * wins those). Two changes: UnionPay uses the spec's pattern (62 then up to 14 digits) and Maestro
 * drops credit-card-type's catch-all "6" prefix, which would swallow every unknown 6-number.
 */
export type CardBrandId =
  | 'visa' | 'mastercard' | 'amex' | 'troy' | 'unionpay' | 'discover' | 'diners' | 'jcb' | 'maestro' | 'mir' | 'unknown'

/** Security-code label by scheme (spec 5: CID, CVV2, CVC, CVD). */
export type CvcLabel = 'CID' | 'CVV2' | 'CVC' | 'CVD'

export type CardBrand = {
  readonly id: CardBrandId
  /** Display name; empty for `unknown`. */
  readonly name: string
  readonly color: CardColor
  /** Asset keys the web layer resolves to images; null for `unknown`. */
  readonly icon: string | null
  readonly logo: string | null
  /** The card-number mask, '0' per digit, spaces at the gaps: amex '0000 000000 00000'. */
  readonly mask: string
  /** Digit counts after which a space goes (amex [4, 10]). */
  readonly gaps: readonly number[]
  /** Regex source anchored at the start; absent for `unknown`. */
  readonly prefixPattern?: string
  readonly cvcLength: 3 | 4
  readonly cvcLabel: CvcLabel
  /** Valid card-number lengths. */
  readonly lengths: readonly number[]
}

type BrandSource = {
  id: Exclude<CardBrandId, 'unknown'>
  library: string
  name: string
  color: CardColor
  cvcLabel: CvcLabel
  prefixes?: (info: readonly PrefixSpec[]) => readonly PrefixSpec[]
  prefixPattern?: string
}

/** Colours: the classic card-form mapping (amex green, visa lime, diners orange, discover purple,
 * jcb red, maestro yellow, mastercard lightblue, unionpay cyan, unknown grey); troy cyan and mir
 * green share a colour since the spec's list has no more. */
const SOURCES: readonly BrandSource[] = [
  { id: 'visa', library: 'visa', name: 'Visa', color: 'lime', cvcLabel: 'CVV2' },
  { id: 'mastercard', library: 'mastercard', name: 'Mastercard', color: 'lightblue', cvcLabel: 'CVC' },
  { id: 'amex', library: 'american-express', name: 'American Express', color: 'green', cvcLabel: 'CID' },
  { id: 'troy', library: 'troy', name: 'Troy', color: 'cyan', cvcLabel: 'CVC' },
  { id: 'unionpay', library: 'unionpay', name: 'UnionPay', color: 'cyan', cvcLabel: 'CVC', prefixPattern: '^62\\d{0,14}' },
  { id: 'discover', library: 'discover', name: 'Discover', color: 'purple', cvcLabel: 'CVD' },
  { id: 'diners', library: 'diners-club', name: 'Diners Club', color: 'orange', cvcLabel: 'CVD' },
  { id: 'jcb', library: 'jcb', name: 'JCB', color: 'red', cvcLabel: 'CVC' },
  { id: 'maestro', library: 'maestro', name: 'Maestro', color: 'yellow', cvcLabel: 'CVC', prefixes: (p) => p.filter((x) => x !== 6) },
  { id: 'mir', library: 'mir', name: 'Mir', color: 'green', cvcLabel: 'CVC' },
]

/** '0' per digit with a space at each gap, up to `length` digits. */
export function maskFor(gaps: readonly number[], length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' '
    out += '0'
  }
  return out
}

/** credit-card-type groups 4-4-4 only; longer numbers (visa 19, maestro 19...) get one more gap. */
function fullGaps(gaps: readonly number[], maxLength: number): number[] {
  const last = gaps[gaps.length - 1] ?? 0
  const step = gaps.length > 1 ? last - (gaps[gaps.length - 2] ?? 0) : 4
  const out = [...gaps]
  let next = last + step
  while (next < maxLength) {
    out.push(next)
    next += 4
  }
  return out
}

function buildBrand(source: BrandSource): CardBrand {
  const info = creditCardType.getTypeInfo(source.library)
  const lengths = [...info.lengths].sort((a, b) => a - b)
  const maxLength = lengths[lengths.length - 1] ?? 16
  const gaps = fullGaps(info.gaps, maxLength)
  const prefixes = source.prefixes ? source.prefixes(info.patterns) : info.patterns
  return {
    id: source.id,
    name: source.name,
    color: source.color,
    icon: `icon-${source.id}`,
    logo: `logo-${source.id}`,
    mask: maskFor(gaps, maxLength),
    gaps,
    prefixPattern: source.prefixPattern ?? prefixesToPattern(prefixes),
    cvcLength: info.code.size === 4 ? 4 : 3,
    cvcLabel: source.cvcLabel,
    lengths,
  }
}

export const UNKNOWN_CARD_BRAND: CardBrand = {
  id: 'unknown',
  name: '',
  color: 'grey',
  icon: null,
  logo: null,
  mask: CARD_MASK_DEFAULT,
  gaps: [4, 8, 12],
  cvcLength: 3,
  cvcLabel: 'CVC',
  lengths: [16],
}

/** The known brands in matching order. */
export const CARD_BRANDS: readonly CardBrand[] = SOURCES.map(buildBrand)

const MATCHERS: readonly (readonly [RegExp, CardBrand])[] = CARD_BRANDS.map((b) => [new RegExp(b.prefixPattern ?? '$^'), b] as const)

/** Removes everything but the ASCII digits 0-9. */
export function cardDigits(input: string): string {
  return typeof input === 'string' ? input.replace(/[^0-9]/g, '') : ''
}

/** The brand of a (partial) card number; separators are ignored; never throws. */
export function detectCardBrand(digits: string): CardBrand {
  const d = cardDigits(digits)
  if (d === '') return UNKNOWN_CARD_BRAND
  for (const [re, brand] of MATCHERS) if (re.test(d)) return brand
  return UNKNOWN_CARD_BRAND
}

export function cardBrandById(id: string): CardBrand {
  return CARD_BRANDS.find((b) => b.id === id) ?? UNKNOWN_CARD_BRAND
}

/** The longest number the brand's mask holds. */
export function cardMaxLength(brand: CardBrand): number {
  return Math.max(...brand.lengths)
}

/**
 * Applies the detected brand's mask: digits only, cut to the brand's longest length, a space at
 * each gap ('378282246310005' -> '3782 822463 10005').
 */
export function formatCardNumber(digits: string): string {
  const d = cardDigits(digits)
  const brand = detectCardBrand(d)
  const cut = d.slice(0, cardMaxLength(brand))
  let out = ''
  for (let i = 0; i < cut.length; i++) {
    if (i > 0 && brand.gaps.includes(i)) out += ' '
    out += cut[i]
  }
  return out
}

/** Luhn (mod 10) checksum over a non-empty string of digits. */
export function isLuhnValid(digits: string): boolean {
  if (typeof digits !== 'string' || !/^\d+$/.test(digits)) return false
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = digits.charCodeAt(i) - 48
    if (double) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
    double = !double
  }
  return sum % 10 === 0
}

/** A complete card number: one of its brand's lengths and a correct Luhn digit. */
export function isCompleteCardNumber(input: string): boolean {
  const d = cardDigits(input)
  return detectCardBrand(d).lengths.includes(d.length) && isLuhnValid(d)
}

/** The only form of a card number fit to keep or show: first 6 and last 4 digits (PCI DSS). */
export function maskPan(input: string): string {
  const d = cardDigits(input)
  if (d.length < 11) return '*'.repeat(d.length)
  return `${d.slice(0, 6)}${'*'.repeat(d.length - 10)}${d.slice(-4)}`
}
