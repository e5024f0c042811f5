import { fromPromise } from 'xstate'
import {
  smsVerificationMachine, type SmsSendOutput, type SmsVerifyOutput,
} from '../../../machines/sms-verification/sms-verification.machine.ts'
import type { SmsPurpose, SmsSent, SmsVerified } from '../../domain/sms.ts'
import { call } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'

/** The machine reads reason codes and the server's figures, never English text. */
function failureOf(error: unknown) {
  if (error instanceof ApiError) {
    if (error.kind !== 'http') return { code: 'NETWORK' }
    const d = error.details
    return {
      code: error.code ?? 'UNEXPECTED',
      ...(typeof d.attemptsLeft === 'number' ? { attemptsLeft: d.attemptsLeft } : {}),
      ...(typeof d.lockedUntil === 'string' ? { lockedUntil: d.lockedUntil } : {}),
      ...(typeof d.retryAfterS === 'number' ? { retryAfterS: d.retryAfterS } : {}),
    }
  }
  return { code: 'UNEXPECTED' }
}

/** SMS verification with its real effects: `POST notification/sendsms` and `verifysms`. */
export const smsVerificationFlow = smsVerificationMachine.provide({
  actors: {
    sendCode: fromPromise<SmsSendOutput, { phone: string; purpose: SmsPurpose }>(async ({ input }) => {
      try {
        const answer = await call<SmsSent>('/notification/sendsms', { body: { gsmNumber: input.phone, content: 'otp', smsSource: input.purpose } })
        return { expiresInS: answer.expiresInS, resendAfterS: answer.resendAfterS }
      } catch (error) {
        throw failureOf(error)
      }
    }),
    verifyCode: fromPromise<SmsVerifyOutput, { phone: string; purpose: SmsPurpose; code: string }>(async ({ input }) => {
      try {
        const answer = await call<SmsVerified>('/notification/verifysms', { body: { gsmNumber: input.phone, code: input.code, smsSource: input.purpose } })
        return { ticket: answer.ticket }
      } catch (error) {
        throw failureOf(error)
      }
    }),
  },
})
