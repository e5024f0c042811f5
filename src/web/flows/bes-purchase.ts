import { fromPromise } from 'xstate'
import { besPurchaseMachine, type SaveInput } from '../../../machines/bes-purchase/bes-purchase.machine.ts'
import type { ConsentsInput, OtherPaymentOutcome, PreInformation, PurchaseSummary, RestoredVerification } from '../../../machines/shared/purchase.ts'
import type { BesProduct } from '../../domain/bes.ts'
import type { SavedApplication } from '../../domain/schemas/application.ts'
import { call } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { createPurchase, loadPreInformation, recordConsentAnswers, restoreVerification, watchPurchasePayment } from './purchase.ts'
import { smsVerificationFlow } from './sms-verification.ts'

/** The machine reads reason codes, never English text. */
function reason(error: unknown): { code: string } {
  if (error instanceof ApiError) return { code: error.kind !== 'http' ? 'NETWORK' : error.code ?? 'UNEXPECTED' }
  return { code: 'UNEXPECTED' }
}
async function coded<T>(p: Promise<T>): Promise<T> {
  try {
    return await p
  } catch (error) {
    throw reason(error)
  }
}

export const besPurchaseFlow = besPurchaseMachine.provide({
  actors: {
    smsVerification: smsVerificationFlow,
    resumeApplication: fromPromise<SavedApplication, { ticket: string; product: BesProduct }>(({ input }) =>
      coded(call<SavedApplication>('/digitalchannels/application/resume', { body: input }))),
    saveApplication: fromPromise<SavedApplication, SaveInput>(({ input }) =>
      coded(call<SavedApplication>('/digitalchannels/application', { body: input }))),
    recordConsents: fromPromise<void, ConsentsInput>(({ input }) => coded(recordConsentAnswers(input))),
    loadPreInformation: fromPromise<PreInformation, { ticket: string; product: BesProduct }>(({ input }) => coded(loadPreInformation(input))),
    createPurchase: fromPromise<PurchaseSummary, { ticket: string; product: BesProduct; preInformationId: string }>(({ input }) => coded(createPurchase(input))),
    watchPayment: fromPromise<OtherPaymentOutcome, { id: string }>(({ input, signal }) => coded(watchPurchasePayment(input.id, signal))),
    // issue 24 item 1: a reloaded page's verified phone, read back from the server's HttpOnly proof cookie (no SMS)
    restoreVerification: fromPromise<RestoredVerification, { product: BesProduct }>(({ input }) => coded(restoreVerification(input.product))),
  },
})
