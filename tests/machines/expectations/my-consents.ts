import { expect } from 'vitest'
import type { MyConsentsContext } from '../../../machines/my-consents/my-consents.machine.ts'
import { CATALOGUE } from './texts.ts'
import type { Expectations } from '../../support/expectations.ts'

/** The page's words (src/web/views/sales/MyConsentsView.tsx), restated. */
export const MY_CONSENTS_TEXTS = {
  heading: 'İzinlerim',
  smsHeading: 'Cep telefonunuzu doğrulayalım',
  sendCode: 'Kod Gönder',
  loading: 'İzinleriniz yükleniyor…',
  empty: 'Bu telefon numarasıyla verilmiş bir izin bulunamadı.',
  sale: 'Tamamlayıcı Sağlık Sigortası başvurusu',
  sms: 'Ticari Elektronik İleti İzni (SMS)',
  email: 'Ticari Elektronik İleti İzni (E-posta)',
  contract: 'Sözleşme Onayı',
  given: 'Verildi',
  withdrawnStatus: 'Geri alındı',
  withdrawButton: 'İzni geri al',
  confirmQuestion: 'Bu izni geri almak istediğinize emin misiniz?',
  /** What withdrawing a commercial-message consent ends (the health consent's warning is another). */
  marketingEnds: 'Bu kanaldan size artık kampanya, ürün ve fon iletisi gönderilmez.',
  healthEnds: 'Sağlık verilerinizin işlenmesine ve yurt dışına aktarılmasına verdiğiniz rıza sona erer.',
  confirm: 'Evet, geri al',
  cancel: 'Vazgeç',
  withdrawing: 'İzniniz geri alınıyor…',
  done: 'İzniniz geri alındı. Kayıt, verdiğiniz izinle aynı kanıtlarla saklandı.',
  retry: 'Tekrar dene',
  expired: 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız',
  already: 'Bu izni zaten geri aldınız; liste yenilendi.',
  network: CATALOGUE.NETWORK,
} as const
const T = MY_CONSENTS_TEXTS

const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind === 'network' ? 'NETWORK' : 'UNEXPECTED')
const says = (code: string | null) => code === 'SMS_TICKET_INVALID' ? T.expired : code === 'CONSENT_ALREADY_WITHDRAWN' ? T.already : code === 'NETWORK' ? T.network : CATALOGUE.TECHNICAL
const rows = (c: MyConsentsContext) => c.sales.flatMap((s) => s.consents)
const smsRow = (c: MyConsentsContext) => rows(c).find((r) => r.name === 'markconcent')

/**
 * The customer's consent page (issue 24 item 10), written apart from machines/my-consents: nothing
 * shows before the phone is verified; a withdrawal is asked once more before it is sent; only a
 * withdrawable consent can be asked; the answer replaces the row; an expired verification asks
 * for the phone again and forgets the list.
 */
