import { expect } from 'vitest'
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine.ts'
import { modelSuite } from '../support/model-test.ts'

modelSuite({
  name: 'forgot-password',
  machine: forgotPasswordMachine,
  events: [
    { type: 'form.submit', email: '' },
    { type: 'form.submit', email: 'not-an-address' },
    { type: 'form.submit', email: 'ayse.yilmaz@example.com' },
    { type: 'form.back' },
  ],
  errors: { requestTemporaryPassword: [Object.assign(new Error('x'), { code: 'RATE_LIMITED' })] },
  invariants: (s) => {
    // the form shows at most one kind of problem at a time, and none once the mail is sent
    if (s.matches('sent')) expect(s.context.error).toBeNull()
    if (s.matches('submitting')) expect(s.hasTag('busy')).toBe(true)
  },
  describeEvent: (e) => e.type === 'form.submit' ? `the user submits the e-mail "${(e as unknown as { email: string }).email}"` : e.type === 'form.back' ? 'the user goes back to sign-in' : e.type.startsWith('xstate.done') ? 'the server accepts the request' : e.type.startsWith('xstate.error') ? 'the request fails' : e.type,
  describeState: (s) => `${String(s.value)}${s.context.error ? ` (field error: ${s.context.error})` : ''}${s.context.serverError ? ` (server: ${s.context.serverError})` : ''}`,
}, { compare: (s) => ({ value: s.value, status: s.status, context: s.context }) })
