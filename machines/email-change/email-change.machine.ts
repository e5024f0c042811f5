import { assign, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The links of an e-mail change (issue 28 item 2): the new address's owner confirms it, the old
 * address's owner cancels it. The page reads its link (`readLink`: which action the link is for; the
 * token itself stays with the flow, never in this machine), waits for a press of its button (a mail
 * scanner that fetches links confirms nothing), and sends it (`submitLink`). A used, expired or
 * cancelled link, or an address taken meanwhile, is a final answer; a network failure can be retried.
 */
export type EmailLinkAction = 'confirm' | 'cancel'
export type EmailChangeContext = {
  action: EmailLinkAction | null
  /** The address now the account's (after a confirmation). */
  email: string | null
  /** The failure's reason code. */
  error: string | null
}
export type EmailChangeEvent = { type: 'link.submit' } | { type: 'retry' }

/** Failures another try may mend (the others are the server's final word on the link). */
export const RETRYABLE = ['NETWORK', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'UNEXPECTED'] as const

export const emailChangeMachine = setup({
  types: {} as { context: EmailChangeContext; events: EmailChangeEvent },
  actors: {
    readLink: providedLater<{ action: EmailLinkAction }>('readLink'),
    submitLink: providedLater<{ email?: string }, { action: EmailLinkAction }>('submitLink'),
  },
  guards: {
    isConfirmation: ({ context }) => context.action === 'confirm',
    isRetryable: ({ context }) => (RETRYABLE as readonly string[]).includes(context.error ?? ''),
  },
}).createMachine({
  id: 'emailChange',
  context: { action: null, email: null, error: null },
  initial: 'reading',
  states: {
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readLink',
        src: 'readLink',
        onDone: { target: 'ready', actions: assign({ action: ({ event }) => event.output.action }) },
        onError: { target: 'invalidLink', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    ready: {
      on: { 'link.submit': 'submitting' },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitLink',
        src: 'submitLink',
        input: ({ context }) => ({ action: context.action! }),
        onDone: [
          { guard: 'isConfirmation', target: 'confirmed', actions: assign({ email: ({ event }) => event.output.email ?? null, error: null }) },
          { target: 'cancelled', actions: assign({ error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    failed: {
      on: { retry: { guard: 'isRetryable', target: 'submitting' } },
    },
    confirmed: { type: 'final' },
    cancelled: { type: 'final' },
    invalidLink: { type: 'final' },
  },
})
