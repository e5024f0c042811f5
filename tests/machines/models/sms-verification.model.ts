import { expect } from 'vitest'
import { smsVerificationMachine } from '../../../machines/sms-verification/sms-verification.machine.ts'
import type { Model } from '../../support/model-test.ts'

export const err = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra })

export const PHONES = { landline: '0212 123 45 67', mobile: '0532 123 45 67' }
export const CODES = { malformed: '12a', right: ' 482913 ' }
export const LOCKED_UNTIL = '2026-03-02T09:10:00.000Z'
export const TICKET = 'ticket-1'

export const smsVerificationModel: Model = {
  name: 'sms-verification',
  machine: smsVerificationMachine,
  input: { purpose: 'tss' },
  events: [
    { type: 'phone.submit', phone: PHONES.landline },
    { type: 'phone.submit', phone: PHONES.mobile },
    { type: 'phone.change' },
    { type: 'code.submit', code: CODES.malformed },
    { type: 'code.submit', code: CODES.right },
    { type: 'code.resend' },
  ],
  outputs: {
    // spec 4: valid 2 minutes, a new one after 60 s; and a server configured otherwise (the machine follows the server)
    sendCode: [{ expiresInS: 120, resendAfterS: 60 }, { expiresInS: 90, resendAfterS: 30 }],
    verifyCode: [{ ticket: TICKET }],
  },
  errors: {
    sendCode: [
      err('SMS_SEND_FAILED'),
      err('SMS_LOCKED', { lockedUntil: LOCKED_UNTIL, retryAfterS: 300 }),
      err('SMS_RESEND_TOO_SOON', { retryAfterS: 30 }),
    ],
    verifyCode: [err('SMS_CODE_WRONG', { attemptsLeft: 4 }), err('SMS_CODE_EXPIRED'), err('SMS_ATTEMPTS_EXHAUSTED')],
  },
  // the guards read the event and canResend; the error tells the screens apart
  serialize: (s) => ({ value: s.value, canResend: s.context.canResend, error: s.context.error, attemptsLeft: s.context.attemptsLeft, validityMs: s.context.validityMs }),
  invariants: (s) => {
    // the machine never holds a code: only the ticket the server gives for a right one
    expect(JSON.stringify(s.context)).not.toMatch(/"code"/)
    expect(JSON.stringify(s.context)).not.toContain(CODES.right.trim())
  },
}
