import { expect } from 'vitest'
import type { ResourceEditorContext } from '../../../machines/resource-editor/resource-editor.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { reasonSays } from './texts.ts'

/** The shared form's words (src/web/views/admin/EditorForm.tsx), whatever the resource. */
const SAVE = 'Kaydet'
const LOADING = 'Yükleniyor…'
const RETRY = 'Tekrar dene'
const SAVED = 'Değişiklikler kaydedildi.'
const SAVING = 'Kaydediliyor…'
const CONFLICT_TEXT = 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.'
const RELOAD = 'Yeniden yükle'
const FIX_FIELDS = 'Formda düzeltilmesi gereken'
const UNSAVED = 'Kaydedilmemiş değişiklikler var'
const STAY = 'Sayfada kal'
const DISCARD = 'Değişiklikleri at ve çık'
const RESET = 'Değişiklikleri geri al'
/** The staff home the menu's "Ana sayfa" opens. */
const HOME = 'Yetkileriniz'
/** The password dialog of a save the server keeps until the password is confirmed (issue 28). */
const REAUTH_TITLE = 'Şifrenizi doğrulayın'
const REAUTH_CONFIRM = 'Onayla ve kaydet'
const REAUTH_WRONG = 'Şifreniz doğrulanamadı'
const REAUTH_EMPTY = 'Şifrenizi girin.'

const hasErrors = (e: { output: Record<string, string> }) => Object.keys(e.output).length > 0
const without = (errors: Record<string, string>, field: string) => Object.fromEntries(Object.entries(errors).filter(([f]) => f !== field))
const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind ? e.error.kind.toUpperCase() : undefined)

/**
 * Every admin form (issue 11 section 4, ARCHITECTURE 4b), written apart from machines/resource-editor:
 * a save sends the version it loaded, a stale one is a conflict with the option to reload (never a
 * silent overwrite), leaving with unsaved changes asks first. The screens are the shared form's
 * (EditorForm), the same on every admin page.
 */
