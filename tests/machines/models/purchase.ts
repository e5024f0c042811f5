import { expect } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { Model } from '../../support/model-test.ts'

/**
 * What the product purchase models share (machines/shared/purchase.ts): the customer's answers,
 * the fake server answers and what makes two states different.
 */
export const AT = '2026-03-02T09:00:00.000Z'
export const TICKET = 'ticket-1'
export const APPLICATION_ID = '7d0b4c3e-2f7a-4a51-9d0e-4b1f0b8e2a11'
export const PURCHASE = { id: 'AbCdEfGhIjKlMnOpQrStUvWx', amount: 13068, currency: 'TRY' }
/**
 * The insured person the server prices differently from the quote's (65 on the models' day, 66 in
 * the replay's year): TSS's 60-68 band, travel's 65-74 factor. The model's "other price" is what the
 * tariff's restated literals make of the good quote for this person (tests/machines/expectations/tariff-literals.ts),
 * and the browser replay saves this birth date for it, so the real server's price is checked on screen.
 */
export const OLDER_BIRTHDATE = '1960-05-17'
/** The models' day, as the tariff counts ages. */
export const DAY = AT.slice(0, 10)
/** The 76-year-old of issue 21: outside every product's ages but travel's (spec 5's windows). */
export const PROFILE_76 = { firstname: 'Hasan', lastname: 'Yıldız', nationalId: '10000000146', nationality: 'TR', birthdate: '1950-01-01', email: 'hasan@example.com', userphone: '05321234567' }
export const err = (code: string) => Object.assign(new Error(code), { code })

export const PROFILE = {
  firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17',
  email: 'ayse@example.com', userphone: '05321234567',
}
export const HEALTH_POLICY = { questions: [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }], isotherpolicy: false, birthCollateral: false, healthdeclarationconcent: true }
export const HEALTH_POLICY_UNDECLARED = { ...HEALTH_POLICY, healthdeclarationconcent: false }
/** The pre-information form the server gives before payment (issue 24 item 4). */
export const PRE_INFORMATION = { id: '5b8f3a2e-1c4d-4e6f-8a9b-0c1d2e3f4a5b', title: 'Ön Bilgilendirme Formu', sections: [{ heading: 'Şirket', lines: ['Katılım Emeklilik ve Hayat A.Ş.'] }], amount: 13068, currency: 'TRY' }
export const ALL_CONSENTS = {
  gdprtextread: { accepted: true }, gdprconcent: { accepted: true }, trxconcent: { accepted: true },
}

const SECTION_KEY: Record<string, string> = { profile: 'personalProfile', healthPolicy: 'healthPolicy', contract: 'pensionContract' }