export const myConsentsExpectations: Expectations<MyConsentsContext> = {
  states: {
    sms: {
      words: { tr: 'telefon SMS koduyla doğrulanır', en: 'the phone is verified with an SMS code' },
      screen: { headings: [T.heading, T.smsHeading], enabled: [T.sendCode], absent: [T.sms, T.contract] },
      context: (c) => { expect(c.ticket).toBeNull(); expect(c.sales).toEqual([]) },
      ignores: [{ type: 'withdraw.confirm' }, { type: 'retry' }, { type: 'consent.withdraw', id: '11111111-1111-4111-8111-111111111111' }],
    },
    loading: {
      words: { tr: 'izinler okunuyor', en: 'the consents are being read' },
      screen: { headings: [T.heading], texts: [T.loading], absent: [T.sendCode, T.retry] },
      tags: { busy: true },
      context: (c) => expect(c.ticket).not.toBeNull(),
      ignores: [{ type: 'retry' }, { type: 'withdraw.confirm' }, { type: 'consent.withdraw', id: '11111111-1111-4111-8111-111111111111' }],
    },
    loadFailed: {
      words: { tr: 'izinler okunamadı: nedeni ve "Tekrar dene" görünür', en: 'the consents could not be read: the reason and "Tekrar dene" show' },
      screen: { headings: [T.heading], enabled: [T.retry], absent: [T.loading, T.sms] },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'withdraw.confirm' }, { type: 'consent.withdraw', id: '11111111-1111-4111-8111-111111111111' }],
    },
    list: {
      words: { tr: 'her başvurunun izinleri görünür; geri alınabilenin düğmesi var', en: 'each application\'s consents show; a withdrawable one has its button' },
      screen: (c) => rows(c).length === 0
        ? { headings: [T.heading], texts: [T.empty], absent: [T.loading, T.withdrawButton] }
        : smsRow(c)?.withdrawable
          ? { headings: [T.heading, T.sale], texts: [T.sms, T.contract, T.given], enabled: [T.withdrawButton], absent: [T.confirmQuestion, T.loading] }
          // the second list's e-mail consent may still be withdrawable when the SMS one is not (or the other way round)
          : rows(c).some((r) => r.withdrawable)
            ? { headings: [T.heading, T.sale], texts: [T.sms, T.contract, T.withdrawnStatus, ...(c.withdrawn ? [T.done] : [])], enabled: [T.withdrawButton], absent: [T.confirmQuestion] }
            : { headings: [T.heading, T.sale], texts: [T.sms, T.contract, T.withdrawnStatus, ...(c.withdrawn ? [T.done] : [])], absent: [T.withdrawButton, T.confirmQuestion] },
      tags: { busy: false },
      context: (c) => { expect(c.ticket).not.toBeNull(); expect(c.selected).toBeNull() },
      ignores: [{ type: 'withdraw.confirm' }, { type: 'withdraw.cancel' }, { type: 'retry' }],
      ignoresWhen: [
        // a declaration the contract rests on, or an id not on the page, is never asked
        { event: { type: 'consent.withdraw', id: '22222222-2222-4222-8222-222222222222' }, when: () => true },
        { event: { type: 'consent.withdraw', id: 'not-on-the-page' }, when: () => true },
      ],
    },
    confirming: {
      words: { tr: 'geri alma bir kez daha sorulur', en: 'the withdrawal is asked once more' },
      // the question names what ends: for the SMS consent (the model's withdrawable one) the commercial messages
      screen: { headings: [T.heading], texts: [T.confirmQuestion, T.sms, T.marketingEnds], absent: [T.healthEnds], enabled: [T.confirm, T.cancel] },
      tags: { busy: false },
      // the row asked about is a commercial-message consent still withdrawable (SMS, or the second list's e-mail)
      context: (c) => expect(rows(c).find((r) => r.id === c.selected)).toMatchObject({ name: 'markconcent', withdrawable: true }),
      ignores: [{ type: 'retry' }, { type: 'consent.withdraw', id: '11111111-1111-4111-8111-111111111111' }],
    },
    withdrawing: {
      words: { tr: 'geri alma gönderiliyor', en: 'the withdrawal is being sent' },
      screen: { headings: [T.heading], texts: [T.withdrawing], disabled: [T.confirm] },
      tags: { busy: true },
      ignores: [{ type: 'retry' }, { type: 'withdraw.confirm' }, { type: 'withdraw.cancel' }, { type: 'consent.withdraw', id: '11111111-1111-4111-8111-111111111111' }],
    },
  },
  rules: [
    { name: 'a verified phone reads its consents, with the ticket the SMS step gave', from: 'sms', event: 'xstate.done.actor.sms', to: 'loading',
      changes: (_p, e) => ({ ticket: e.output.ticket, phone: e.output.phone, error: null }) },
    { name: 'the consents show', from: 'loading', event: 'xstate.done.actor.loadConsents', to: 'list', changes: (_p, e) => ({ sales: e.output.sales }) },
    { name: 'an expired verification asks for the phone again and forgets the list', from: 'loading', event: 'xstate.error.actor.loadConsents',
      when: (_c, e) => reason(e) === 'SMS_TICKET_INVALID', to: 'sms', changes: { ticket: null, error: 'SMS_TICKET_INVALID', sales: [], withdrawn: null } },
    { name: 'a failure to read shows its reason', from: 'loading', event: 'xstate.error.actor.loadConsents', when: (_c, e) => reason(e) !== 'SMS_TICKET_INVALID', to: 'loadFailed',
      changes: (_p, e) => ({ error: reason(e) }) },
    { name: 'read again', from: 'loadFailed', event: 'retry', to: 'loading', changes: { error: null } },
    { name: 'a withdrawable consent\'s button asks first', from: 'list', event: 'consent.withdraw', to: 'confirming',
      changes: (_p, e) => ({ selected: e.id, error: null, withdrawn: null }) },
    { name: '"Vazgeç" keeps the consent', from: 'confirming', event: 'withdraw.cancel', to: 'list', changes: { selected: null } },
    { name: 'confirmed: the withdrawal is sent', from: 'confirming', event: 'withdraw.confirm', to: 'withdrawing', changes: {} },
    { name: 'the server\'s record replaces the row: withdrawn, no button', from: 'withdrawing', event: 'xstate.done.actor.withdrawConsent', to: 'list',
      then: (c, p, e) => {
        expect(c.selected).toBeNull()
        expect(c.withdrawn).toBe(e.output.id)
        expect(rows(c).find((r) => r.id === e.output.id)).toEqual(e.output)
        expect(rows(c).find((r) => r.id === p.selected)).toBeUndefined()
        expect(rows(c)).toHaveLength(rows(p).length)
      } },
    { name: 'an expired verification during the withdrawal asks for the phone again', from: 'withdrawing', event: 'xstate.error.actor.withdrawConsent',
      when: (_c, e) => reason(e) === 'SMS_TICKET_INVALID', to: 'sms', changes: { ticket: null, error: 'SMS_TICKET_INVALID', sales: [], selected: null, withdrawn: null } },
    { name: 'withdrawn meanwhile elsewhere: said, and the list read again', from: 'withdrawing', event: 'xstate.error.actor.withdrawConsent',
      when: (_c, e) => reason(e) === 'CONSENT_ALREADY_WITHDRAWN', to: 'loading', changes: { error: 'CONSENT_ALREADY_WITHDRAWN', selected: null } },
    { name: 'any other failure: the reason shows, the consent stays as it was', from: 'withdrawing', event: 'xstate.error.actor.withdrawConsent',
      when: (_c, e) => !['SMS_TICKET_INVALID', 'CONSENT_ALREADY_WITHDRAWN'].includes(reason(e)), to: 'list',
      changes: (p, e) => ({ error: reason(e), selected: null, sales: p.sales }) },
  ],
  errorText: (c, s) => {
    if (!c.error) return null
    if (s.matches('loading') || s.matches('withdrawing')) return []
    return [says(c.error)]
  },
  inputs: {
    sms: () => ({ purpose: 'consents' }),
    loadConsents: (p, e) => ({ ticket: e.type === 'xstate.done.actor.sms' ? e.output.ticket : p.ticket }),
    withdrawConsent: (p) => ({ ticket: p.ticket, id: p.selected }),
  },
  initial: (c) => expect(c).toEqual({ ticket: null, phone: null, sales: [], selected: null, error: null, withdrawn: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; id?: string; output?: { sales?: unknown[] }; error?: { code?: string } }
    switch (e.type) {
      case 'consent.withdraw': return ev.id?.startsWith('1111')
        ? { tr: 'müşteri ticari ileti izninin "Geri al" düğmesine basar', en: 'the customer presses "Geri al" of the commercial messages consent' }
        : { tr: 'geri alınamayan bir kayıt için geri alma istenir', en: 'a withdrawal of a record that cannot be withdrawn is asked' }
      case 'withdraw.confirm': return { tr: `müşteri "${T.confirm}" der`, en: 'the customer confirms' }
      case 'withdraw.cancel': return { tr: `müşteri "${T.cancel}" der`, en: 'the customer cancels' }
      case 'retry': return { tr: `müşteri "${T.retry}" düğmesine basar`, en: 'the customer presses "Retry"' }
      case 'xstate.done.actor.sms': return { tr: 'telefon SMS koduyla doğrulanır', en: 'the phone is verified' }
      case 'xstate.done.actor.loadConsents': return ev.output?.sales?.length
        ? { tr: 'sunucu telefonun başvurusunu ve izinlerini verir', en: 'the server answers the phone\'s application and consents' }
        : { tr: 'sunucu bu telefona ait izin bulamaz', en: 'the server finds no consent of this phone' }
      case 'xstate.error.actor.loadConsents': return { tr: `izinler okunamaz (${ev.error?.code ?? 'NETWORK'})`, en: `the consents cannot be read (${ev.error?.code ?? 'NETWORK'})` }
      case 'xstate.done.actor.withdrawConsent': return { tr: 'sunucu geri almayı kaydeder', en: 'the server records the withdrawal' }
      case 'xstate.error.actor.withdrawConsent': return { tr: `geri alma reddedilir (${ev.error?.code ?? 'NETWORK'})`, en: `the withdrawal is refused (${ev.error?.code ?? 'NETWORK'})` }
    }
    return { tr: e.type, en: e.type }
  },
}
