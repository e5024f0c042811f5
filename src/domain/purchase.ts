import type { ApplicationData, ApplicationProduct } from './schemas/application.ts'
import { contributionProblem, needsCustodian, participantAgeProblem } from './bes.ts'
import { isAdultBirthDate, isChildBirthDate, isWithinInsurableAgeRange } from './dates.ts'
import { fundChoiceProblem, fundsOffered } from './funds.ts'
import type { TariffFigures } from './tariff-version.ts'
import { figuresInUse, quoteTravel, quoteTss, TRAVEL_COVERAGES, TRAVEL_REGIONS, type TravelCoverage, type TravelRegion } from './tariff.ts'

/**
 * The price of an online purchase (issue 15, docs/decisions/purchase.md): a pure function of the
 * application's sections and "today", computed by the server when the purchase is created (the
 * amount a card payment of that purchase charges) and by the browser for the summary step. The
 * client never sends an amount that is believed.
 */
export type PurchasePrice =
  | { ok: true; amountTry: number; currency: 'TRY'; kind: 'policy' | 'contract' }
  | { ok: false; code: PurchaseRefusal; section: string }

/** Why an application cannot be bought yet: a missing section, a tariff refusal, or a person outside the product's ages. */
export type PurchaseRefusal = 'SECTION_MISSING' | 'NOT_PRICEABLE' | 'HEALTH_DECLARATION_REQUIRED' | 'HEALTH_QUESTIONS_UNANSWERED' | 'AGE_OUT_OF_RANGE'

/**
 * Who the product may cover or take, by the insured person's (participant's) age on the day
 * (issue 21; the spec 5 checks of src/domain/dates.ts):
 * - tss: the spec's range check, later than 69 years ago and earlier than 15 days ago;
 * - seyahatsaglik: an adult (18 to 100) or a child (under 18 and older than 15 days);
 * - erkenbes: anyone up to 100 (a minor with a custodian); pratikbes: adults 18 to 100.
 * The browser says the rule in words (the field message of `AGE_RULE_CODE`), the server too.
 */
export function isWithinProductAges(product: ApplicationProduct, birthdate: string, now: Date): boolean {
  switch (product) {
    case 'tss': return isWithinInsurableAgeRange(birthdate, now)
    case 'seyahatsaglik': return isAdultBirthDate(birthdate, now) || isChildBirthDate(birthdate, now)
    case 'erkenbes':
    case 'pratikbes': return participantAgeProblem(product, birthdate, now) === null
  }
}

/**
 * The TSS health questions (issue 24 item 3): asked on the health policy step, none answered
 * beforehand; the customer answers each with yes or no before the step goes on.
 */
export const HEALTH_QUESTION_IDS = ['chronic', 'surgery', 'medication'] as const
export type HealthQuestionId = (typeof HEALTH_QUESTION_IDS)[number]

/** The health questions the answers leave unanswered (no boolean answer given). */
export function unansweredHealthQuestions(policy: { questions?: ReadonlyArray<{ id: string; answer?: unknown }> } | undefined): HealthQuestionId[] {
  return HEALTH_QUESTION_IDS.filter((id) => typeof policy?.questions?.find((q) => q.id === id)?.answer !== 'boolean')
}

/**
 * What is wrong with a health declaration's answers as the server takes them (issue 24 item A):
 * a question that is not one of ours, a question answered twice, or one of ours left unanswered.
 * The server refuses the save, the consents and the purchase of such an application.
 */
export type HealthAnswersProblem =
  | { kind: 'unknown'; ids: string[] }
  | { kind: 'duplicate'; ids: string[] }
  | { kind: 'unanswered'; ids: HealthQuestionId[] }
export function healthAnswersProblem(policy: { questions?: ReadonlyArray<{ id: string; answer?: unknown }> } | undefined): HealthAnswersProblem | null {
  const ids = (policy?.questions ?? []).map((q) => q.id)
  const unknown = ids.filter((id) => !(HEALTH_QUESTION_IDS as readonly string[]).includes(id))
  if (unknown.length) return { kind: 'unknown', ids: [...new Set(unknown)] }
  const duplicate = ids.filter((id, i) => ids.indexOf(id) !== i)
  if (duplicate.length) return { kind: 'duplicate', ids: [...new Set(duplicate)] }
  const unanswered = unansweredHealthQuestions(policy)
  return unanswered.length ? { kind: 'unanswered', ids: unanswered } : null
}

/** The field message code of each product's age rule (the birth date field's error). */
export const AGE_RULE_CODE: Record<ApplicationProduct, string> = {
  tss: 'birthdate.tssAge', seyahatsaglik: 'birthdate.travelAge', erkenbes: 'birthdate.besAge', pratikbes: 'birthdate.adultOnly',
}

/**
 * The insured person's (or participant's) birth date: the personal profile's once it is given (the
 * person the policy is issued to), else the quote's. A quote for someone else is repriced from it.
 */
export function insuredBirthdate(product: ApplicationProduct, data: ApplicationData): string | null {
  if (data.personalProfile) return data.personalProfile.birthdate
  if (product === 'tss') return data.quickProfile?.birthdate ?? null
  if (product === 'seyahatsaglik') return data.travelPlan?.birthdate ?? null
  return data.quickProfile?.birthdate ?? null
}

/** Whether the insured person (as far as the answers say) is outside the product's ages. */
export function isOutsideProductAges(product: ApplicationProduct, data: ApplicationData, now: Date): boolean {
  const birthdate = insuredBirthdate(product, data)
  return birthdate !== null && !isWithinProductAges(product, birthdate, now)
}