export function purchaseModel(opts: {
  name: string
  machine: AnyStateMachine
  quotes: { good: Record<string, unknown>; bad: Record<string, unknown> }
  /** What the good quote costs on AT, and what it costs for the person born on OLDER_BIRTHDATE (the tariff's restated literals). */
  quotedAmount: number
  otherAmount: number
  sections: Array<{ step: string; good: unknown; bad: unknown[] }>
  resumeSteps: string[]
}): Model {
  const saved = (step: string, amount = opts.quotedAmount) => ({ id: APPLICATION_ID, product: 'x', step, data: opts.quotes.good, updatedAt: AT, expiresAt: AT, price: { amount, currency: 'TRY' } })
  const bought = { ...PURCHASE, amount: opts.quotedAmount }
  // an application with every section answered (a page reloaded at a later step finds it)
  const complete = { ...saved('consents'), data: { ...opts.quotes.good, ...Object.fromEntries(opts.sections.map((s) => [SECTION_KEY[s.step], s.good])) } }
  return {
    name: opts.name,
    machine: opts.machine,
    // the page opened with a quote (or a purchase to retry) in its address, as PurchaseView gives it and the browser replay opens it:
    // it hands it on as it mounts (the machine's own default answers, {}, until the quote comes); a plain visit's start is the way
    // back from a payment opened on the result page (the opening is over then)
    input: { opening: true },
    events: [
      { type: 'quote.submit', data: opts.quotes.good, at: AT },
      { type: 'quote.submit', data: opts.quotes.bad, at: AT },
      ...opts.sections.flatMap((s) => [s.good, ...s.bad].map((value) => ({ type: 'section.submit', value, at: AT }))),
      { type: 'back' },
      { type: 'resume.accept' },
      { type: 'resume.decline' },
      { type: 'consents.submit', choices: ALL_CONSENTS },
      { type: 'consents.submit', choices: { gdprtextread: { accepted: true } } },
      { type: 'summary.confirm' },
      { type: 'price.accept' },
      { type: 'preInformation.confirm', accepted: true },
      { type: 'preInformation.confirm', accepted: false },
      { type: 'payment.done', status: 'success' },
      { type: 'payment.done', status: 'error' },
      { type: 'payment.elsewhere' },
      { type: 'payment.retry', purchase: bought },
      { type: 'opening.failed' },
      // issue 24 item 1: the page reloaded (or come back to with Forward) at a step after the verification
      // (the first section is where a reload goes back to when an earlier section is not answered: a later step's restore takes it)
      ...[...opts.sections.slice(1).map((s) => s.step), 'consents', 'summary', 'payment'].map((step) => ({ type: 'restore', step })),
    ],
    outputs: {
      sms: [{ phone: '+905321234567', ticket: TICKET }],
      // nothing, an application at each step, and one at the consents whose insured person is older than the quote's
      resumeApplication: [null, ...opts.resumeSteps.map((step) => saved(step)), saved('consents'), saved('consents', opts.otherAmount), complete],
      // the server's price of the saved answers: the quote's, or another (an older insured person)
      saveApplication: [saved('x'), saved('x', opts.otherAmount)],
      recordConsents: [undefined],
      // the form at the quote's price, or at another one (another tab saved an older insured person meanwhile)
      loadPreInformation: [{ ...PRE_INFORMATION, amount: opts.quotedAmount }, { ...PRE_INFORMATION, amount: opts.otherAmount }],
      // the purchase (at the confirmed form's price: the server refuses any other), or with a payment of it under way in another tab
      createPurchase: [bought, { ...bought, paymentInProgress: true }],
      watchPayment: ['success', 'failed'],
      // the verified phone read back from the server's proof cookie
      restoreVerification: [{ phone: '+905321234567', ticket: TICKET }],
    },
    errors: {
      resumeApplication: [err('NETWORK')],
      saveApplication: [err('SMS_TICKET_INVALID'), err('NETWORK')],
      recordConsents: [err('NETWORK')],
      loadPreInformation: [err('SMS_TICKET_INVALID'), err('NETWORK')],
      createPurchase: [err('SMS_TICKET_INVALID'), err('CONSENT_REQUIRED'), err('PRE_INFORMATION_CHANGED')],
      watchPayment: [err('NETWORK')],
      // a forged or expired proof
      restoreVerification: [err('SMS_PROOF_INVALID'), err('SMS_PROOF_MISSING')],
    },
    serialize: (s) => ({
      value: s.value, verified: s.context.ticket !== null, saved: s.context.saved?.step ?? null, fieldErrors: Object.keys(s.context.fieldErrors).length > 0,
      missing: s.context.missing.length > 0, purchase: s.context.purchase !== null, outcome: s.context.outcome, error: s.context.error,
      app: s.context.applicationId !== null, repriced: s.context.price !== null && s.context.price !== s.context.quoted, retry: s.context.retry,
      // whether a price was seen yet (a page whose proof was refused took no quote: its first price shown is the one seen)
      seen: s.context.quoted !== null,
      preInformation: s.context.preInformation !== null, opening: s.context.opening, restoreTo: s.context.restoreTo,
    }),
    invariants: (s) => {
      // the browser never holds an amount of its own: only the server's purchase carries one
      expect(JSON.stringify(s.context.data)).not.toMatch(/"amount"/)
    },
  }
}
