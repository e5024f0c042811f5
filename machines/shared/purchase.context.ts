import { normalizePersonValues } from '../../src/domain/customer-input.ts'
import type { ConsentChoice, ConsentName } from '../../src/domain/consents.ts'
import { AGE_RULE_CODE, isOutsideProductAges, quotedPrice, unansweredHealthQuestions } from '../../src/domain/purchase.ts'
import type { ApplicationData, ApplicationProduct, SavedApplication } from '../../src/domain/schemas/application.ts'
import { healthPolicySchema, pensionContractSchema, personalProfileSchema } from '../../src/domain/schemas/sales.ts'
import type { SmsVerificationOutput } from '../sms-verification/sms-verification.machine.ts'

/**
 * The purchase statechart's context, events, inputs and the pure rules its actions use (the
 * statechart itself is purchase.ts, which re-exports all of this): the section steps and their
 * schemas, the history steps (issue 24 item 1), a section's check, the quote's price and where a
 * reloaded page returns.
 */
export type SectionStep = 'profile' | 'healthPolicy' | 'contract'
/** Where each section step keeps its answers in the application, and the spec 3.2 schema that checks them. */
export const SECTION_OF: Record<SectionStep, { key: 'personalProfile' | 'healthPolicy' | 'pensionContract'; schema: { safeParse(v: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } } } }> = {
  profile: { key: 'personalProfile', schema: personalProfileSchema },
  healthPolicy: { key: 'healthPolicy', schema: healthPolicySchema },
  contract: { key: 'pensionContract', schema: pensionContractSchema },
}

/** The server's purchase: its id, amount and currency, and whether a payment of it waits for the bank now. */
export type PurchaseSummary = { id: string; amount: number; currency: string; paymentInProgress?: boolean }
/** How a payment made elsewhere (another tab) ended: the purchase was issued, or it is payable again. */
export type OtherPaymentOutcome = 'success' | 'failed'
export type PurchaseOutcome = 'success' | 'error'
export type PurchaseContext = {
  product: ApplicationProduct
  data: ApplicationData
  ticket: string | null
  phone: string | null
  applicationId: string | null
  saved: SavedApplication | null
  /** path -> message code of the last refused section submit (spec 3.2 schema codes). */
  fieldErrors: Record<string, string>
  missing: ConsentName[]
  choices: Partial<Record<ConsentName, ConsentChoice>>
  purchase: PurchaseSummary | null
  outcome: PurchaseOutcome | null
  /** Reason code of the last failed call (never English text). */
  error: string | null
  /** The price the customer has seen and accepted: the quote's, then any new price they confirmed. */
  quoted: number | null
  /** The server's price of the answers as saved (from the insured person's data), null until it says. */
  price: number | null
  /** The payment step was opened for an existing purchase (the result page's "Tekrar dene"). */
  retry: boolean
  /** The pre-information form the server gave for the answers as saved (issue 24 item 4): shown, confirmed, named by the purchase. */
  preInformation: PreInformation | null
  /** The page was opened with a quote or a purchase in its address, which it hands on as it mounts (`opening`, until then). */
  opening: boolean
  /**
   * The step a reloaded page (or one come back to with Forward) returns to (issue 24 item 1): its
   * history entry's step, until the verification and the saved application are read back.
   */
  restoreTo: string | null
}

/** The pre-information form as the server gives it (src/domain/schemas/purchase.ts PreInformationView). */
export type PreInformation = { id: string; title: string; sections: Array<{ heading: string; lines: string[] }>; amount: number; currency: string }

export type PurchaseEvent =
  | { type: 'quote.submit'; data: ApplicationData; at: string }
  | { type: 'section.submit'; value: unknown; at: string }
  | { type: 'back' }
  | { type: 'resume.accept' }
  | { type: 'resume.decline' }
  | { type: 'consents.submit'; choices: Partial<Record<ConsentName, ConsentChoice>> }
  | { type: 'summary.confirm' }
  | { type: 'price.accept' }
  | { type: 'preInformation.confirm'; accepted: boolean }
  | { type: 'payment.done'; status: PurchaseOutcome }
  | { type: 'payment.elsewhere' }
  | { type: 'payment.retry'; purchase: PurchaseSummary }
  /** The purchase in the page's address cannot be opened (not one, or no longer): the quote step, as for a plain visit. */
  | { type: 'opening.failed' }
  /**
   * The page was reloaded (or come back to with Forward) at a step after the SMS verification, its
   * history entry's step: the verification is read back from the server's proof cookie and the saved
   * application from the server, and the customer is put back at that step (issue 24 item 1).
   */
  | { type: 'restore'; step: string; data?: ApplicationData }

