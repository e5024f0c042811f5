import type { ApplicationData, ApplicationProduct } from './schemas/application.ts'
import { contributionProblem } from './bes.ts'
import { quoteTravel, quoteTss, TRAVEL_COVERAGES, TRAVEL_REGIONS, type TravelCoverage, type TravelRegion } from './tariff.ts'

/**
 * The price of an online purchase (issue 15, docs/decisions/purchase.md): a pure function of the
 * application's sections and "today", computed by the server when the purchase is created (the
 * amount a card payment of that purchase charges) and by the browser for the summary step. The
 * client never sends an amount that is believed.
 */
export type PurchasePrice =
  | { ok: true; amountTry: number; currency: 'TRY'; kind: 'policy' | 'contract' }
  | { ok: false; code: PurchaseRefusal; section: string }

/** Why an application cannot be bought yet: a missing section, or a tariff refusal. */
export type PurchaseRefusal = 'SECTION_MISSING' | 'NOT_PRICEABLE' | 'HEALTH_DECLARATION_REQUIRED'


/** Policy or contract number prefix per product: TSS, SYS (seyahat sağlık), BES. */
export const POLICY_PREFIX: Record<ApplicationProduct, string> = { tss: 'TSS', seyahatsaglik: 'SYS', erkenbes: 'BES', pratikbes: 'BES' }

export function isTravelRegion(v: string): v is TravelRegion {
  return (TRAVEL_REGIONS as readonly string[]).includes(v)
}
export function isTravelCoverage(v: string): v is TravelCoverage {
  return (TRAVEL_COVERAGES as readonly string[]).includes(v)
}

function missing(section: string): PurchasePrice {
  return { ok: false, code: 'SECTION_MISSING', section }
}

/** The amount to charge for an application of a product, or why it cannot be charged yet. */
export function purchasePrice(product: ApplicationProduct, data: ApplicationData, now: Date): PurchasePrice {
  if (!data.personalProfile) return missing('personalProfile')
  switch (product) {
    case 'tss': {
      if (!data.quickProfile) return missing('quickProfile')
      if (data.outpatientVisits === undefined) return missing('outpatientVisits')
      if (!data.healthPolicy) return missing('healthPolicy')
      if (!data.healthPolicy.healthdeclarationconcent) return { ok: false, code: 'HEALTH_DECLARATION_REQUIRED', section: 'healthPolicy' }
      const quote = quoteTss({ ...data.quickProfile, birthCollateral: data.healthPolicy.birthCollateral }, now)
      if (!quote.ok) return { ok: false, code: 'NOT_PRICEABLE', section: 'quickProfile' }
      const option = quote.options.find((o) => o.visits === data.outpatientVisits)
      if (!option) return { ok: false, code: 'NOT_PRICEABLE', section: 'outpatientVisits' }
      return { ok: true, amountTry: option.annualTry, currency: 'TRY', kind: 'policy' }
    }
    case 'seyahatsaglik': {
      const plan = data.travelPlan
      if (!plan) return missing('travelPlan')
      if (!isTravelRegion(plan.travelLocation) || !isTravelCoverage(plan.coverageType)) return { ok: false, code: 'NOT_PRICEABLE', section: 'travelPlan' }
      const quote = quoteTravel({ ...plan, travelLocation: plan.travelLocation, coverageType: plan.coverageType }, now)
      if (!quote.ok) return { ok: false, code: 'NOT_PRICEABLE', section: 'travelPlan' }
      return { ok: true, amountTry: quote.premiumTry, currency: 'TRY', kind: 'policy' }
    }
    case 'erkenbes':
    case 'pratikbes': {
      const contract = data.pensionContract
      if (!contract) return missing('pensionContract')
      // the plan's rules (src/domain/bes.ts): its frequencies, TRY, at least the monthly minimum per month paid
      if (contributionProblem(product, contract) !== null) return { ok: false, code: 'NOT_PRICEABLE', section: 'pensionContract' }
      return { ok: true, amountTry: Math.round(contract.contributionAmount * 100) / 100, currency: 'TRY', kind: 'contract' }
    }
  }
}
