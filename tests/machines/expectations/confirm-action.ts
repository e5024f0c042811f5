import { expect } from 'vitest'
import type { ConfirmActionContext } from '../../../machines/confirm-action/confirm-action.machine.ts'
import { reasonSays } from './texts.ts'
import type { Expectations, Screen } from '../../support/expectations.ts'

/** The words of the two pages the replay uses (src/web/views/admin/company: ListParts, MailServerView). */
const ASKED = 'Silinsin mi?'
const GOES = (name: string) => `“${name}” kalıcı olarak silinecek.`
const GONE = (name: string) => `“${name}” silindi.`
const KEEP = 'Vazgeç'
const RETRY = 'Tekrar dene'
const CLOSE = 'Kapat'
const SENT = 'Gönderildi. Sunucunun yanıtı:'
const SENDING = 'Gönderiliyor…'
/** The row is gone (someone deleted it first). */
const GONE_TEXT = 'Kayıt bulunamadı'
/** Spec 5: the e-mail field's message. */
const NOT_EMAIL = 'Girilen değer geçerli bir email adresi değil'
/** Spec 8: a request without an answer. */
const NETWORK_TEXT = 'Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz'
/** Both pages are company pages: their navigation shows the other. */
const COMPANY_NAV = ['Unvanlar', 'Posta sunucusu']

type Subject = { kind: 'delete'; id: string; name: string } | { kind: 'mail'; to: string }
const subject = (c: ConfirmActionContext) => c.subject as Subject
const byKind = (c: ConfirmActionContext, del: (s: { name: string }) => Screen, mail: () => Screen): Screen => {
  const s = subject(c)
  return s.kind === 'delete' ? del(s) : mail()
}
const asks = (e: { output: { ask: boolean } }) => e.output.ask === true
const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind === 'network' ? 'NETWORK' : 'UNEXPECTED')
const request = (s: Subject) => ({ type: 'request', subject: s })
const OTHER = { kind: 'delete', id: 'x', name: 'Başka' } as const

/**
 * Ask, then act, written apart from machines/confirm-action: nothing is done before the person
 * confirms (when there is something to ask); a refusal of the check names the field; a failure
 * keeps the subject, so "confirm" tries the same again; "cancel" forgets it.
 */
