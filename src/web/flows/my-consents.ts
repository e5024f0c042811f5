import { fromPromise } from 'xstate'
import { myConsentsMachine } from '../../../machines/my-consents/my-consents.machine.ts'
import type { MyConsent, MyConsentsView } from '../../domain/schemas/my-consents.ts'
import { call } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { smsVerificationFlow } from './sms-verification.ts'

/** The machine reads reason codes, never English text. */
function failureOf(error: unknown): { code: string } {
  if (error instanceof ApiError) return { code: error.kind !== 'http' ? 'NETWORK' : error.code ?? 'UNEXPECTED' }
  return { code: 'UNEXPECTED' }
}

/**
 * The customer's consent page (issue 24 item 10) with its real effects: the SMS step of the sales
 * flows (purpose `consents`), `POST digitalchannels/consents` and `POST digitalchannels/consents/withdraw`
 * (the ticket in the body, never in an address).
 */
export const myConsentsFlow = myConsentsMachine.provide({
  actors: {
    smsVerification: smsVerificationFlow,
    loadConsents: fromPromise<MyConsentsView, { ticket: string }>(async ({ input }) => {
      try {
        return await call<MyConsentsView>('/digitalchannels/consents', { body: { ticket: input.ticket } })
      } catch (error) {
        throw failureOf(error)
      }
    }),
    withdrawConsent: fromPromise<MyConsent, { ticket: string; id: string }>(async ({ input }) => {
      try {
        return await call<MyConsent>('/digitalchannels/consents/withdraw', { body: { ticket: input.ticket, id: input.id } })
      } catch (error) {
        throw failureOf(error)
      }
    }),
  },
})
