import { expect } from 'vitest'
import type { PasswordChangeContext } from '../../../machines/password-change/password-change.machine.ts'
import { checkPassword } from '../../../src/domain/password.ts'
import type { Expectations } from '../../support/expectations.ts'

const HEADING = 'Şifre değişikliği'
const SUBMIT = 'Şifreyi Değiştir'
const CANCEL = 'Vazgeç'

type Submit = { oldPassword: string; newPassword: string; confirmPassword: string }

/** Spec 2.2 and 4: all three fields required, new differs from old, meets the policy, typed twice alike. */
function isAcceptable(c: PasswordChangeContext, e: Submit): boolean {
  return e.oldPassword !== '' && e.newPassword !== '' && e.confirmPassword !== '' && e.newPassword !== e.oldPassword
    && checkPassword(e.newPassword, c.policy, { username: c.username }).ok && e.confirmPassword === e.newPassword
}

/** The expired-password change (spec 2.2, 4), written apart from machines/password-change. */
export const passwordChangeExpectations: Expectations<PasswordChangeContext> = {
  states: {
    editing: {
      words: { tr: 'şifre değiştirme formu açık', en: 'the password change form is open' },
      screen: { texts: [HEADING, 'Yeni şifre (tekrar)'], enabled: [SUBMIT, CANCEL] },
      tags: { busy: false },
      context: (c) => expect(c.changed).toBe(false),
    },
    submitting: {
      words: { tr: 'yeni şifre gönderiliyor', en: 'the new password is being sent' },
      screen: { texts: [HEADING] },
      tags: { busy: true },
      context: (c) => expect(c.errors).toEqual({}),
      ignores: [
        { type: 'form.submit', oldPassword: 'Eski-Parola-2025!', newPassword: 'Yeni-Güçlü-Şifre-42', confirmPassword: 'Yeni-Güçlü-Şifre-42' },
        { type: 'form.cancel' },
        { type: 'field.change', field: 'newPassword', value: 'kısa' },
      ],
    },
    changed: {
      words: { tr: 'şifre değiştirildi', en: 'the password is changed' },
      context: (_c, s) => { expect(s.status).toBe('done'); expect(s.output).toEqual({ changed: true }) },
    },
    cancelled: {
      words: { tr: 'değişiklikten vazgeçildi', en: 'the change is cancelled' },
      context: (_c, s) => { expect(s.status).toBe('done'); expect(s.output).toEqual({ changed: false }) },
    },
  },
  rules: [
    { name: 'typing updates the checklist of the new password', from: 'editing', event: 'field.change', to: 'editing',
      then: (c, p, e) => {
        expect(c.errors[e.field as keyof typeof c.errors]).toBeUndefined()
        if (e.field === 'newPassword') {
          expect(c.touched).toBe(true)
          expect(c.failures).toEqual(checkPassword(e.value, c.policy, { username: c.username }).failures)
        } else expect(c.failures).toEqual(p.failures)
      } },
    { name: 'an unacceptable form stays open with field errors', from: 'editing', event: 'form.submit', when: (c, e) => !isAcceptable(c, e), to: 'editing',
      then: (c, _p, e) => {
        expect(Object.keys(c.errors).length).toBeGreaterThan(0)
        if (e.oldPassword === '') expect(c.errors.oldPassword).toBe('required')
        if (e.newPassword !== '' && e.newPassword === e.oldPassword) expect(c.errors.newPassword).toBe('passwordSameAsOld')
      } },
    { name: 'an acceptable form is sent', from: 'editing', event: 'form.submit', when: (c, e) => isAcceptable(c, e), to: 'submitting' },
    { name: 'cancel ends the change without changing', from: 'editing', event: 'form.cancel', to: 'cancelled' },
    { name: 'the server accepts the new password', from: 'submitting', event: 'xstate.done.actor.changePassword', to: 'changed' },
    { name: 'a refusal shows its reason on the form', from: 'submitting', event: 'xstate.error.actor.changePassword', to: 'editing',
      then: (c, _p, e) => expect(c.serverError).toBe(e.error.code) },
  ],
  significant: (c) => ({ errors: c.errors, serverError: c.serverError, touched: c.touched, failures: c.failures }),
  describeEvent: (e) => {
    const ev = e as { type: string; field?: string; value?: string } & Partial<Submit>
    const mask = (v = '') => (v === '' ? '(boş)' : `"${v}"`)
    const maskEn = (v = '') => (v === '' ? '(empty)' : `"${v}"`)
    if (e.type === 'field.change') return { tr: `kullanıcı ${ev.field} alanına ${mask(ev.value)} yazar`, en: `the user types ${maskEn(ev.value)} into ${ev.field}` }
    if (e.type === 'form.submit') {
      return {
        tr: `kullanıcı eski ${mask(ev.oldPassword)}, yeni ${mask(ev.newPassword)}, tekrar ${mask(ev.confirmPassword)} ile "${SUBMIT}" düğmesine basar`,
        en: `the user presses "${SUBMIT}" with old ${maskEn(ev.oldPassword)}, new ${maskEn(ev.newPassword)}, again ${maskEn(ev.confirmPassword)}`,
      }
    }
    if (e.type === 'form.cancel') return { tr: `kullanıcı "${CANCEL}" düğmesine basar`, en: `the user presses "${CANCEL}"` }
    if (e.type.startsWith('xstate.done')) return { tr: 'sunucu yeni şifreyi kabul eder', en: 'the server accepts the new password' }
    if (e.type.startsWith('xstate.error')) return { tr: 'sunucu reddeder (INVALID_CREDENTIALS)', en: 'the server refuses (INVALID_CREDENTIALS)' }
    return { tr: e.type, en: e.type }
  },
}
