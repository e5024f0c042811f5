import { DEFAULT_TIMEZONE, PLAN_PRICES } from './constants.ts'
import { calendarDateOf, compareDates, isAdultBirthDate, isMinorBirthDate, toCalendarDate } from './dates.ts'
import type { FundShare } from './funds.ts'
import type { INVEST_FREQUENCIES } from './schemas/sales.ts'

/**
 * The two private pension (BES) plans sold online and their rules (spec 9, sales-background;
 * docs/decisions/bes-purchase.md):
 *
 * - **Erken BES** (early BES, `erkenbes`): start saving early with a low contribution: at least
 *   100 TL a month (spec 9), any of the four payment frequencies, and open to minors, whose legal
 *   parent signs as custodian. Its suggested distribution leans to growth (a long horizon).
 * - **Pratik BES** (practical, `pratikbes`): a few steps, paid monthly by card: at least 150 TL a
 *   month (spec 9), monthly only, adults only. Its suggested distribution is balanced.
 *
 * Both invest in TRY (participation plans sold online are Turkish-lira plans) and in the
 * participation funds of src/domain/funds.ts.
 */
export type BesProduct = 'erkenbes' | 'pratikbes'
export const BES_PRODUCTS: readonly BesProduct[] = ['erkenbes', 'pratikbes']
export type InvestFrequency = (typeof INVEST_FREQUENCIES)[number]

export type BesPlan = {
  product: BesProduct
  /** The minimum monthly contribution in TL (spec 9's displayed price). */
  monthlyMinimum: number
  frequencies: readonly InvestFrequency[]
  currencies: readonly string[]
  /** A participant under 18 may join (with a custodian). */
  minorsAllowed: boolean
  /** The distribution the fund step starts with; the customer may change it. */
  suggestedFunds: readonly FundShare[]
}

export const BES_PLANS: Record<BesProduct, BesPlan> = {
  erkenbes: {
    product: 'erkenbes',
    monthlyMinimum: PLAN_PRICES.earlyBes,
    frequencies: ['monthly', 'quarterly', 'semiannual', 'annual'],
    currencies: ['TRY'],
    minorsAllowed: true,
    suggestedFunds: [{ code: 'KEH', share: 40 }, { code: 'KEA', share: 30 }, { code: 'KEK', share: 30 }],
  },
  pratikbes: {
    product: 'pratikbes',
    monthlyMinimum: PLAN_PRICES.practical,
    frequencies: ['monthly'],
    currencies: ['TRY'],
    minorsAllowed: false,
    suggestedFunds: [{ code: 'KES', share: 50 }, { code: 'KEK', share: 30 }, { code: 'KEA', share: 20 }],
  },
}

export function isBesProduct(value: string): value is BesProduct {
  return value === 'erkenbes' || value === 'pratikbes'
}

export const MONTHS_PER_PERIOD: Record<InvestFrequency, number> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 }

/** The least contribution per payment: the monthly minimum times the months one payment covers. */
export function minimumContribution(product: BesProduct, frequency: InvestFrequency): number {
  return BES_PLANS[product].monthlyMinimum * MONTHS_PER_PERIOD[frequency]
}

export type ContributionProblem = 'frequency' | 'currency' | 'notMoney' | 'belowMinimum' | 'tooLarge'
/** The largest contribution accepted online per payment (a larger one is arranged with an adviser). */
export const MAX_ONLINE_CONTRIBUTION = 100_000

export function contributionProblem(product: BesProduct, c: { currencyOfInvest: string; freqOfInvest: string; contributionAmount: number }): ContributionProblem | null {
  const plan = BES_PLANS[product]
  if (!(plan.frequencies as readonly string[]).includes(c.freqOfInvest)) return 'frequency'
  if (!plan.currencies.includes(c.currencyOfInvest)) return 'currency'
  const a = c.contributionAmount
  if (!Number.isFinite(a) || a <= 0 || Math.round(a * 100) !== a * 100) return 'notMoney'
  if (a > MAX_ONLINE_CONTRIBUTION) return 'tooLarge'
  return a < minimumContribution(product, c.freqOfInvest as InvestFrequency) ? 'belowMinimum' : null
}

/**
 * Who the participant is by age (spec 9: adult 18, maximum 100), on the day `now` in Istanbul:
 * `adult` 18..100, `minor` under 18 (needs a custodian, and only where the plan takes minors),
 * `tooOld` over 100, `invalid` for a date that is not a birth date (malformed or in the future).
 */
export type AgeStatus = 'adult' | 'minor' | 'tooOld' | 'invalid'

export function ageStatus(birthdate: string, now: Date, timeZone: string = DEFAULT_TIMEZONE): AgeStatus {
  // the spec's own checks: adult from the 18th through the 100th birthday, minor under 18
  if (isAdultBirthDate(birthdate, now, timeZone)) return 'adult'
  if (isMinorBirthDate(birthdate, now, timeZone)) return 'minor'
  const birth = toCalendarDate(birthdate, timeZone)
  const today = calendarDateOf(now, timeZone)
  return birth && today && compareDates(birth, today) <= 0 ? 'tooOld' : 'invalid'
}

export type ParticipantAgeProblem = 'invalid' | 'tooOld' | 'minorNotAllowed' | null

/** The participant's birth date for a plan: minors only where the plan takes them. */
export function participantAgeProblem(product: BesProduct, birthdate: string, now: Date): ParticipantAgeProblem {
  const s = ageStatus(birthdate, now)
  if (s === 'invalid' || s === 'tooOld') return s
  if (s === 'minor' && !BES_PLANS[product].minorsAllowed) return 'minorNotAllowed'
  return null
}

/** A participant under 18 needs a custodian (legal parent). */
export function needsCustodian(birthdate: string, now: Date): boolean {
  return ageStatus(birthdate, now) === 'minor'
}

/** A custodian or payer must be an adult (18 to 100). */
export function isAdultSignatory(birthdate: string, now: Date): boolean {
  return ageStatus(birthdate, now) === 'adult'
}