/** `opening`: the page's address carries a quote or a purchase to retry, handed on as the page mounts (the quote step is not drawn until then). */
export type PurchaseInput = { data?: ApplicationData; opening?: boolean }
export type PurchaseOutput = { purchaseId: string; outcome: PurchaseOutcome }
export type SaveInput = { ticket: string; product: ApplicationProduct; step: string; data: ApplicationData }
/** The purchase names the pre-information form the customer confirmed (issue 24 item 4). */
export type CreatePurchaseInput = { ticket: string; product: ApplicationProduct; preInformationId: string }
/** What recording the consents sends: the verified phone's ticket proves the applicant (issue 28 item 3). */
export type ConsentsInput = { saleId: string; ticket: string; product: ApplicationProduct; choices: Partial<Record<ConsentName, ConsentChoice>>; partyId: string }

/** The verified phone a reloaded page comes back with (the server reads its proof cookie). */
export type RestoredVerification = { phone: string; ticket: string }

export { HISTORY_STEPS, RESTORABLE_STEPS, purchaseHistoryStep } from './purchase-history.ts'

export type PurchaseFlowConfig = {
  id: string
  product: ApplicationProduct
  sections: readonly SectionStep[]
  /** Whether the quote's answers can be bought (the tariff prices them on that day). */
  quoteIsComplete: (data: ApplicationData, at: string) => boolean
}

/** A section's answers as typed, tidied before they are checked and kept (issue 24 item 7: a pasted TCKN's spaces, names' spacing). */
export function normalized(step: SectionStep, value: unknown): unknown {
  return step === 'profile' && value && typeof value === 'object' ? normalizePersonValues(value as Record<string, unknown>) : value
}

export function issuesOf(step: SectionStep, raw: unknown, product: ApplicationProduct, at: string): Record<string, string> {
  const value = normalized(step, raw)
  const parsed = SECTION_OF[step].schema.safeParse(value)
  if (parsed.success) {
    if (step === 'healthPolicy') {
      // every health question answered, yes or no (issue 24 item 3), and the declaration confirmed
      const out: Record<string, string> = Object.fromEntries(unansweredHealthQuestions(value as ApplicationData['healthPolicy']).map((id) => [`questions.${id}`, 'healthQuestion.required']))
      if (!(value as { healthdeclarationconcent?: boolean }).healthdeclarationconcent) out.healthdeclarationconcent = 'consent.required'
      if (Object.keys(out).length > 0) return out
    }
    // the insured person outside the product's ages: the product's rule on the birth date (the server refuses it too)
    if (step === 'profile' && isOutsideProductAges(product, { personalProfile: value as ApplicationData['personalProfile'] }, new Date(at))) return { birthdate: AGE_RULE_CODE[product] }
    return {}
  }
  const out: Record<string, string> = {}
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String).join('.') || '_'
    out[path] ??= issue.message
  }
  return out
}

/** The price the quote's answers cost on its day (the tariff of src/domain), null when it cannot say. */
export function priceOfQuote(product: ApplicationProduct, data: ApplicationData, at: string): number | null {
  const price = quotedPrice(product, data, new Date(at))
  return price.ok ? price.amountTry : null
}

/**
 * Where a reloaded page goes back to: the step of its history entry when the saved application has
 * the answers of every step before it; else the first section without answers. The pre-information
 * form and the card form come back as the form given again (the card form's purchase is made from
 * the confirmed form).
 */
export function restoreTarget(c: Pick<PurchaseContext, 'restoreTo' | 'data'>, sections: readonly SectionStep[]): string {
  const missing = sections.findIndex((s) => c.data[SECTION_OF[s].key] == null)
  const wanted = sections.indexOf(c.restoreTo as SectionStep)
  if (wanted >= 0) return missing >= 0 && missing < wanted ? sections[missing]! : sections[wanted]!
  if (missing >= 0) return sections[missing]!
  if (c.restoreTo === 'summary') return 'summary'
  if (c.restoreTo === 'preInformation' || c.restoreTo === 'payment') return 'loadingPreInformation'
  return 'consents'
}
