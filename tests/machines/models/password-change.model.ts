import { expect } from 'vitest'
import { passwordChangeMachine } from '../../../machines/password-change/password-change.machine.ts'
import { DEFAULT_PASSWORD_POLICY } from '../../../src/domain/password.ts'
import type { Model } from '../../support/model-test.ts'

export const OLD = 'Eski-Parola-2025!'
export const STRONG = 'Yeni-Güçlü-Şifre-42'

export const passwordChangeModel: Model = {
  name: 'password-change',
  machine: passwordChangeMachine,
  input: { username: 'ayse', policy: DEFAULT_PASSWORD_POLICY },
  events: [
    { type: 'field.change', field: 'newPassword', value: 'kısa' },
    { type: 'field.change', field: 'newPassword', value: STRONG },
    { type: 'field.change', field: 'oldPassword', value: 'x' },
    { type: 'form.submit', oldPassword: '', newPassword: '', confirmPassword: '' },
    { type: 'form.submit', oldPassword: OLD, newPassword: STRONG, confirmPassword: STRONG + 'x' },
    { type: 'form.submit', oldPassword: STRONG, newPassword: STRONG, confirmPassword: STRONG },
    { type: 'form.submit', oldPassword: OLD, newPassword: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' },
    { type: 'form.submit', oldPassword: OLD, newPassword: STRONG, confirmPassword: STRONG },
    { type: 'form.cancel' },
  ],
  errors: { changePassword: [Object.assign(new Error('x'), { code: 'INVALID_CREDENTIALS' })] },
  serialize: (s) => ({ value: s.value, errors: s.context.errors, serverError: s.context.serverError, touched: s.context.touched, ok: s.context.failures.length === 0 }),
  invariants: (s) => {
    expect(JSON.stringify(s.context)).not.toMatch(/Parola|Şifre/)
  },
}
