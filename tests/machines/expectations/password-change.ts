import { expect } from 'vitest'
import type { PasswordChangeContext } from '../../../machines/password-change/password-change.machine.ts'
import { checkPassword, passwordRulesFor } from '../../../src/domain/password.ts'
import type { Expectations } from '../../support/expectations.ts'
import { FIELD, reasonSays } from './texts.ts'

const HEADING = 'Şifre değişikliği'
const SUBMIT = 'Şifreyi Değiştir'
const CANCEL = 'Vazgeç'
const CHANGED = 'Şifreniz değiştirildi. Lütfen yeni şifrenizle giriş yapınız.'
const MET = '(karşılanıyor)'
const UNMET = '(karşılanmıyor)'

/** The checklist's rules as spec 4 words them (the page's texts, restated). */
const RULE_TEXT: Record<string, (min: number) => string> = {
  tooShort: (min) => `En az ${min} karakter`,
  tooLong: () => 'En fazla 128 karakter',
  needsUpper: () => 'En az bir büyük harf',
  needsLower: () => 'En az bir küçük harf',
  needsDigit: () => 'En az bir rakam',
  needsSpecial: () => 'En az bir özel karakter',
  tooFewDistinct: () => 'En az 6 farklı karakter',
  repeated: () => 'Aynı parçanın tekrarı olmamalı',
  common: () => 'Sık kullanılan bir şifre olmamalı',
  containsContextWord: () => 'Kullanıcı adınızı veya şirket adını içermemeli',
}

/** Each rule of the checklist with what it says of the typed new password (met or not), as the rule's line reads. */
const checklist = (c: PasswordChangeContext) => passwordRulesFor(c.policy)
  .map((rule) => `${RULE_TEXT[rule]!(c.policy.minLength)}${c.touched && !c.failures.includes(rule) ? MET : UNMET}`)

type Submit = { oldPassword: string; newPassword: string; confirmPassword: string }

/** Spec 2.2 and 4: all three fields required, new differs from old, meets the policy, typed twice alike. */
function isAcceptable(c: PasswordChangeContext, e: Submit): boolean {
  return e.oldPassword !== '' && e.newPassword !== '' && e.confirmPassword !== '' && e.newPassword !== e.oldPassword
    && checkPassword(e.newPassword, c.policy, { username: c.username }).ok && e.confirmPassword === e.newPassword
}

/**
 * Spec 5's field errors: each field required; the new password not the old one ("New password can not
 * be the same as old password"), else the company's policy; the repeat equal to the new one ("Re-entered
 * value not match with new password") once the new one is acceptable.
 */
function fieldErrors(c: PasswordChangeContext, e: Submit): PasswordChangeContext['errors'] {
  const errors: PasswordChangeContext['errors'] = {}
  if (e.oldPassword === '') errors.oldPassword = 'required'
  if (e.newPassword === '') errors.newPassword = 'required'
  else if (e.newPassword === e.oldPassword) errors.newPassword = 'passwordSameAsOld'
  else if (!checkPassword(e.newPassword, c.policy, { username: c.username }).ok) errors.newPassword = 'policy'
  if (e.confirmPassword === '') errors.confirmPassword = 'required'
  else if (!errors.newPassword && e.confirmPassword !== e.newPassword) errors.confirmPassword = 'passwordMismatch'
  return errors
}

/** The expired-password change (spec 2.2, 4), written apart from machines/password-change. */
export const passwordChangeExpectations: Expectations<PasswordChangeContext> = {
  states: {
    editing: {
      words: { tr: 'şifre değiştirme formu açık', en: 'the password change form is open' },
      // the checklist says to a screen reader which rules the typed new password meets and which it does not
      screen: (c) => ({
        headings: [HEADING], title: [HEADING], enabled: [SUBMIT, CANCEL],
        texts: ['Yeni şifre (tekrar)', ...checklist(c)],
        // nothing typed yet: no rule says it is met
        absent: c.touched ? [] : [MET],
      }),
      tags: { busy: false },
      context: (c) => expect(c.changed).toBe(false),
    },
    submitting: {
      words: { tr: 'yeni şifre gönderiliyor', en: 'the new password is being sent' },
      screen: { headings: [HEADING], title: [HEADING], busy: [SUBMIT] },
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
      // the sign-in form again, saying so
      screen: { headings: ['Personel Girişi'], texts: [CHANGED] },
      context: (_c, s) => { expect(s.status).toBe('done'); expect(s.output).toEqual({ changed: true }) },
    },
    cancelled: {
      words: { tr: 'değişiklikten vazgeçildi', en: 'the change is cancelled' },
      // the change page stays, offering the way back to sign-in
      screen: { headings: [HEADING], title: [HEADING], texts: ['Giriş ekranına dönün'], absent: [CHANGED, SUBMIT] },
      context: (_c, s) => { expect(s.status).toBe('done'); expect(s.output).toEqual({ changed: false }) },
    },
  },
  rules: [
    { name: 'typing clears that field\'s error; the new password updates its checklist', from: 'editing', event: 'field.change', to: 'editing',
      changes: (p, e) => ({
        errors: Object.fromEntries(Object.entries(p.errors).filter(([field]) => field !== e.field)),
        ...(e.field === 'newPassword' ? { touched: true, failures: checkPassword(e.value, p.policy, { username: p.username }).failures } : {}),
      }) },
    { name: 'an unacceptable form stays open with field errors (spec 5), the server\'s last refusal gone', from: 'editing', event: 'form.submit', when: (c, e) => !isAcceptable(c, e), to: 'editing',
      changes: (p, e) => ({ errors: fieldErrors(p, e), serverError: null }) },
    { name: 'an acceptable form is sent', from: 'editing', event: 'form.submit', when: (c, e) => isAcceptable(c, e), to: 'submitting',
      changes: { errors: {}, serverError: null } },
    { name: 'the server accepts the new password', from: 'submitting', event: 'xstate.done.actor.changePassword', to: 'changed', changes: { changed: true } },
    { name: 'a refusal shows its reason on the form', from: 'submitting', event: 'xstate.error.actor.changePassword', to: 'editing',
      changes: (_p, e) => ({ serverError: e.error.code }) },
    { name: 'cancel ends the change without changing', from: 'editing', event: 'form.cancel', to: 'cancelled', changes: {} },
  ],
  // spec 5's field messages, each under its field; a refusal of the server says why
  errorText: (c, s) => {
    if (s.status === 'done') return []
    const texts = [...Object.values(c.errors).map((code) => FIELD[code as keyof typeof FIELD]), ...(c.serverError ? [reasonSays(c.serverError)] : [])]
    return texts.length ? texts : null
  },
  // the account's name from the sign-in, the old and the new password as typed (never the repeat)
  inputs: { changePassword: (_p, e, _n, input) => ({ username: input.username, oldPassword: e.oldPassword, newPassword: e.newPassword }) },
  // the checklist starts with every rule the empty password fails
  initial: (c, input) => expect(c).toEqual({
    username: input.username, policy: input.policy, failures: checkPassword('', input.policy, { username: input.username }).failures,
    touched: false, errors: {}, serverError: null, changed: false,
  }),
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
