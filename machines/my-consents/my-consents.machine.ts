import { assign, setup } from 'xstate'
import type { MyConsent, MyConsentsView, MySale } from '../../src/domain/schemas/my-consents.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'
import { smsVerificationMachine, type SmsVerificationOutput } from '../sms-verification/sms-verification.machine.ts'

/**
 * The customer's consent page (issue 24 item 10, KVKK art. 11; docs/decisions/consents.md): the
 * phone is verified by SMS for the page (the sms-verification machine as the child `sms`, purpose
 * `consents`), its consents are read (`loadConsents`), and a withdrawable one is withdrawn after the
 * customer confirms (`withdrawConsent`). A withdrawn consent replaces its row with the server's
 * answer; one withdrawn meanwhile elsewhere reloads the list; an expired verification asks for the
 * phone again.
 */
export type MyConsentsContext = {
  ticket: string | null
  phone: string | null
  sales: MySale[]
  /** The consent (its newest record's id) the customer asked to withdraw. */
  selected: string | null
  /** The reason code of the last failure. */
  error: string | null
  /** The record id of the consent withdrawn last (the page says so). */
  withdrawn: string | null
}

export type MyConsentsEvent =
  | { type: 'consent.withdraw'; id: string }
  | { type: 'withdraw.confirm' }
  | { type: 'withdraw.cancel' }
  | { type: 'retry' }

/** Answers after which the list on the screen is stale: it is read again. */
const STALE = ['CONSENT_ALREADY_WITHDRAWN', 'CONSENT_CHANGED', 'CONSENT_NOT_FOUND', 'CONSENT_NOT_GIVEN']

const errorCode = (event: unknown) => reasonOf((event as { error?: unknown }).error)

export function findConsent(sales: MySale[], id: string | null): MyConsent | undefined {
  return id === null ? undefined : sales.flatMap((s) => s.consents).find((c) => c.id === id)
}

export const myConsentsMachine = setup({
  types: {} as { context: MyConsentsContext; events: MyConsentsEvent },
  actors: {
    smsVerification: smsVerificationMachine,
    loadConsents: providedLater<MyConsentsView, { ticket: string }>('loadConsents'),
    withdrawConsent: providedLater<MyConsent, { ticket: string; id: string }>('withdrawConsent'),
  },
  guards: {
    canWithdraw: ({ context, event }) => event.type === 'consent.withdraw' && findConsent(context.sales, event.id)?.withdrawable === true,
    ticketExpired: ({ event }) => errorCode(event) === 'SMS_TICKET_INVALID',
    isStale: ({ event }) => STALE.includes(errorCode(event)),
  },
}).createMachine({
  id: 'myConsents',
  context: { ticket: null, phone: null, sales: [], selected: null, error: null, withdrawn: null },
  initial: 'sms',
  states: {
    sms: {
      invoke: {
        id: 'sms',
        src: 'smsVerification',
        input: { purpose: 'consents' },
        onDone: {
          target: 'loading',
          actions: assign({ ticket: ({ event }) => (event.output as SmsVerificationOutput).ticket, phone: ({ event }) => (event.output as SmsVerificationOutput).phone, error: null }),
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadConsents',
        src: 'loadConsents',
        input: ({ context }) => ({ ticket: context.ticket! }),
        onDone: { target: 'list', actions: assign({ sales: ({ event }) => event.output.sales }) },
        onError: [
          { guard: 'ticketExpired', target: 'sms', actions: assign({ ticket: null, error: 'SMS_TICKET_INVALID', sales: [], withdrawn: null }) },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => errorCode(event) }) },
        ],
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading', actions: assign({ error: null }) } },
    },
    list: {
      on: {
        'consent.withdraw': { guard: 'canWithdraw', target: 'confirming', actions: assign({ selected: ({ event }) => event.id, error: null, withdrawn: null }) },
      },
    },
    confirming: {
      on: {
        'withdraw.confirm': 'withdrawing',
        'withdraw.cancel': { target: 'list', actions: assign({ selected: null }) },
      },
    },
    withdrawing: {
      tags: ['busy'],
      invoke: {
        id: 'withdrawConsent',
        src: 'withdrawConsent',
        input: ({ context }) => ({ ticket: context.ticket!, id: context.selected! }),
        onDone: {
          target: 'list',
          actions: assign({
            sales: ({ context, event }) => context.sales.map((s) => ({ ...s, consents: s.consents.map((c) => (c.id === context.selected ? event.output : c)) })),
            withdrawn: ({ event }) => event.output.id,
            selected: null,
          }),
        },
        onError: [
          { guard: 'ticketExpired', target: 'sms', actions: assign({ ticket: null, error: 'SMS_TICKET_INVALID', sales: [], selected: null, withdrawn: null }) },
          // withdrawn meanwhile (another tab) or changed: the answer shows, and the list is read again
          { guard: 'isStale', target: 'loading', actions: assign({ error: ({ event }) => errorCode(event), selected: null }) },
          { target: 'list', actions: assign({ error: ({ event }) => errorCode(event), selected: null }) },
        ],
      },
    },
  },
})
