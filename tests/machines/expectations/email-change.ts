import { expect } from 'vitest'
import type { EmailChangeContext } from '../../../machines/email-change/email-change.machine.ts'
import { reasonSays } from './texts.ts'
import type { Expectations } from '../../support/expectations.ts'

/** The page's words (src/web/views/auth/EmailChangeView.tsx). */
const CONFIRM_TITLE = 'Yeni e-posta adresinizi onaylayın'
const CANCEL_TITLE = 'E-posta değişikliğini iptal edin'
const CONFIRM = 'E-posta adresimi onayla'
const CANCEL = 'Değişikliği iptal et'
const READING = 'Bağlantı okunuyor…'
const BROKEN = 'Bu bağlantı eksik ya da bozuk.'
const SENDING = 'Gönderiliyor…'
const CHANGED = 'E-posta adresiniz değiştirildi:'
const CANCELLED = 'E-posta değişikliği iptal edildi'
const INVALID = 'Bu bağlantı geçersiz: süresi dolmuş, daha önce kullanılmış ya da iptal edilmiş.'
const TAKEN = 'Bu e-posta adresi başka bir hesapta kayıtlı'
const RETRY = 'Tekrar dene'
const TO_LOGIN = 'Giriş ekranına git'

const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind === 'network' ? 'NETWORK' : 'UNEXPECTED')
const retryable = (code: string | null) => ['NETWORK', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'UNEXPECTED'].includes(code ?? '')

/**
 * The links of an e-mail change (issue 28 item 2), written apart from machines/email-change: opening
 * a link does nothing until its button is pressed; the new address confirms, the old one cancels;
 * the server's refusal of a link is final, a network failure can be tried again.
 */
