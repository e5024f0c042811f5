import { expect } from 'vitest'
import { passwordChangeMachine } from '../../machines/password-change/password-change.machine.ts'
import { DEFAULT_PASSWORD_POLICY } from '../../src/domain/password.ts'
import { modelSuite } from '../support/model-test.ts'

const strong = 'Yeni-Güçlü-Şifre-42'
modelSuite({
  name: 'password-change',
  machine: passwordChangeMachine,
  input: { username: 'ayse', policy: DEFAULT_PASSWORD_POLICY },
  events: [
    { type: 'field.change', field: 'newPassword', value: 'kısa' },
    { type: 'field.change', field: 'newPassword', value: strong },
    { type: 'field.change', field: 'oldPassword', value: 'x' },
    { type: 'form.submit', oldPassword: '', newPassword: '', confirmPassword: '' },
    { type: 'form.submit', oldPassword: 'Eski-Parola-2025!', newPassword: strong, confirmPassword: strong + 'x' },
    { type: 'form.submit', oldPassword: strong, newPassword: strong, confirmPassword: strong },
    { type: 'form.submit', oldPassword: 'Eski-Parola-2025!', newPassword: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' },
    { type: 'form.submit', oldPassword: 'Eski-Parola-2025!', newPassword: strong, confirmPassword: strong },
    { type: 'form.cancel' },
  ],
  errors: { changePassword: [Object.assign(new Error('x'), { code: 'INVALID_CREDENTIALS' })] },
  serialize: (s) => ({ value: s.value, errors: s.context.errors, serverError: s.context.serverError, touched: s.context.touched, ok: s.context.failures.length === 0 }),
  invariants: (s) => {
    expect(JSON.stringify(s.context)).not.toMatch(/Parola|Şifre/)
    if (s.matches('changed')) expect(s.output).toEqual({ changed: true })
    if (s.matches('cancelled')) expect(s.output).toEqual({ changed: false })
  },
})
