import { assign, setup } from 'xstate'
import { checkPassword, type PasswordPolicy, type PasswordRule } from '../../src/domain/password.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The expired-password change (spec 2.2, 4): old password, new password, re-entered new password.
 * Passwords never enter the context (the inspector would show them): events carry them, guards
 * check them, the `changePassword` actor receives them; the context keeps only rule codes.
 */
export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword'
export type FieldError = 'required' | 'passwordMismatch' | 'passwordSameAsOld' | 'policy'

export type PasswordChangeInput = { username: string; policy: PasswordPolicy }

export type PasswordChangeContext = {
  username: string
  policy: PasswordPolicy
  /** Live checklist of the new password: the policy rules it fails right now. */
  failures: PasswordRule[]
  /** Whether the new password field has been typed in (the checklist shows once it has). */
  touched: boolean
  errors: Partial<Record<PasswordField, FieldError>>
  /** The server's refusal, as a code (e.g. INVALID_CREDENTIALS, PASSWORD_POLICY, PASSWORD_REUSED). */
  serverError: string | null
  changed: boolean
}

export type PasswordValues = Record<PasswordField, string>

export type PasswordChangeEvent =
  | { type: 'field.change'; field: PasswordField; value: string }
  | ({ type: 'form.submit' } & PasswordValues)
  | { type: 'form.cancel' }

export type PasswordChangeOutput = { changed: boolean }

function fieldErrors(values: PasswordValues, context: PasswordChangeContext): Partial<Record<PasswordField, FieldError>> {
  const errors: Partial<Record<PasswordField, FieldError>> = {}
  for (const field of ['oldPassword', 'newPassword', 'confirmPassword'] as const) {
    if (!values[field]) errors[field] = 'required'
  }
  if (!errors.newPassword) {
    if (values.newPassword === values.oldPassword) errors.newPassword = 'passwordSameAsOld'
    else if (!checkPassword(values.newPassword, context.policy, { username: context.username }).ok) errors.newPassword = 'policy'
  }
  if (!errors.confirmPassword && !errors.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = 'passwordMismatch'
  }
  return errors
}

export const passwordChangeMachine = setup({
  types: {} as {
    context: PasswordChangeContext
    events: PasswordChangeEvent
    input: PasswordChangeInput
    output: PasswordChangeOutput
  },
  actors: {
    changePassword: providedLater<void, { username: string; oldPassword: string; newPassword: string }>('changePassword'),
  },
  guards: {
    hasFieldErrors: ({ context, event }) =>
      event.type === 'form.submit' && Object.keys(fieldErrors(event, context)).length > 0,
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({
    username: input.username,
    policy: input.policy,
    failures: checkPassword('', input.policy, { username: input.username }).failures,
    touched: false,
    errors: {},
    serverError: null,
    changed: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const errors = { ...context.errors }
            delete errors[event.field]
            if (event.field !== 'newPassword') return { errors }
            return {
              errors,
              touched: true,
              failures: checkPassword(event.value, context.policy, { username: context.username }).failures,
            }
          }),
        },
        'form.submit': [
          {
            guard: 'hasFieldErrors',
            actions: assign(({ context, event }) => ({ errors: fieldErrors(event, context), serverError: null })),
          },
          { target: 'submitting', actions: assign({ errors: {}, serverError: null }) },
        ],
        'form.cancel': 'cancelled',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context, event }) => {
          const values = event as Extract<PasswordChangeEvent, { type: 'form.submit' }>
          return { username: context.username, oldPassword: values.oldPassword, newPassword: values.newPassword }
        },
        onDone: { target: 'changed', actions: assign({ changed: true }) },
        onError: { target: 'editing', actions: assign({ serverError: ({ event }) => reasonOf(event.error) }) },
      },
    },
    changed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ changed: context.changed }),
})