export const emailChangeExpectations: Expectations<EmailChangeContext> = {
  states: {
    reading: {
      words: { tr: 'bağlantı okunuyor', en: 'the link is being read' },
      screen: { texts: [READING], absent: [CONFIRM, CANCEL] },
      tags: { busy: true },
      ignores: [{ type: 'link.submit' }, { type: 'retry' }],
    },
    invalidLink: {
      words: { tr: 'bağlantı eksik ya da bozuk', en: 'the link is missing or broken' },
      screen: { texts: [BROKEN, TO_LOGIN], absent: [CONFIRM, CANCEL] },
      context: (c, s) => { expect(c.action).toBeNull(); expect(s.status).toBe('done') },
    },
    ready: {
      words: { tr: 'onay ya da iptal düğmesi bekleniyor', en: 'the confirm or cancel button waits' },
      screen: (c) => c.action === 'confirm'
        ? { texts: [CONFIRM_TITLE], enabled: [CONFIRM], absent: [CHANGED, CANCEL] }
        : { texts: [CANCEL_TITLE], enabled: [CANCEL], absent: [CANCELLED, CONFIRM] },
      tags: { busy: false },
      context: (c) => expect(['confirm', 'cancel']).toContain(c.action),
      ignores: [{ type: 'retry' }],
    },
    submitting: {
      words: { tr: 'bağlantı gönderiliyor', en: 'the link is being sent' },
      screen: (c) => ({ texts: [SENDING], disabled: [c.action === 'confirm' ? CONFIRM : CANCEL] }),
      tags: { busy: true },
      ignores: [{ type: 'link.submit' }, { type: 'retry' }],
    },
    failed: {
      words: { tr: 'bağlantı kabul edilmedi, nedeni görünür', en: 'the link was not accepted, its reason shows' },
      screen: (c) => c.error === 'EMAIL_CHANGE_INVALID' ? { texts: [INVALID, TO_LOGIN], absent: [RETRY] }
        : c.error === 'USER_EXISTS' ? { texts: [TAKEN, TO_LOGIN], absent: [RETRY] }
          : { enabled: [RETRY], texts: [TO_LOGIN] },
      tags: { busy: false },
      // a used, expired or cancelled link, or a taken address, is final: no "retry" is offered (screen)
      context: (c, s) => { expect(c.error).not.toBeNull(); expect(s.can({ type: 'retry' })).toBe(retryable(c.error)) },
      ignores: [{ type: 'link.submit' }],
    },
    confirmed: {
      words: { tr: 'yeni adres hesabın adresi oldu', en: 'the new address is the account\'s' },
      screen: { texts: [CHANGED, TO_LOGIN], absent: [CONFIRM] },
      context: (c, s) => { expect(c.email).toBe('mehmet.yeni@example.com'); expect(s.status).toBe('done') },
    },
    cancelled: {
      words: { tr: 'değişiklik iptal edildi', en: 'the change was cancelled' },
      screen: { texts: [CANCELLED, TO_LOGIN], absent: [CANCEL] },
      context: (_c, s) => expect(s.status).toBe('done'),
    },
  },
  rules: [
    { name: 'a confirmation link asks for the press of its button', from: 'reading', event: 'xstate.done.actor.readLink', when: (_c, e) => e.output.action === 'confirm', to: 'ready',
      changes: { action: 'confirm' } },
    { name: 'a cancellation link asks for the press of its button', from: 'reading', event: 'xstate.done.actor.readLink', when: (_c, e) => e.output.action === 'cancel', to: 'ready',
      changes: { action: 'cancel' } },
    { name: 'a missing or broken link says so, and nothing is sent', from: 'reading', event: 'xstate.error.actor.readLink', to: 'invalidLink',
      changes: { error: 'LINK_INVALID' } },
    // what the button sends is the link's action (inputs.submitLink)
    { name: 'the button sends the link', from: 'ready', event: 'link.submit', to: 'submitting', changes: {} },
    { name: 'the new address confirmed: it is the account\'s now', from: 'submitting', event: 'xstate.done.actor.submitLink', when: (c) => c.action === 'confirm', to: 'confirmed',
      changes: (_p, e) => ({ email: e.output.email, error: null }) },
    { name: 'the old address cancelled the change (a failure before it forgotten)', from: 'submitting', event: 'xstate.done.actor.submitLink', when: (c) => c.action === 'cancel', to: 'cancelled',
      changes: { error: null } },
    { name: 'a refused link shows the reason', from: 'submitting', event: 'xstate.error.actor.submitLink', to: 'failed',
      changes: (_p, e) => ({ error: reason(e) }) },
    // the failure's reason stays on screen until the new answer
    { name: 'a network failure can be tried again', from: 'failed', event: 'retry', when: (c) => retryable(c.error), to: 'submitting', changes: {} },
  ],
  // a broken link, a refused link (used, expired, cancelled; the address taken) or a failure says why
  errorText: (c, s) => {
    if (s.matches('invalidLink')) return [BROKEN]
    if (s.matches('failed')) return [c.error === 'EMAIL_CHANGE_INVALID' ? INVALID : c.error === 'USER_EXISTS' ? TAKEN : reasonSays(c.error!)]
    return c.error ? [] : null
  },
  inputs: {
    // the link is read from the address (no input)
    readLink: () => undefined,
    // the action the link named: confirm or cancel, the one the page read
    submitLink: (p, e) => ({ action: e.type === 'xstate.done.actor.readLink' ? e.output.action : p.action }),
  },
  initial: (c) => expect(c).toEqual({ action: null, email: null, error: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; output?: { action?: string }; error?: { code?: string; kind?: string } }
    switch (e.type) {
      case 'link.submit': return { tr: 'kullanıcı bağlantının düğmesine basar', en: 'the user presses the link\'s button' }
      case 'retry': return { tr: `kullanıcı "${RETRY}" düğmesine basar`, en: 'the user presses "Retry"' }
      case 'xstate.done.actor.readLink': return ev.output?.action === 'confirm'
        ? { tr: 'sayfa yeni adrese gönderilen onay bağlantısıyla açılır', en: 'the page opens with the confirmation link sent to the new address' }
        : { tr: 'sayfa eski adrese gönderilen iptal bağlantısıyla açılır', en: 'the page opens with the cancellation link sent to the old address' }
      case 'xstate.error.actor.readLink': return { tr: 'sayfa eksik bir bağlantıyla açılır', en: 'the page opens with a broken link' }
      case 'xstate.done.actor.submitLink': return { tr: 'sunucu bağlantıyı kabul eder', en: 'the server accepts the link' }
      case 'xstate.error.actor.submitLink': return { tr: `sunucu bağlantıyı reddeder (${ev.error?.code ?? 'NETWORK'})`, en: `the link is refused (${ev.error?.code ?? 'NETWORK'})` }
    }
    return { tr: e.type, en: e.type }
  },
}