export const confirmActionExpectations: Expectations<ConfirmActionContext> = {
  states: {
    idle: {
      words: { tr: 'sorulan bir şey yok', en: 'nothing is being asked' },
      screen: { texts: COMPANY_NAV, absent: [ASKED, SENT, NETWORK_TEXT] },
      tags: { busy: false, asking: false },
      // (toMatchObject takes `fields: {}` for any object: the field errors are compared whole)
      context: (c) => { expect(c).toMatchObject({ subject: null, error: null, issues: [] }); expect(c.fields).toEqual({}) },
      ignores: [{ type: 'confirm' }, { type: 'cancel' }],
    },
    preparing: {
      words: { tr: 'konu denetleniyor (önizleme)', en: 'the subject is being checked (preview)' },
      // every check starts clean: no preview, outcome, reason or field error of an earlier one (exploring seed 505)
      context: (c) => { expect(c).toMatchObject({ preview: null, result: null, error: null, issues: [] }); expect(c.fields).toEqual({}) },
      unseen: 'the check (or the preview) is one quick request: the question, the outcome or the refusal shows when it answers',
      tags: { busy: true, asking: false },
      ignores: [{ type: 'confirm' }, { type: 'cancel' }, request(OTHER)],
    },
    asking: {
      words: { tr: 'onay sorulur: ne yapılacağı görünür', en: 'the confirmation is asked: what will happen shows' },
      screen: (c) => byKind(c, (s) => ({ texts: [ASKED, GOES(s.name)], enabled: [KEEP] }), () => ({ texts: [ASKED] })),
      tags: { busy: false, asking: true },
      context: (c) => expect(c.error).toBeNull(),
      ignores: [request(OTHER)],
    },
    running: {
      words: { tr: 'işlem yapılıyor', en: 'the action is being carried out' },
      screen: (c) => byKind(c, (s) => ({ texts: [ASKED, GOES(s.name)] }), () => ({ texts: [SENDING] })),
      tags: { busy: true, asking: false },
      ignores: [{ type: 'confirm' }, { type: 'cancel' }, request(OTHER)],
    },
    done: {
      words: { tr: 'yapıldı: sonucu görünür', en: 'done: its outcome shows' },
      screen: (c) => byKind(c, (s) => ({ texts: [GONE(s.name)], absent: [ASKED] }), () => ({ texts: [SENT], absent: [NETWORK_TEXT, NOT_EMAIL] })),
      tags: { busy: false, asking: false },
      context: (c) => { expect(c.result).not.toBeNull(); expect(c.error).toBeNull() },
      ignores: [{ type: 'confirm' }, { type: 'cancel' }],
    },
    failed: {
      words: { tr: 'yapılamadı: nedeni görünür, aynısı yeniden denenebilir', en: 'failed: the reason shows, the same can be tried again' },
      screen: (c) => byKind(c, (s) => ({ texts: [ASKED, GOES(s.name), NETWORK_TEXT], enabled: [KEEP] }), () => ({ texts: [NETWORK_TEXT], enabled: [RETRY, CLOSE], absent: [SENT] })),
      tags: { busy: false, asking: false },
      context: (c) => { expect(c.error).not.toBeNull(); expect(c.subject).not.toBeNull() },
    },
    prepareFailed: {
      words: { tr: 'denetim reddetti: nedeni (ya da hatalı alan) görünür', en: 'the check refused: its reason (or the field at fault) shows' },
      screen: (c) => byKind(c, () => ({ texts: [GONE_TEXT], absent: [ASKED] }), () => ({ texts: [NOT_EMAIL], absent: [ASKED, SENT] })),
      tags: { busy: false, asking: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'confirm' }, { type: 'cancel' }],
    },
  },
  rules: [
    { name: 'a request checks its subject first', from: 'idle', event: 'request', to: 'preparing',
      then: (c, _p, e) => expect(c).toMatchObject({ subject: e.subject, preview: null, error: null, fields: {} }) },
    { name: 'something to ask: the question shows, nothing is done yet', from: 'preparing', event: 'xstate.done.actor.prepare', when: (_c, e) => asks(e), to: 'asking',
      then: (c, p, e) => { expect(c.subject).toEqual(p.subject); expect(c.preview).toEqual(e.output.preview ?? null) } },
    { name: 'nothing to ask: it is done at once', from: 'preparing', event: 'xstate.done.actor.prepare', when: (_c, e) => !asks(e), to: 'running',
      then: (c, p) => expect(c.subject).toEqual(p.subject) },
    { name: 'a refused check names the field at fault', from: 'preparing', event: 'xstate.error.actor.prepare', to: 'prepareFailed',
      then: (c, _p, e) => { expect(c.error).toBe(reason(e)); expect(c.fields).toEqual(e.error.fields ?? {}) } },
    { name: 'confirming does it', from: 'asking', event: 'confirm', to: 'running', then: (c, p) => expect(c.subject).toEqual(p.subject) },
    { name: 'cancelling does nothing and forgets the subject', from: 'asking', event: 'cancel', to: 'idle', effects: [],
      then: (c) => expect(c.subject).toBeNull() },
    { name: 'done: the outcome is kept and announced', from: 'running', event: 'xstate.done.actor.run', to: 'done', effects: ['notice:done'],
      then: (c, _p, e) => { expect(c.result).toEqual(e.output); expect(c.error).toBeNull() } },
    { name: 'a failure keeps the subject and shows its reason', from: 'running', event: 'xstate.error.actor.run', to: 'failed', effects: ['notice:failed'],
      then: (c, p, e) => { expect(c.error).toBe(reason(e)); expect(c.subject).toEqual(p.subject) } },
    { name: 'another request after a success', from: 'done', event: 'request', to: 'preparing',
      then: (c, _p, e) => expect(c).toMatchObject({ subject: e.subject, result: null, error: null }) },
    { name: 'after a failure, confirming tries the same again', from: 'failed', event: 'confirm', to: 'running',
      // the failure's details go with it: a second refusal must not show the first one's
      then: (c, p) => { expect(c.subject).toEqual(p.subject); expect(c.error).toBeNull(); expect(c.issues).toEqual([]) } },
    { name: 'after a failure, cancelling gives up', from: 'failed', event: 'cancel', to: 'idle', then: (c) => expect(c.subject).toBeNull() },
    { name: 'after a failure, a new request starts over', from: 'failed', event: 'request', to: 'preparing',
      then: (c, _p, e) => expect(c).toMatchObject({ subject: e.subject, error: null }) },
    { name: 'after a refused check, a new request checks again', from: 'prepareFailed', event: 'request', to: 'preparing',
      then: (c, _p, e) => expect(c).toMatchObject({ subject: e.subject, error: null, fields: {} }) },
  ],
  // the check's refusal names what is wrong (the row gone, the address not one); a failure says why
  errorText: (c, s) => {
    if (s.hasTag('busy')) return c.error ? [] : null
    if (s.matches('prepareFailed')) return [c.error === 'NOT_FOUND' ? GONE_TEXT : c.error === 'FIELDS' ? NOT_EMAIL : reasonSays(c.error!)]
    if (s.matches('failed')) return [reasonSays(c.error!)]
    return null
  },
  inputs: {
    // the subject the person asked about: the row to delete, the address to mail (what reaches the server's check)
    prepare: (_p, e) => ({ subject: e.subject }),
    // what was confirmed: the same subject, with the preview the check gave (a failure retried sends the same)
    run: (p, e) => ({ subject: p.subject, preview: e.type === 'xstate.done.actor.prepare' ? (e.output.preview ?? null) : p.preview }),
  },
  initial: (c) => expect(c).toEqual({ subject: null, preview: null, result: null, error: null, issues: [], fields: {} }),
  describeEvent: (e) => {
    const ev = e as { type: string; subject?: Subject; output?: { ask: boolean; ok?: boolean }; error?: { code?: string; kind?: string } }
    switch (e.type) {
      case 'request': return ev.subject!.kind === 'delete'
        ? { tr: `kullanıcı "${ev.subject!.name}" satırının "Sil" düğmesine basar`, en: `the user presses "Sil" on the row "${ev.subject!.name}"` }
        : { tr: `kullanıcı "${ev.subject!.to}" adresine test e-postası gönderir`, en: `the user sends a test mail to "${ev.subject!.to}"` }
      case 'confirm': return { tr: 'kullanıcı onaylar ("Sil", "Tekrar dene")', en: 'the user confirms ("Sil", "Tekrar dene")' }
      case 'cancel': return { tr: 'kullanıcı vazgeçer ("Vazgeç", "Kapat")', en: 'the user gives up ("Vazgeç", "Kapat")' }
      case 'xstate.done.actor.prepare': return ev.output!.ask
        ? { tr: 'denetim onay ister', en: 'the check asks for a confirmation' }
        : { tr: 'denetim geçer, sorulacak bir şey yok', en: 'the check passes, nothing to ask' }
      case 'xstate.error.actor.prepare': return ev.error?.code === 'NOT_FOUND'
        ? { tr: 'satır yeniden okunamaz: başkası silmiş', en: 'the row cannot be read again: someone deleted it' }
        : { tr: 'denetim adresi reddeder', en: 'the check refuses the address' }
      case 'xstate.done.actor.run': return { tr: 'sunucu işlemi yapar', en: 'the server carries it out' }
      case 'xstate.error.actor.run': return { tr: 'istek yanıtsız kalır (ağ hatası)', en: 'the request gets no answer (network)' }
    }
    return { tr: e.type, en: e.type }
  },
}