export const resourceEditorExpectations: Expectations<ResourceEditorContext> = {
  states: {
    loading: {
      words: { tr: 'kayıt yükleniyor', en: 'the record is loading' },
      screen: { texts: [LOADING], absent: [SAVE] },
      tags: { busy: true },
      ignores: [{ type: 'form.submit' }, { type: 'leave.confirm' }],
    },
    loadFailed: {
      words: { tr: 'kayıt yüklenemedi, "tekrar dene" sunulur', en: 'the record could not load, "retry" is offered' },
      screen: { enabled: [RETRY], absent: [SAVE, LOADING] },
      tags: { busy: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'form.submit' }, { type: 'field.change', field: 'name', value: 'X' }],
    },
    editing: {
      words: { tr: 'form düzenleniyor', en: 'the form is being edited' },
      screen: { texts: [RESET], enabled: [SAVE], absent: [SAVED, CONFLICT_TEXT, UNSAVED, SAVING] },
      tags: { busy: false },
      context: (c) => expect(c.record).not.toBeNull(),
      ignores: [{ type: 'retry' }, { type: 'reload' }, { type: 'leave.confirm' }],
    },
    validating: {
      words: { tr: 'form denetleniyor', en: 'the form is being checked' },
      screen: { texts: [RESET], disabled: [SAVE], absent: [SAVED, SAVING] },
      tags: { busy: true },
      ignores: [{ type: 'form.submit' }, { type: 'field.change', field: 'name', value: 'X' }, { type: 'leave.request' }],
    },
    saving: {
      words: { tr: 'kaydediliyor', en: 'saving' },
      screen: { texts: [RESET, SAVING], disabled: [SAVE] },
      tags: { busy: true },
      context: (c) => expect(c.errors).toEqual({}),
      ignores: [{ type: 'form.submit' }, { type: 'field.change', field: 'name', value: 'X' }, { type: 'leave.request' }],
    },
    saved: {
      words: { tr: '"kaydedildi" görünür', en: '"saved" shows' },
      screen: { texts: [SAVED], enabled: [SAVE], absent: [FIX_FIELDS] },
      tags: { busy: false },
      context: (c) => { expect(c.dirty).toBe(false); expect(c.draft).toEqual(c.record!.values) },
      ignores: [{ type: 'form.submit' }, { type: 'reload' }],
    },
    conflict: {
      words: { tr: 'başkası önce kaydetti: değişiklikler ekranda kalır, "yeniden yükle" sunulur', en: 'someone else saved first: the changes stay on screen, "reload" is offered' },
      screen: { texts: [CONFLICT_TEXT], enabled: [RELOAD], disabled: [SAVE] },
      tags: { busy: false },
      context: (c) => { expect(c.error).toBe('CONFLICT'); expect(c.record).not.toBeNull() },
      ignores: [{ type: 'form.submit' }, { type: 'field.change', field: 'name', value: 'X' }],
    },
    failed: {
      words: { tr: 'kayıt başarısız, nedeni görünür', en: 'the save failed, its reason shows' },
      screen: { texts: [RESET], enabled: [SAVE], absent: [SAVED, CONFLICT_TEXT] },
      tags: { busy: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'reload' }, { type: 'retry' }],
    },
    reauthenticating: {
      words: { tr: 'kaydetmek için şifre yeniden sorulur', en: 'the password is asked again before saving' },
      screen: (c) => ({
        headings: [REAUTH_TITLE],
        enabled: [REAUTH_CONFIRM],
        ...(c.error === null ? { absent: [REAUTH_WRONG, REAUTH_EMPTY] } : {}),
      }),
      tags: { busy: false },
      context: (c) => { expect(c.record).not.toBeNull(); expect([null, 'REAUTH_FAILED', 'PASSWORD_REQUIRED']).toContain(c.error) },
      ignores: [{ type: 'form.submit' }, { type: 'field.change', field: 'name', value: 'X' }, { type: 'reload' }, { type: 'leave.confirm' }],
    },
    confirmingLeave: {
      words: { tr: '"kaydedilmemiş değişiklikler" onayı sorulur', en: 'the "unsaved changes" confirmation is asked' },
      screen: { headings: [UNSAVED], enabled: [STAY, DISCARD] },
      context: (c) => expect(c.record).not.toBeNull(),
      ignores: [{ type: 'form.submit' }, { type: 'field.change', field: 'name', value: 'X' }],
    },
    left: {
      words: { tr: 'formdan çıkıldı', en: 'the form was left' },
      screen: { headings: [HOME], absent: [UNSAVED] },
      context: (_c, s) => expect(s.status).toBe('done'),
    },
  },
  rules: [
    { name: 'the loaded record fills the form, unchanged', from: 'loading', event: 'xstate.done.actor.load', to: 'editing',
      changes: (_p, e) => ({ record: e.output, draft: e.output.values, dirty: false, errors: {}, error: null }) },
    { name: 'a failed load shows its reason', from: 'loading', event: 'xstate.error.actor.load', to: 'loadFailed', changes: (_p, e) => ({ error: reason(e) }) },
    { name: 'retry loads again', from: 'loadFailed', event: 'retry', to: 'loading', changes: { error: null } },
    { name: 'typing changes the draft and clears that field\'s error', from: 'editing', event: 'field.change', to: 'editing',
      changes: (p, e) => ({ draft: { ...p.draft, [e.field]: e.value }, dirty: true, errors: without(p.errors, e.field) }) },
    { name: 'submit checks the form first', from: 'editing', event: 'form.submit', to: 'validating', changes: {} },
    { name: 'reset brings back the loaded values', from: 'editing', event: 'form.reset', to: 'editing',
      changes: (p) => ({ draft: p.record!.values, errors: {}, dirty: false, error: null }) },
    { name: 'leaving with unsaved changes asks first', from: 'editing', event: 'leave.request', when: (c) => c.dirty, to: 'confirmingLeave', changes: {} },
    { name: 'leaving without changes just leaves', from: 'editing', event: 'leave.request', when: (c) => !c.dirty, to: 'left', changes: {} },
    { name: 'an invalid form is never saved: its errors show', from: 'validating', event: 'xstate.done.actor.validate', when: (_c, e) => hasErrors(e), to: 'editing',
      changes: (_p, e) => ({ errors: e.output, error: null }) },
    { name: 'a valid form is saved', from: 'validating', event: 'xstate.done.actor.validate', when: (_c, e) => !hasErrors(e), to: 'saving',
      changes: { errors: {}, error: null } },
    { name: 'the server\'s answer becomes the new record', from: 'saving', event: 'xstate.done.actor.save', to: 'saved',
      changes: (_p, e) => ({ record: e.output, draft: e.output.values, dirty: false, error: null }) },
    { name: 'a stale version is a conflict, never a silent overwrite: the changes stay', from: 'saving', event: 'xstate.error.actor.save', when: (_c, e) => reason(e) === 'CONFLICT', to: 'conflict',
      changes: { error: 'CONFLICT' } },
    { name: 'a refusal field by field (a duplicate, a server-side rule) puts its errors on the fields', from: 'saving', event: 'xstate.error.actor.save',
      when: (_c, e) => reason(e) === 'FIELDS', to: 'editing', changes: (_p, e) => ({ errors: (e.error as unknown as { fields: Record<string, string> }).fields, error: null }) },
    { name: 'a save the server keeps until the password is confirmed asks for it (issue 28)', from: 'saving', event: 'xstate.error.actor.save',
      when: (_c, e) => reason(e) === 'REAUTH_REQUIRED', to: 'reauthenticating', changes: { error: null } },
    { name: 'a wrong password asks again, saying so', from: 'saving', event: 'xstate.error.actor.save', when: (_c, e) => reason(e) === 'REAUTH_FAILED', to: 'reauthenticating',
      changes: { error: 'REAUTH_FAILED' } },
    { name: 'any other save error shows its reason', from: 'saving', event: 'xstate.error.actor.save',
      when: (_c, e) => !['CONFLICT', 'FIELDS', 'REAUTH_REQUIRED', 'REAUTH_FAILED'].includes(reason(e) ?? ''), to: 'failed',
      changes: (_p, e) => ({ error: reason(e) }) },
    // the password goes to that one save (inputs.save below), never into the context
    { name: 'the confirmed password saves again, with the same draft and version', from: 'reauthenticating', event: 'reauth.submit',
      when: (_c, e) => e.password !== '', to: 'saving', changes: {} },
    { name: 'an empty password is not sent: the dialog asks for it', from: 'reauthenticating', event: 'reauth.submit',
      when: (_c, e) => e.password === '', to: 'reauthenticating', changes: { error: 'PASSWORD_REQUIRED' } },
    { name: 'cancelling the password keeps the changes on the form, unsaved', from: 'reauthenticating', event: 'reauth.cancel', to: 'editing', changes: { error: null } },
    { name: 'leaving while the password is asked asks first', from: 'reauthenticating', event: 'leave.request', to: 'confirmingLeave', changes: {} },
    { name: 'typing after a save edits again', from: 'saved', event: 'field.change', to: 'editing',
      changes: (p, e) => ({ draft: { ...p.draft, [e.field]: e.value }, dirty: true }) },
    { name: 'leaving a saved form just leaves', from: 'saved', event: 'leave.request', to: 'left', changes: {} },
    { name: 'reload after a conflict brings the newer version', from: 'conflict', event: 'reload', to: 'loading', changes: { error: null } },
    { name: 'leaving after a conflict asks first', from: 'conflict', event: 'leave.request', to: 'confirmingLeave', changes: {} },
    { name: 'submit again after a failure (its reason stays until the check answers)', from: 'failed', event: 'form.submit', to: 'validating', changes: {} },
    { name: 'typing after a failure edits again', from: 'failed', event: 'field.change', to: 'editing',
      changes: (p, e) => ({ draft: { ...p.draft, [e.field]: e.value }, dirty: true, error: null }) },
    { name: 'leaving after a failure asks first', from: 'failed', event: 'leave.request', to: 'confirmingLeave', changes: {} },
    { name: 'confirming leaves', from: 'confirmingLeave', event: 'leave.confirm', to: 'left', changes: {} },
    { name: 'cancelling keeps the changes on the form', from: 'confirmingLeave', event: 'leave.cancel', to: 'editing', changes: {} },
  ],
  equivalentMutants: {
    'assign | resourceEditor.loading --xstate.done.actor.load#0--> resourceEditor.editing action#0 errors kept': 'loading is entered with no field errors (at first, after a conflict or a failed load): clearing them again changes nothing',
    'assign | resourceEditor.loading --xstate.done.actor.load#0--> resourceEditor.editing action#0 error kept': 'loading is entered with no error (retry and reload clear it)',
    'assign | resourceEditor.saving --xstate.done.actor.save#0--> resourceEditor.saved action#0 error kept': 'saving is entered only from a check that cleared the error',
    'assign | resourceEditor.saving --xstate.error.actor.save#1--> resourceEditor.editing action#0 error kept': 'saving is entered only from a check that cleared the error',
  },
  // a conflict says what happened; a failure says why (the server's words, else spec 8's); field errors are counted
  errorText: (c, s) => {
    if (s.status === 'done') return []
    if (s.matches('conflict')) return [CONFLICT_TEXT]
    if (s.matches('failed') || s.matches('loadFailed')) return [reasonSays(c.error!)]
    // the password dialog says why it asks again
    if (s.matches('reauthenticating')) return c.error === 'REAUTH_FAILED' ? [REAUTH_WRONG] : c.error === 'PASSWORD_REQUIRED' ? [REAUTH_EMPTY] : null
    // a new check keeps the last reason until it answers, without showing it
    if (s.matches('validating') || s.matches('confirmingLeave')) return []
    const n = Object.keys(c.errors).length
    return n > 0 ? [`${FIX_FIELDS} ${n} alan var.`] : null
  },
  inputs: {
    // the record the form was opened for
    load: (_p, _e, _n, input) => ({ id: input.id }),
    // the values on the form when "Kaydet" was pressed
    validate: (p) => ({ values: p.draft }),
    // the checked values, with the version the form loaded (or last saved): a stale one is refused
    // after the password dialog, that password too (for this save only)
    save: (p, e, _n, input) => ({ id: input.id, version: p.record!.version, values: p.draft, ...(e.type === 'reauth.submit' ? { password: e.password } : {}) }),
  },
  initial: (c, input) => expect(c).toEqual({ id: input.id, record: null, draft: {}, errors: {}, dirty: false, error: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; field?: string; value?: unknown; output?: unknown; error?: { code?: string; kind?: string } }
    switch (e.type) {
      case 'field.change': return { tr: `kullanıcı "${ev.field}" alanına "${String(ev.value)}" yazar`, en: `the user types "${String(ev.value)}" into "${ev.field}"` }
      case 'form.submit': return { tr: 'kullanıcı "Kaydet" düğmesine basar', en: 'the user presses "Save"' }
      case 'form.reset': return { tr: 'kullanıcı değişiklikleri geri alır', en: 'the user resets the changes' }
      case 'retry': return { tr: 'kullanıcı "Tekrar dene" düğmesine basar', en: 'the user presses "Retry"' }
      case 'reload': return { tr: 'kullanıcı "Yeniden yükle" düğmesine basar', en: 'the user presses "Reload"' }
      case 'leave.request': return { tr: 'kullanıcı formdan çıkmak ister', en: 'the user wants to leave the form' }
      case 'leave.confirm': return { tr: 'kullanıcı çıkmayı onaylar', en: 'the user confirms leaving' }
      case 'leave.cancel': return { tr: 'kullanıcı çıkmaktan vazgeçer', en: 'the user cancels leaving' }
      case 'reauth.submit': return (e as { password?: string }).password
        ? { tr: 'kullanıcı şifresini girip "Onayla ve kaydet" düğmesine basar', en: 'the user enters their password and presses "Confirm and save"' }
        : { tr: 'kullanıcı şifre girmeden "Onayla ve kaydet" düğmesine basar', en: 'the user presses "Confirm and save" without a password' }
      case 'reauth.cancel': return { tr: 'kullanıcı şifre sorusundan vazgeçer', en: 'the user cancels the password question' }
      case 'xstate.done.actor.load': return { tr: 'sunucu kaydı gönderir', en: 'the server sends the record' }
      case 'xstate.error.actor.load': return { tr: 'kayıt yüklenemez (ağ hatası)', en: 'the record fails to load (network)' }
      case 'xstate.done.actor.validate': return ev.output && Object.keys(ev.output as object).length > 0
        ? { tr: 'denetim alan hatası bulur', en: 'the check finds a field error' }
        : { tr: 'denetim hata bulmaz', en: 'the check finds no error' }
      case 'xstate.done.actor.save': return { tr: 'sunucu yeni sürümü kaydeder', en: 'the server saves the new version' }
      case 'xstate.error.actor.save': return { tr: `kayıt reddedilir (${ev.error?.code})`, en: `the save is refused (${ev.error?.code})` }
    }
    return { tr: e.type, en: e.type }
  },
}
