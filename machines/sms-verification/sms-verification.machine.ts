import { assign, setup } from 'xstate'
import { normalizeTrMobile } from '../../src/domain/phone.ts'
import { isWellFormedSmsCode, type SmsPurpose } from '../../src/domain/sms.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * SMS verification (spec 4, 5, 8; SECURITY.md "SMS codes"): a Turkish mobile in, a ticket out that
 * proves the phone for one sales flow. The server makes, keeps and checks the code; this machine
 * only follows it: the code's 120 s validity (`codeValidity`), the resend cooldown
 * (`resendCooldown`), the wrong-code answers, a send failure, and the lockout the server reports
 * with its end time (`lockout`). Invoked as a child by each purchase flow; its output is
 * `{ phone, ticket }`.
 */
export type SmsSendOutput = { expiresInS: number; resendAfterS: number }
export type SmsVerifyOutput = { ticket: string }
export type SmsVerificationInput = { purpose: SmsPurpose; phone?: string }
export type SmsVerificationOutput = { phone: string; ticket: string }

export type SmsVerificationContext = {
  purpose: SmsPurpose
  /** E.164 once accepted; what the customer typed while it is not. */
  phone: string
  validityMs: number
  resendMs: number
  canResend: boolean
  /** Reason code of the last problem (INVALID_PHONE, SMS_CODE_WRONG, SMS_SEND_FAILED, ...). */
  error: string | null
  attemptsLeft: number | null
  /** ISO time the server's lockout ends. */
  lockedUntil: string | null
  lockoutMs: number
  ticket: string | null
  /** How many codes went out: a screen restarts its on-screen countdown when this changes. */
  sends: number
}

export type SmsVerificationEvent =
  | { type: 'phone.submit'; phone: string }
  | { type: 'phone.change' }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }

type Failure = { code?: string; attemptsLeft?: number; lockedUntil?: string; retryAfterS?: number }

function failure(error: unknown): Failure {
  return error && typeof error === 'object' ? (error as Failure) : {}
}

export const smsVerificationMachine = setup({
  types: {} as {
    context: SmsVerificationContext
    events: SmsVerificationEvent
    input: SmsVerificationInput
    output: SmsVerificationOutput
  },
  actors: {
    sendCode: providedLater<SmsSendOutput, { phone: string; purpose: SmsPurpose }>('sendCode'),
    verifyCode: providedLater<SmsVerifyOutput, { phone: string; purpose: SmsPurpose; code: string }>('verifyCode'),
  },
  guards: {
    isPhoneInvalid: ({ event }) => event.type === 'phone.submit' && normalizeTrMobile(event.phone) === null,
    isCodeMalformed: ({ event }) => event.type === 'code.submit' && !isWellFormedSmsCode(event.code.trim()),
    canResend: ({ context }) => context.canResend,
    isCoolingDown: ({ context }) => !context.canResend,
    isLockedOut: ({ event }) => failure((event as { error?: unknown }).error).code === 'SMS_LOCKED',
    isTooSoon: ({ event }) => failure((event as { error?: unknown }).error).code === 'SMS_RESEND_TOO_SOON',
    isCodeOver: ({ event }) => ['SMS_CODE_EXPIRED', 'SMS_ATTEMPTS_EXHAUSTED'].includes(failure((event as { error?: unknown }).error).code ?? ''),
  },
  delays: {
    codeValidity: ({ context }) => context.validityMs,
    resendCooldown: ({ context }) => context.resendMs,
    lockout: ({ context }) => context.lockoutMs,
  },
}).createMachine({
  id: 'smsVerification',
  context: ({ input }) => ({
    purpose: input.purpose,
    phone: input.phone ?? '',
    validityMs: 120_000,
    resendMs: 60_000,
    canResend: false,
    error: null,
    attemptsLeft: null,
    lockedUntil: null,
    lockoutMs: 0,
    ticket: null,
    sends: 0,
  }),
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      on: {
        'phone.submit': [
          { guard: 'isPhoneInvalid', actions: assign({ error: 'INVALID_PHONE', phone: ({ event }) => event.phone }) },
          { target: 'sending', actions: assign({ error: null, phone: ({ event }) => normalizeTrMobile(event.phone) ?? '' }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone, purpose: context.purpose }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            validityMs: ({ event }) => event.output.expiresInS * 1000,
            resendMs: ({ event }) => event.output.resendAfterS * 1000,
            canResend: false,
            error: null,
            attemptsLeft: null,
            sends: ({ context }) => context.sends + 1,
          }),
        },
        onError: [
          {
            guard: 'isLockedOut',
            target: 'lockedOut',
            actions: assign({
              lockedUntil: ({ event }) => failure(event.error).lockedUntil ?? null,
              lockoutMs: ({ event }) => (failure(event.error).retryAfterS ?? 0) * 1000,
              error: 'SMS_LOCKED',
            }),
          },
          // a code went out less than a minute ago (another tab, a reload): wait, then resend
          {
            guard: 'isTooSoon',
            target: 'enteringPhone',
            actions: assign({ error: 'SMS_RESEND_TOO_SOON' }),
          },
          { target: 'enteringPhone', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        ],
      },
    },
    awaitingCode: {
      after: {
        codeValidity: { target: 'codeOver', actions: assign({ error: 'SMS_CODE_EXPIRED' }) },
        resendCooldown: { guard: 'isCoolingDown', actions: assign({ canResend: true }) },
      },
      on: {
        'phone.change': { target: 'enteringPhone', actions: assign({ error: null }) },
        'code.resend': { guard: 'canResend', target: 'sending' },
      },
      initial: 'entering',
      states: {
        entering: {
          on: {
            'code.submit': [
              { guard: 'isCodeMalformed', actions: assign({ error: 'SMS_CODE_WRONG' }) },
              { target: 'verifying', actions: assign({ error: null }) },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context, event }) => ({
              phone: context.phone,
              purpose: context.purpose,
              code: (event as Extract<SmsVerificationEvent, { type: 'code.submit' }>).code.trim(),
            }),
            onDone: { target: '#smsVerification.verified', actions: assign({ ticket: ({ event }) => event.output.ticket, error: null }) },
            onError: [
              { guard: 'isCodeOver', target: '#smsVerification.codeOver', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
              {
                target: 'entering',
                actions: assign({
                  error: ({ event }) => reasonOf(event.error),
                  attemptsLeft: ({ event }) => failure(event.error).attemptsLeft ?? null,
                }),
              },
            ],
          },
        },
      },
    },
    /** The code expired or was typed wrong too often: ask for a new one (or change the number). */
    codeOver: {
      on: {
        'code.resend': 'sending',
        'phone.change': { target: 'enteringPhone', actions: assign({ error: null }) },
      },
    },
    lockedOut: {
      after: { lockout: { target: 'enteringPhone', actions: assign({ error: null, lockedUntil: null }) } },
      on: { 'phone.change': { target: 'enteringPhone', actions: assign({ error: null, lockedUntil: null }) } },
    },
    verified: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ phone: context.phone, ticket: context.ticket ?? '' }),
})