/**
 * What the answers given so far cost (issue 21): the quote's answers priced with the insured
 * person's birth date (the profile's once given), the health policy's birth cover once answered.
 * The server answers it at every save, the browser computes it for the quote it shows: a profile
 * older than the quote's person changes it. `SECTION_MISSING` until the quote (or BES contract)
 * is there.
 */
export function quotedPrice(product: ApplicationProduct, data: ApplicationData, now: Date, figures: TariffFigures = { ...figuresInUse(), funds: fundsOffered() }): PurchasePrice {
  if (isOutsideProductAges(product, data, now)) return { ok: false, code: 'AGE_OUT_OF_RANGE', section: data.personalProfile ? 'personalProfile' : product === 'seyahatsaglik' ? 'travelPlan' : 'quickProfile' }
  switch (product) {
    case 'tss': {
      if (!data.quickProfile) return missing('quickProfile')
      if (data.outpatientVisits === undefined) return missing('outpatientVisits')
      const birthCollateral = data.healthPolicy ? data.healthPolicy.birthCollateral : data.birthCollateral
      const quote = quoteTss({ ...data.quickProfile, birthdate: insuredBirthdate(product, data)!, birthCollateral }, now, figures.tss)
      if (!quote.ok) return { ok: false, code: quote.reason === 'AGE_OUT_OF_RANGE' ? 'AGE_OUT_OF_RANGE' : 'NOT_PRICEABLE', section: 'quickProfile' }
      const option = quote.options.find((o) => o.visits === data.outpatientVisits)
      if (!option) return { ok: false, code: 'NOT_PRICEABLE', section: 'outpatientVisits' }
      return { ok: true, amountTry: option.annualTry, currency: 'TRY', kind: 'policy' }
    }
    case 'seyahatsaglik': {
      const plan = data.travelPlan
      if (!plan) return missing('travelPlan')
      if (!isTravelRegion(plan.travelLocation) || !isTravelCoverage(plan.coverageType)) return { ok: false, code: 'NOT_PRICEABLE', section: 'travelPlan' }
      const quote = quoteTravel({ ...plan, birthdate: insuredBirthdate(product, data)!, travelLocation: plan.travelLocation, coverageType: plan.coverageType }, now, figures.travel)
      if (!quote.ok) return { ok: false, code: quote.reason === 'AGE_OUT_OF_RANGE' ? 'AGE_OUT_OF_RANGE' : 'NOT_PRICEABLE', section: 'travelPlan' }
      return { ok: true, amountTry: quote.premiumTry, currency: 'TRY', kind: 'policy' }
    }
    case 'erkenbes':
    case 'pratikbes': {
      const contract = data.pensionContract
      if (!contract) return missing('pensionContract')
      // the plan's rules (src/domain/bes.ts): its frequencies, TRY, at least the monthly minimum per month paid
      if (contributionProblem(product, contract) !== null) return { ok: false, code: 'NOT_PRICEABLE', section: 'pensionContract' }
      // the funds the version in force offers (a fund a new version no longer offers cannot be bought)
      if (fundChoiceProblem(contract.fundChoice, figures.funds) !== null) return { ok: false, code: 'NOT_PRICEABLE', section: 'pensionContract' }
      return { ok: true, amountTry: Math.round(contract.contributionAmount * 100) / 100, currency: 'TRY', kind: 'contract' }
    }
  }
}


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

/**
 * The amount to charge for an application of a product, or why it cannot be charged yet: every
 * section the product needs, then `quotedPrice` (the insured person's age window and price).
 */
export function purchasePrice(product: ApplicationProduct, data: ApplicationData, now: Date, figures: TariffFigures = { ...figuresInUse(), funds: fundsOffered() }): PurchasePrice {
  if (!data.personalProfile) return missing('personalProfile')
  switch (product) {
    case 'tss':
      if (!data.quickProfile) return missing('quickProfile')
      if (data.outpatientVisits === undefined) return missing('outpatientVisits')
      if (!data.healthPolicy) return missing('healthPolicy')
      if (!data.healthPolicy.healthdeclarationconcent) return { ok: false, code: 'HEALTH_DECLARATION_REQUIRED', section: 'healthPolicy' }
      if (healthAnswersProblem(data.healthPolicy)) return { ok: false, code: 'HEALTH_QUESTIONS_UNANSWERED', section: 'healthPolicy' }
      break
    case 'seyahatsaglik':
      if (!data.travelPlan) return missing('travelPlan')
      break
    case 'erkenbes':
    case 'pratikbes':
      if (!data.pensionContract) return missing('pensionContract')
      // a minor's contract is signed by a custodian (docs/decisions/bes-purchase.md)
      if (!data.custodianProfile && !isOutsideProductAges(product, data, now) && needsCustodian(data.personalProfile.birthdate, now)) return missing('custodianProfile')
      break
  }
  return quotedPrice(product, data, now, figures)
}

/** Whether the insured person may have birth cover (TSS: a woman of 18-44, by the profile's birth date). */
export function hasBirthCover(data: ApplicationData, now: Date, figures: TariffFigures = { ...figuresInUse(), funds: fundsOffered() }): boolean {
  if (!data.quickProfile || !data.healthPolicy?.birthCollateral) return false
  const quote = quoteTss({ ...data.quickProfile, birthdate: insuredBirthdate('tss', data)!, birthCollateral: true }, now, figures.tss)
  return quote.ok && quote.birthCollateral
}

// the instalments of a card payment (issue 24 item 8) live in ./instalments.ts (the payment machine reads them without the tariffs)
export { instalmentPlan, type InstalmentPlan } from './instalments.ts'
