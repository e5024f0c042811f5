import * as z from 'zod/mini'
import { SMS_CODE_LENGTH, SMS_CODE_VALIDITY_S } from './constants.ts'

/**
 * SMS verification (spec 4, 5, 7.3, 8, 9; SECURITY.md "SMS codes"): the figures both ends share,
 * and the bodies of `POST notification/sendsms` and `POST notification/verifysms`.
 */
export const SMS_RESEND_COOLDOWN_S = 60
export const SMS_MAX_WRONG_ATTEMPTS = 5
export const SMS_SENDS_PER_NUMBER_10_MIN = 5
export const SMS_WINDOW_10_MIN_S = 600
/** Defaults of the daily caps (SMS_DAILY_PER_NUMBER, SMS_DAILY_PER_IP change them on the server). */
export const SMS_DAILY_PER_NUMBER = 10
export const SMS_DAILY_PER_IP = 30
/** How long a verified phone stays verified for the application it was verified for. */
export const SMS_VERIFIED_TICKET_S = 30 * 60
export { SMS_CODE_LENGTH, SMS_CODE_VALIDITY_S }

/**
 * What a code is for: one sales flow, or the customer's consent page (`consents`, issue 24 item 10);
 * the code and its ticket are bound to phone and purpose.
 */
export const SMS_PURPOSES = ['sales', 'erkenbes', 'pratikbes', 'tss', 'seyahatsaglik', 'consents'] as const
export type SmsPurpose = (typeof SMS_PURPOSES)[number]

/** The server's own SMS templates: `content` may only name one of them, never carry text. */
export const SMS_TEMPLATES = ['otp'] as const
export type SmsTemplate = (typeof SMS_TEMPLATES)[number]

const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`)

/** Spec 5: "SMS needs a 6-digit code". */
export function isWellFormedSmsCode(value: string): boolean {
  return CODE_PATTERN.test(value)
}

const gsmNumber = z.string().check(z.minLength(1), z.maxLength(30))

export const sendSmsSchema = /* @__PURE__ */ z.strictObject({
  gsmNumber,
  /** A template key (`otp`, the default); any free text is refused. */
  content: z.optional(z.enum(SMS_TEMPLATES)),
  smsSource: z.optional(z.enum(SMS_PURPOSES)),
})
export type SendSmsBody = z.infer<typeof sendSmsSchema>

export const verifySmsSchema = /* @__PURE__ */ z.strictObject({
  gsmNumber,
  code: z.string().check(z.maxLength(20)),
  smsSource: z.optional(z.enum(SMS_PURPOSES)),
})
export type VerifySmsBody = z.infer<typeof verifySmsSchema>

/** The answer to a send: when the code expires and when another may be asked for. */
export type SmsSent = { sent: true; expiresAt: string; expiresInS: number; resendAfterS: number }
/** The answer to a right code: a ticket that proves the phone for the purpose, for a while. */
export type SmsVerified = { verified: true; gsmNumber: string; ticket: string; validUntil: string }
