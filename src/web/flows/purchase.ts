import { fromPromise } from 'xstate'
import type { ConsentsInput, CreatePurchaseInput, OtherPaymentOutcome, PreInformation, PurchaseMachine, PurchaseSummary, RestoredVerification, SaveInput } from '../../../machines/shared/purchase.ts'
import { consentRulesFor } from '../../domain/consent-rules.ts'
import type { ApplicationProduct, SavedApplication } from '../../domain/schemas/application.ts'
import type { PreInformationView, PurchaseView } from '../../domain/schemas/purchase.ts'
import { call, callBlob } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { smsVerificationFlow } from './sms-verification.ts'

/**
 * A product purchase machine with its real effects (docs/decisions/purchase.md): the application
 * saved and resumed under the SMS ticket, each consent recorded through legalpermission (saleId =
 * the application's id), the purchase created (and priced) by the server. The BES flows provide
 * their machines the same way.
 */
export function providePurchase(machine: PurchaseMachine) {
  return machine.provide({
    actors: {
      smsVerification: smsVerificationFlow,
      resumeApplication: fromPromise<SavedApplication | null, { ticket: string; product: ApplicationProduct }>(async ({ input }) => {
        try {
          return await call<SavedApplication>('/digitalchannels/application/resume', { body: input })
        } catch (error) {
          if (error instanceof ApiError && error.code === 'APPLICATION_NOT_FOUND') return null
          throw error
        }
      }),
      saveApplication: fromPromise<SavedApplication, SaveInput>(({ input }) => call<SavedApplication>('/digitalchannels/application', { body: input })),
      recordConsents: fromPromise<void, ConsentsInput>(({ input }) => recordConsentAnswers(input)),
      loadPreInformation: fromPromise<PreInformation, { ticket: string; product: ApplicationProduct }>(({ input }) => loadPreInformation(input)),
      createPurchase: fromPromise<PurchaseSummary, CreatePurchaseInput>(({ input }) => createPurchase(input)),
      watchPayment: fromPromise<OtherPaymentOutcome, { id: string }>(({ input, signal }) => watchPurchasePayment(input.id, signal)),
      restoreVerification: fromPromise<RestoredVerification, { product: ApplicationProduct }>(({ input }) => restoreVerification(input.product)),
    },
  })
}

/**
 * The verified phone of a reloaded purchase page (issue 24 item 1): the server reads its HttpOnly
 * proof cookie (services/sms-proof.ts); nothing of it is kept in the browser's storage.
 */
export async function restoreVerification(product: ApplicationProduct): Promise<RestoredVerification> {
  const answer = await call<{ gsmNumber: string; ticket: string }>('/digitalchannels/verification', { body: { product } })
  return { phone: answer.gsmNumber, ticket: answer.ticket }
}

/** Every answer of the consents step, one legal-permission record each (the BES flow uses it too). */
export async function recordConsentAnswers(input: ConsentsInput): Promise<void> {
  for (const doc of consentRulesFor(input.product)) {
    const choice = input.choices[doc.name]
    if (doc.kind === 'notice') {
      if (!choice?.accepted) continue
      await record(input, doc.name, 'READ', doc.documentId, input.product)
    } else if (doc.name === 'markconcent') {
      // commercial messages: one answer per channel
      for (const channel of ['SMS', 'EMAIL', 'CALL'] as const) {
        await record(input, doc.name, choice?.accepted && choice.channels?.includes(channel) ? 'ACCEPTED' : 'REJECTED', doc.documentId, channel)
      }
    } else {
      await record(input, doc.name, choice?.accepted ? 'ACCEPTED' : 'REJECTED', doc.documentId, input.product)
    }
  }
}

/** The pre-information form of the application saved under the ticket, given (and recorded) by the server in the page's language (issue 24 item 4). */
export async function loadPreInformation(input: { ticket: string; product: ApplicationProduct }): Promise<PreInformation> {
  return call<PreInformationView>('/digitalchannels/preinformation', { body: input })
}

/** The form just given as a PDF, saved by the browser (the server draws it from the same answers). */
export async function downloadPreInformation(input: { ticket: string; product: ApplicationProduct; id: string }): Promise<void> {
  const blob = await callBlob('/digitalchannels/preinformation/document', { method: 'POST', body: new Blob([JSON.stringify(input)], { type: 'application/json' }) })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = 'on-bilgilendirme-formu.pdf'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The server's purchase of the application saved under the ticket (priced there), naming the form the customer confirmed. */
export async function createPurchase(input: CreatePurchaseInput): Promise<PurchaseSummary> {
  const view = await call<PurchaseView>('/digitalchannels/purchase', { body: input })
  return { id: view.id, amount: view.amount, currency: view.currency, paymentInProgress: view.paymentInProgress }
}

/** How often the page asks how a payment made elsewhere ended, and for how long at most. */
export const WATCH_POLL_MS = 2_000
export const WATCH_MAX_MS = 10 * 60_000

/**
 * A payment of the purchase is under way in another tab (issue 21): the server's record is read
 * until it says how it ended: issued ('success'), or payable again ('failed': declined, cancelled,
 * timed out; the server ends a payment past its 3-D limit itself).
 */
export async function watchPurchasePayment(id: string, signal?: AbortSignal): Promise<OtherPaymentOutcome> {
  const until = Date.now() + WATCH_MAX_MS
  for (;;) {
    const view = await call<PurchaseView>(`/digitalchannels/purchase/${encodeURIComponent(id)}`, { signal })
    if (view.status === 'issued') return 'success'
    if (!view.paymentInProgress) return 'failed'
    if (Date.now() > until) throw Object.assign(new Error('timeout'), { code: 'THREE_D_TIMEOUT' })
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(ok, WATCH_POLL_MS)
      signal?.addEventListener('abort', () => { clearTimeout(timer); fail(signal.reason) }, { once: true })
    })
  }
}

/**
 * One answer, with the proof that the sender is the applicant (issue 28 item 3): the verified
 * phone's ticket; the server records the application's person as the party.
 */
function record(input: ConsentsInput, name: string, status: string, documentId: string, scope: string) {
  return call('/digitalchannels/legalpermission', {
    body: { name, status, documentId, scope, ticket: input.ticket },
    headers: { saleId: input.saleId, processStep: 'consents' },
  })
}
