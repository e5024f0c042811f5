import { expect } from 'vitest'
import type { UploadContext } from '../../../machines/upload/upload.machine.ts'
import { reasonSays } from './texts.ts'
import type { Expectations, Screen } from '../../support/expectations.ts'

/** The words of the two pages (src/web/views/admin/company/LogoField.tsx, users/PhotoCropper.tsx). */
const FORMATS = 'PNG, JPEG veya WebP'
const LOGO_SAVED = 'Logo kaydedildi.'
const PHOTO_SAVED = 'Fotoğraf kaydedildi.'
const REMOVED = 'kaldırıldı.'
const REMOVING = 'Kaldırılıyor…'
const NOT_A_LOGO = 'Logo PNG, JPEG veya WebP biçiminde bir resim olmalıdır.'
const NOT_A_PICTURE = 'Bu dosya bir resim olarak açılamadı'
const CROP_HELP = 'Kare alanı ok tuşlarıyla veya sürükleyerek taşıyın'
const SAVE_PHOTO = 'Fotoğrafı kaydet'
const PHOTO_REFUSED = 'Fotoğraf kaydedilemedi'
/** Spec 8: a request without an answer. */
const NETWORK_TEXT = 'Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz'

const kind = (c: UploadContext) => (c.file as { kind?: 'logo' | 'photo' } | null)?.kind ?? null
const byKind = (c: UploadContext, logo: Screen, photo: Screen, none: Screen): Screen => {
  const k = kind(c)
  return k === 'logo' ? logo : k === 'photo' ? photo : none
}
const reviews = (e: { output: { review: boolean } }) => e.output.review === true
const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind === 'network' ? 'NETWORK' : 'UNEXPECTED')

/**
 * Choosing and sending a picture, written apart from machines/upload: nothing is sent before the
 * file is checked; a picture to crop is shown first and sent with the crop; a refused upload after
 * the crop keeps the picture for another try; removal deletes the stored one.
 */
