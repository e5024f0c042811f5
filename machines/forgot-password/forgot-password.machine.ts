import { assign, setup } from 'xstate'
import { isValidEmail } from '../../src/domain/email.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * Forgot password (spec 2.2): the account's e-mail in, a temporary password out by mail. The
 * server answers the same whatever the address (SECURITY.md), so the flow has one success state.
 */
export type ForgotPasswordContext = { error: 'required' | 'email' | null; serverError: string | null }
export type ForgotPasswordEvent = { type: 'form.submit'; email: string } | { type: 'form.back' }

export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent },
  actors: {
    requestTemporaryPassword: providedLater<void, { email: string }>('requestTemporaryPassword'),
  },
  guards: {
    isEmailMissing: ({ event }) => event.type === 'form.submit' && event.email.trim() === '',
    isEmailInvalid: ({ event }) => event.type === 'form.submit' && !isValidEmail(event.email),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { error: null, serverError: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          { guard: 'isEmailMissing', actions: assign({ error: 'required', serverError: null }) },
          { guard: 'isEmailInvalid', actions: assign({ error: 'email', serverError: null }) },
          { target: 'submitting', actions: assign({ error: null, serverError: null }) },
        ],
        'form.back': 'done',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'requestTemporaryPassword',
        src: 'requestTemporaryPassword',
        input: ({ event }) => ({ email: (event as Extract<ForgotPasswordEvent, { type: 'form.submit' }>).email.trim() }),
        onDone: 'sent',
        onError: { target: 'editing', actions: assign({ serverError: ({ event }) => reasonOf(event.error) }) },
      },
    },
    sent: {
      on: { 'form.back': 'done' },
    },
    done: { type: 'final' },
  },
})
