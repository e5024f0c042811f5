import { expect } from 'vitest'
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts'
import type { Model } from '../../support/model-test.ts'

export const EMAILS = { blank: '', invalid: 'not-an-address', valid: 'ayse.yilmaz@example.com', padded: '  ayse.yilmaz@example.com ', spaces: '   ' }

export const forgotPasswordModel: Model = {
  name: 'forgot-password',
  machine: forgotPasswordMachine,
  events: [
    { type: 'form.submit', email: EMAILS.blank },
    // only spaces: as empty ("required"), not a malformed address
    { type: 'form.submit', email: EMAILS.spaces },
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
