import { expect } from 'vitest'
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts'
import type { Model } from '../../support/model-test.ts'

export const EMAILS = { blank: '', invalid: 'not-an-address', valid: 'ayse.yilmaz@example.com', padded: '  ayse.yilmaz@example.com ' }

export const forgotPasswordModel: Model = {
  name: 'forgot-password',
  machine: forgotPasswordMachine,
  events: [
    { type: 'form.submit', email: EMAILS.blank },
    { type: 'form.submit', email: EMAILS.invalid },
    { type: 'form.submit', email: EMAILS.valid },
    // copied with spaces around it: sent without them
    { type: 'form.submit', email: EMAILS.padded },
    { type: 'form.back' },
  ],
  errors: { requestTemporaryPassword: [Object.assign(new Error('x'), { code: 'RATE_LIMITED' })] },
  invariants: (s) => {
    // the form shows at most one kind of problem at a time, and none once the mail is sent
    if (s.matches('sent')) expect(s.context.error).toBeNull()
  },
}
