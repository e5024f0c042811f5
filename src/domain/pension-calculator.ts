/**
 * The contribution calculator of the sales page: a projection, not an offer. Pure arithmetic.
 *
 * Model (what the page states on screen):
 *  - the contribution is paid at the start of every month for `years` whole years;
 *  - own savings and the state contribution grow by the same assumed annual real return
 *    (after inflation, so results are in today's money), compounded monthly;
 *  - the state adds `stateRate` (25 percent, spec 9) of each contribution, optionally capped per
 *    calendar year of membership (`annualStateCap`, in TL; none by default);
 *  - fees, taxes, vesting rules and the auto-enrolment extra are not modelled.
 */
import { STATE_CONTRIBUTION_RATE } from './constants.ts'

export type PensionProjectionInput = {
  /** Monthly contribution in TL (>= 0). */
  monthlyContribution: number
  /** Whole years of membership (1..60). */
  years: number
  /** Assumed annual real return as a fraction, e.g. 0.03 for 3 percent (-0.5..0.5). */
  annualReturn: number
  /** Share of each contribution the state adds; 0.25 by default. */
  stateRate?: number
  /** Largest state contribution per membership year, in TL; null or absent: no cap. */
  annualStateCap?: number | null
}

export type PensionProjection = {
  /** What the member paid in. */
  totalContributions: number
  /** What the state paid in (before returns). */
  totalStateContributions: number
  /** Member's savings with returns. */
  ownSavings: number
  /** State contribution with returns. */
  stateSavings: number
  /** ownSavings + stateSavings. */
  total: number
  /** stateSavings / total (0 when total is 0). */
  stateShare: number
  /** Whether the cap reduced the state contribution in some year. */
  capped: boolean
}

export const CALCULATOR_LIMITS = {
  minYears: 1,
  maxYears: 60,
  maxMonthly: 1_000_000,
  minReturn: -0.5,
  maxReturn: 0.5,
} as const

const round2 = (n: number) => Math.round(n * 100) / 100

/** The inputs the projection actually uses: each brought into CALCULATOR_LIMITS (years whole). */
export function calculatorInputsUsed(input: Pick<PensionProjectionInput, 'monthlyContribution' | 'years' | 'annualReturn'>) {
  return {
    monthlyContribution: Number.isFinite(input.monthlyContribution)
      ? Math.min(Math.max(input.monthlyContribution, 0), CALCULATOR_LIMITS.maxMonthly)
      : 0,
    years: Number.isFinite(input.years)
      ? Math.min(Math.max(Math.floor(input.years), CALCULATOR_LIMITS.minYears), CALCULATOR_LIMITS.maxYears)
      : CALCULATOR_LIMITS.minYears,
    annualReturn: Number.isFinite(input.annualReturn)
      ? Math.min(Math.max(input.annualReturn, CALCULATOR_LIMITS.minReturn), CALCULATOR_LIMITS.maxReturn)
      : 0,
  }
}

export function projectPension(input: PensionProjectionInput): PensionProjection {
  const used = calculatorInputsUsed(input)
  const monthly = used.monthlyContribution
  const years = used.years
  const annual = used.annualReturn
  const rate = input.stateRate ?? STATE_CONTRIBUTION_RATE
  const cap = input.annualStateCap ?? null
  const monthlyGrowth = Math.pow(1 + annual, 1 / 12)

  let own = 0
  let state = 0
  let paid = 0
  let statePaid = 0
  let capped = false
  for (let y = 0; y < years; y++) {
    let stateThisYear = 0
    for (let m = 0; m < 12; m++) {
      let add = monthly * rate
      if (cap !== null && stateThisYear + add > cap) {
        add = Math.max(cap - stateThisYear, 0)
        capped = true
      }
      stateThisYear += add
      paid += monthly
      statePaid += add
      own = (own + monthly) * monthlyGrowth
      state = (state + add) * monthlyGrowth
    }
  }
  const total = own + state
  return {
    totalContributions: round2(paid),
    totalStateContributions: round2(statePaid),
    ownSavings: round2(own),
    stateSavings: round2(state),
    total: round2(total),
    stateShare: total > 0 ? state / total : 0,
    capped,
  }
}
