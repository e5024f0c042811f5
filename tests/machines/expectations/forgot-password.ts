import { expect } from 'vitest'
import type { ForgotPasswordContext } from '../../../machines/forgot-password/forgot-password.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { FIELD, reasonSays } from './texts.ts'

const HEADING = 'Şifremi unuttum'
const SEND = 'Geçici Şifre Gönder'
const BACK = 'Giriş ekranına dön'
const SENT_TEXT = 'Bu adres kayıtlı bir hesaba aitse'
/**
 * The addresses the model types, judged here as literals (not by src/domain/email.ts, which the
 * machine uses: a wrong address rule there would otherwise be its own oracle). Spaces around an
 * address are not part of it.
 */
const WELL_FORMED = ['ayse.yilmaz@example.com']
const isValidEmail = (email: string) => {
  if (WELL_FORMED.includes(email.trim())) return true
  if (['not-an-address', ''].includes(email.trim())) return false
  throw new Error(`forgot-password oracle: no verdict written for the address "${email}"`)
}

/** Forgot password (spec 2.2), written apart from machines/forgot-password. */
export const forgotPasswordExpectations: Expectations<ForgotPasswordContext> = {
  states: {
    editing: {
      words: { tr: 'e-posta formu açık', en: 'the e-mail form is open' },
      screen: { headings: [HEADING], enabled: [SEND, BACK], absent: [SENT_TEXT] },
      tags: { busy: false },
      ignores: [],
    },
    submitting: {
      words: { tr: 'istek gönderiliyor', en: 'the request is being sent' },
      screen: { headings: [HEADING], busy: [SEND] },
      tags: { busy: true },
      context: (c) => expect(c.error).toBeNull(),
      // a second submit while the first is on its way, or going back mid-request
      ignores: [{ type: 'form.submit', email: 'ayse.yilmaz@example.com' }, { type: 'form.submit', email: '' }, { type: 'form.back' }],
    },
    sent: {
      words: { tr: '"geçici şifre gönderildi" bildirimi görünür', en: 'the "temporary password sent" notice shows' },
      screen: { headings: [HEADING], texts: [SENT_TEXT], enabled: [BACK], absent: [SEND] },
      tags: { busy: false },
      context: (c) => expect(c).toEqual({ error: null, serverError: null }),
      ignores: [{ type: 'form.submit', email: 'ayse.yilmaz@example.com' }],
    },
    done: {
      words: { tr: 'giriş ekranına dönüldü', en: 'back on the sign-in screen' },
      screen: { headings: ['Personel Girişi'] },
      context: (_c, s) => expect(s.status).toBe('done'),
    },
  },
  rules: [
    { name: 'an empty e-mail is required', from: 'editing', event: 'form.submit', when: (_c, e) => e.email.trim() === '', to: 'editing',
      changes: { error: 'required', serverError: null } },
    { name: 'a malformed e-mail is refused', from: 'editing', event: 'form.submit', when: (_c, e) => e.email.trim() !== '' && !isValidEmail(e.email), to: 'editing',
      changes: { error: 'email', serverError: null } },
    { name: 'a valid e-mail is sent; the last problem shown goes', from: 'editing', event: 'form.submit', when: (_c, e) => isValidEmail(e.email), to: 'submitting',
      changes: { error: null, serverError: null } },
    { name: 'back from the form', from: 'editing', event: 'form.back', to: 'done', changes: {} },
    { name: 'the server accepts: the notice shows', from: 'submitting', event: 'xstate.done.actor.requestTemporaryPassword', to: 'sent', changes: {} },
    { name: 'a failed request shows its reason on the form', from: 'submitting', event: 'xstate.error.actor.requestTemporaryPassword', to: 'editing',
      changes: (_p, e) => ({ serverError: e.error.code }) },
    { name: 'back from the notice', from: 'sent', event: 'form.back', to: 'done', changes: {} },
  ],
  // spec 5: "Değer girmelisiniz", "Girilen değer geçerli bir email adresi değil"; a refused request says why
  errorText: (c, s) => (s.status === 'done' ? [] : c.error ? [FIELD[c.error]] : c.serverError ? [reasonSays(c.serverError)] : null),
  // the address as typed, without the spaces around it (SECURITY.md: the answer is the same for any address)
  inputs: { requestTemporaryPassword: (_p, e) => ({ email: e.email.trim() }) },
  initial: (c) => expect(c).toEqual({ error: null, serverError: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; email?: string }
    if (e.type === 'form.submit') return { tr: `kullanıcı "${ev.email}" e-postasını gönderir`, en: `the user submits the e-mail "${ev.email}"` }
    if (e.type === 'form.back') return { tr: `kullanıcı "${BACK}" düğmesine basar`, en: `the user presses "${BACK}"` }
    if (e.type.startsWith('xstate.done')) return { tr: 'sunucu isteği kabul eder', en: 'the server accepts the request' }
    if (e.type.startsWith('xstate.error')) return { tr: 'istek başarısız olur (RATE_LIMITED)', en: 'the request fails (RATE_LIMITED)' }
    return { tr: e.type, en: e.type }
  },
}
