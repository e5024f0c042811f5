import { describe, expect, it } from 'vitest'
import { sanitize } from '../../src/web/inspect-sanitize.ts'

describe('what the Stately inspector sees', () => {
  it.each([
    [{ type: 'login.submit', username: 'ayse', password: 'Gizli-Parola-1!', rememberMe: true }, { type: 'login.submit', username: 'ayse', password: '•••', rememberMe: true }],
    [{ type: 'form.submit', oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' }, { type: 'form.submit', oldPassword: '•••', newPassword: '•••', confirmPassword: '•••' }],
    [{ type: 'card.change', number: '4111 1111 1111 1111', cvc: '123' }, { type: 'card.change', number: '•••', cvc: '•••' }],
    [{ type: 'x', output: { ccNumber: '4111111111111111', note: 'card 4111-1111-1111-1111 failed' } }, { type: 'x', output: { ccNumber: '•••', note: 'card ••• failed' } }],
    [{ type: 'field.change', field: 'newPassword', value: 'x' }, { type: 'field.change', field: 'newPassword', value: '•••' }],
    [{ type: 'field.change', field: 'name', value: 'AYŞE YILMAZ' }, { type: 'field.change', field: 'name', value: 'AYŞE YILMAZ' }],
  ])('masks secrets in %j', (input, expected) => {
    expect(sanitize(input)).toEqual(expected)
  })

  it('keeps empty values visible (an empty field is not a secret) and does not mutate the original', () => {
    const event = { type: 'login.submit', password: '' }
    expect(sanitize(event)).toEqual({ type: 'login.submit', password: '' })
    const ctx = { user: { password: 'p' } }
    sanitize(ctx)
    expect(ctx.user.password).toBe('p')
  })
})