export const uploadExpectations: Expectations<UploadContext> = {
  states: {
    idle: {
      words: { tr: 'dosya seçilmedi', en: 'no file chosen' },
      screen: { texts: [FORMATS], absent: [LOGO_SAVED, PHOTO_SAVED, CROP_HELP] },
      tags: { busy: false },
      context: (c) => expect(c).toMatchObject({ prepared: null, error: null }),
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'cancel' }],
    },
    checking: {
      unseen: 'the file is checked in the browser (type, size, a picture that opens) in a moment, before anything is sent',
      words: { tr: 'seçilen dosya denetleniyor', en: 'the chosen file is being checked' },
      tags: { busy: true },
      context: (c) => expect(c.file).not.toBeNull(),
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'remove.request' }],
    },
    reviewing: {
      words: { tr: 'resim kırpılmak üzere gösterilir', en: 'the picture shows, to be cropped' },
      screen: (c) => ({ texts: c.error ? [CROP_HELP, PHOTO_REFUSED] : [CROP_HELP], enabled: [SAVE_PHOTO], ...(c.error ? {} : { absent: [PHOTO_REFUSED] }) }),
      tags: { busy: false },
      context: (c) => expect(c.prepared).not.toBeNull(),
      ignores: [{ type: 'remove.request' }],
    },
    uploading: {
      words: { tr: 'resim gönderiliyor', en: 'the picture is being sent' },
      screen: (c) => byKind(c, { texts: ['Yükleniyor…'] }, { texts: [CROP_HELP], disabled: [SAVE_PHOTO] }, {}),
      tags: { busy: true },
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'remove.request' }, { type: 'cancel' }],
    },
    uploaded: {
      words: { tr: '"kaydedildi" görünür', en: '"saved" shows' },
      screen: (c) => byKind(c, { texts: [LOGO_SAVED] }, { texts: [PHOTO_SAVED], absent: [CROP_HELP] }, {}),
      tags: { busy: false },
      context: (c) => { expect(c.result).not.toBeNull(); expect(c.error).toBeNull(); expect(c.prepared).toBeNull() },
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'cancel' }],
    },
    removing: {
      words: { tr: 'kayıtlı resim kaldırılıyor', en: 'the stored picture is being removed' },
      screen: { texts: [REMOVING] },
      tags: { busy: true },
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'remove.request' }],
    },
    removed: {
      words: { tr: '"kaldırıldı" görünür', en: '"removed" shows' },
      screen: { texts: [REMOVED], absent: [REMOVING] },
      tags: { busy: false },
      context: (c) => { expect(c.result).toBeNull(); expect(c.error).toBeNull() },
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'remove.request' }, { type: 'cancel' }],
    },
    rejected: {
      words: { tr: 'dosya gönderilmeden reddedildi: nedeni görünür', en: 'the file was refused before sending: the reason shows' },
      screen: (c) => ({ texts: [c.error === 'LOGO_TYPE' ? NOT_A_LOGO : NOT_A_PICTURE], absent: [CROP_HELP] }),
      tags: { busy: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'cancel' }],
    },
    failed: {
      words: { tr: 'gönderilemedi: nedeni görünür', en: 'could not be sent: the reason shows' },
      screen: { texts: [NETWORK_TEXT], absent: [LOGO_SAVED, PHOTO_SAVED, CROP_HELP] },
      tags: { busy: false },
      context: (c) => { expect(c.error).not.toBeNull(); expect(c.prepared).toBeNull() },
      ignores: [{ type: 'upload.submit', options: {} }, { type: 'cancel' }],
    },
  },
  rules: [
    ...(['idle', 'reviewing', 'uploaded', 'removed', 'rejected', 'failed'] as const).map((from) => ({
      name: `choosing a file (${from}) checks it first`, from, event: 'file.select', to: 'checking',
      then: (c: UploadContext, _p: UploadContext, e: { file: unknown }) => expect(c).toMatchObject({ file: e.file, prepared: null, options: null, error: null }),
    })),
    { name: 'a picture to crop is shown first', from: 'checking', event: 'xstate.done.actor.check', when: (_c, e) => reviews(e), to: 'reviewing',
      then: (c, _p, e) => expect(c.prepared).toEqual(e.output.prepared) },
    { name: 'a file with nothing to review is sent at once', from: 'checking', event: 'xstate.done.actor.check', when: (_c, e) => !reviews(e), to: 'uploading',
      then: (c, p) => { expect(c.file).toEqual(p.file); expect(c.options).toBeNull() } },
    { name: 'a refused file is never sent: the reason shows', from: 'checking', event: 'xstate.error.actor.check', to: 'rejected',
      then: (c, _p, e) => expect(c.error).toBe(reason(e)) },
    { name: 'saving the crop sends the picture with it', from: 'reviewing', event: 'upload.submit', to: 'uploading',
      then: (c, p, e) => { expect(c.options).toEqual(e.options); expect(c.prepared).toEqual(p.prepared); expect(c.error).toBeNull() } },
    { name: 'cancelling the crop sends nothing', from: 'reviewing', event: 'cancel', to: 'idle', then: (c) => expect(c).toMatchObject({ file: null, prepared: null }) },
    { name: 'the stored picture is announced', from: 'uploading', event: 'xstate.done.actor.upload', to: 'uploaded', effects: ['notice:uploaded'],
      then: (c, _p, e) => expect(c.result).toEqual(e.output) },
    { name: 'a refused upload after the crop keeps the picture for another try', from: 'uploading', event: 'xstate.error.actor.upload',
      when: (c) => c.options !== null, to: 'reviewing', effects: [],
      then: (c, p, e) => { expect(c.error).toBe(reason(e)); expect(c.prepared).toEqual(p.prepared) } },
    { name: 'a refused upload without a crop shows its reason', from: 'uploading', event: 'xstate.error.actor.upload',
      when: (c) => c.options === null, to: 'failed', effects: [], then: (c, _p, e) => expect(c.error).toBe(reason(e)) },
    ...(['idle', 'uploaded', 'rejected', 'failed'] as const).map((from) => ({ name: `removal (${from}) deletes the stored picture`, from, event: 'remove.request', to: 'removing' })),
    { name: 'the removal is announced', from: 'removing', event: 'xstate.done.actor.remove', to: 'removed', effects: ['notice:removed'],
      then: (c) => expect(c.result).toBeNull() },
    { name: 'a failed removal shows its reason', from: 'removing', event: 'xstate.error.actor.remove', to: 'failed', effects: [],
      then: (c, _p, e) => expect(c.error).toBe(reason(e)) },
  ],
  // a refused file says what it must be; a failed upload says why (a refused crop, on the crop)
  errorText: (c, s) => {
    if (s.hasTag('busy')) return c.error ? [] : null
    if (s.matches('rejected')) return [c.error === 'LOGO_TYPE' ? NOT_A_LOGO : NOT_A_PICTURE]
    if (s.matches('failed')) return [reasonSays(c.error!)]
    // the crop stays; the refusal says why ("Fotoğraf kaydedilemedi." and the reason)
    if (s.matches('reviewing') && c.error) return [PHOTO_REFUSED, reasonSays(c.error)]
    return c.error ? [] : null
  },
  equivalentMutants: {
    'assign | upload.uploading --xstate.done.actor.upload#0--> upload.uploaded action#0 error kept': 'uploading holds no error: it is entered from checking (choosing the file cleared it) or by "upload.submit" from reviewing, which clears it; the done answer\'s error: null writes the null it holds (found by exploring seed 101)',
    'assign | upload.uploading --xstate.error.actor.upload#1--> upload.failed action#0 prepared kept': 'failed never reads prepared: its only ways out are file.select (choose clears it) and remove.request (removing sends nothing but the request); the assign only lets the prepared picture go from memory (found by the CI sample, seed 938281608)',
    'action | upload.checking --xstate.done.actor.check#1--> upload.uploading action#0 (xstate.assign) removed': 'a file sent at once is one the check has nothing to prepare for (src/web/flows/company.ts answers { review: false }), and choosing it cleared prepared: the assign writes the null it holds',
    'assign | upload.checking --xstate.done.actor.check#1--> upload.uploading action#0 prepared kept': 'the same assignment left out, field by field: a file sent at once has nothing prepared (src/web/flows/company.ts answers { review: false }) and choosing it cleared prepared (found by exploring seed 303)',
  },
  inputs: {
    // the file chosen
    check: (_p, e) => ({ file: e.file }),
    // the file, as the check prepared it, with the options of the review (a crop), if any
    upload: (p, e, n) => ({ file: n.file, prepared: e.type === 'xstate.done.actor.check' ? (e.output.prepared ?? null) : p.prepared, options: e.type === 'upload.submit' ? (e.options ?? {}) : null }),
    // removing sends nothing but the request
    remove: () => undefined,
  },
  initial: (c) => expect(c).toEqual({ file: null, prepared: null, options: null, result: null, error: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; file?: { kind: string; name: string }; output?: { review?: boolean }; error?: { code?: string; kind?: string } }
    switch (e.type) {
      case 'file.select': return ev.file!.kind === 'logo'
        ? { tr: `kullanıcı logo olarak "${ev.file!.name}" dosyasını seçer`, en: `the user chooses "${ev.file!.name}" as the logo` }
        : { tr: `kullanıcı fotoğraf olarak "${ev.file!.name}" dosyasını seçer`, en: `the user chooses "${ev.file!.name}" as the photo` }
      case 'upload.submit': return { tr: `kullanıcı kırpıp "${SAVE_PHOTO}" düğmesine basar`, en: `the user crops and presses "${SAVE_PHOTO}"` }
      case 'cancel': return { tr: 'kullanıcı kırpmaktan vazgeçer', en: 'the user cancels the crop' }
      case 'remove.request': return { tr: 'kullanıcı kayıtlı resmi kaldırır', en: 'the user removes the stored picture' }
      case 'xstate.done.actor.check': return ev.output!.review
        ? { tr: 'resim açılır, kırpılmak üzere gösterilir', en: 'the picture opens, to be cropped' }
        : { tr: 'dosya denetimden geçer', en: 'the file passes the check' }
      case 'xstate.error.actor.check': return { tr: `dosya reddedilir (${ev.error?.code})`, en: `the file is refused (${ev.error?.code})` }
      case 'xstate.done.actor.upload': return { tr: 'sunucu resmi kaydeder', en: 'the server stores the picture' }
      case 'xstate.error.actor.upload': return { tr: 'gönderim yanıtsız kalır (ağ hatası)', en: 'the upload gets no answer (network)' }
      case 'xstate.done.actor.remove': return { tr: 'sunucu resmi siler', en: 'the server deletes the picture' }
      case 'xstate.error.actor.remove': return { tr: 'silme yanıtsız kalır (ağ hatası)', en: 'the removal gets no answer (network)' }
    }
    return { tr: e.type, en: e.type }
  },
}
