import { assign, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The payment result pages (spec 2.1 /result/*): the last order's outcome as the server recorded
 * it; the URL decides nothing. While the bank's answer is still on its way the page asks again a
 * few times; a failed request can be retried.
 */
export type PaymentOutcome = {
  orderId: string
  status: 'created' | 'awaiting3ds' | 'succeeded' | 'failed'
  reason: string | null
  amount: string
  currency: string
  installment: number
  trxType: string
  maskedPan: string
  createdAt: string
  updatedAt: string
}

export type PaymentResultContext = {
  outcome: PaymentOutcome | null
  attempts: number
  maxAttempts: number
  pollMs: number
  error: string | null
}

export type PaymentResultEvent = { type: 'retry' }

const isPending = (o: PaymentOutcome | null) => o !== null && (o.status === 'created' || o.status === 'awaiting3ds')

export const paymentResultMachine = setup({
  types: {} as {
    context: PaymentResultContext
    events: PaymentResultEvent
    input: { maxAttempts?: number; pollMs?: number } | undefined
  },
  actors: {
    fetchOutcome: providedLater<PaymentOutcome | null>('fetchOutcome'),
  },
  guards: {
    isMissing: ({ event }) => (event as unknown as { output: PaymentOutcome | null }).output === null,
    canPollAgain: ({ context, event }) =>
      isPending((event as unknown as { output: PaymentOutcome | null }).output) && context.attempts + 1 < context.maxAttempts,
  },
  delays: {
    pollDelay: ({ context }) => context.pollMs,
  },
}).createMachine({
  id: 'paymentResult',
  context: ({ input }) => ({ outcome: null, attempts: 0, maxAttempts: input?.maxAttempts ?? 5, pollMs: input?.pollMs ?? 2000, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchOutcome',
        src: 'fetchOutcome',
        onDone: [
          { guard: 'isMissing', target: 'missing' },
          {
            guard: 'canPollAgain',
            target: 'waiting',
            actions: assign(({ context, event }) => ({ outcome: event.output, attempts: context.attempts + 1 })),
          },
          { target: 'shown', actions: assign({ outcome: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    /** the bank has not answered yet: the outcome so far is shown, and asked again */
    waiting: {
      after: { pollDelay: 'loading' },
    },
    shown: {},
    missing: {},
    failed: {
      on: { retry: { target: 'loading', actions: assign({ attempts: 0, error: null }) } },
    },
  },
})
