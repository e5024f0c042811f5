import { expect } from 'vitest'
import type { PurchaseContext } from '../../../machines/shared/purchase.ts'
import { isIn, type Expectations, type StateExpectation } from '../../support/expectations.ts'
import { CATALOGUE, FIELD } from './texts.ts'
import { APPLICATION_ID, PRE_INFORMATION, PURCHASE, TICKET } from '../models/purchase.ts'
import { tl } from './tariff-literals.ts'

/**
 * The purchase flow of a product (issue 15, docs/decisions/purchase.md), written apart from
 * machines/shared/purchase.ts: quote -> SMS -> resume offer -> the product's sections, each saved
 * -> consents (gdprtextread, gdprconcent and trxconcent required for health and travel)
 * -> summary -> the server's purchase -> payment -> done.
 */
export type SectionSpec = {
  step: string; key: string; words: { tr: string; en: string }; valid: (value: unknown) => boolean
  /**
   * The field errors (spec 3.2 schema codes) of the model's answers with problems for this step, or
   * null for another step's answers sent here (then only that some field is refused is checked).
   */
  errors: (value: any) => Record<string, string> | null
  /** The step's heading on the purchase page. */
  heading: string
}

/** The words the purchase page shows (tr, the spec's and the screens'), for the browser replay. */
const SAYS: Record<string, string> = {
  QUOTE_INCOMPLETE: 'Teklif bilgileri eksik veya geçersiz; lütfen teklifi yeniden alınız',
  SMS_TICKET_INVALID: 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız',
  // issue 24 item 1: a reloaded page whose proof of the phone the server refuses
  SMS_PROOF_INVALID: 'Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız',
  CONSENT_REQUIRED: 'Devam etmek için zorunlu onayları vermelisiniz',
  NETWORK: CATALOGUE.NETWORK,
  // issue 21: the other tab's payment failed; this one may pay now
  OTHER_PAYMENT_FAILED: 'Diğer penceredeki ödeme tamamlanamadı; bu satın almayı şimdi buradan ödeyebilirsiniz.',
  // issue 24 item 4: the box of the pre-information form left unticked; the form renewed (answers or price changed)
  PRE_INFORMATION_UNCONFIRMED: 'Ödemeye geçmek için ön bilgilendirme formunu okuyup onaylamalısınız',
  PRE_INFORMATION_CHANGED: 'Yanıtlarınız veya fiyat değiştiği için ön bilgilendirme formu yenilendi; lütfen yeni formu okuyup onaylayınız.',
}
const PRE_INFO = 'Ön bilgilendirme formu'
const TO_PAYMENT = 'Ödemeye geç'
const PRE_INFO_CODES = ['PRE_INFORMATION_CHANGED', 'PRE_INFORMATION_REQUIRED']
const CONSENTS_MISSING = 'Devam etmek için zorunlu onayları vermelisiniz'
/** A field's message by its code (the codes of the spec 3.2 schemas the model's bad answers get). */
const FIELD_SAYS: Record<string, string> = {
  // issue 24 item 7: the field and its rule
  'nationalId.invalid': 'T.C. Kimlik No 11 haneli olmalı',
  'email.invalid': 'E-posta adresi ad@alanadi.com biçiminde olmalıdır',
  'healthQuestion.required': 'Bu soruyu Evet veya Hayır seçerek yanıtlamalısınız',
  'consent.required': 'Devam etmek için sağlık beyanını onaylamalısınız',
  // issue 21: the product's age rule, in words (spec 5's windows)
  'birthdate.tssAge': 'Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir',
  'birthdate.travelAge': 'Seyahat Sağlık Sigortası 15 günlükten 100 yaşına kadar olan kişilere yapılabilir',
}
const NEXT = 'Devam'
const BACK = 'Geri'
const PAY_STEP = 'Onayla ve ödemeye geç'
/** issue 21: the summary when the server's price is not the one the customer saw, and the page while another tab pays. */
const PRICE_CHANGED = 'Fiyat değişti'
const ACCEPT_PRICE = 'Yeni fiyatı onayla ve ödemeye geç'
const IN_PROGRESS = 'Bu satın alma için bir ödeme zaten sürüyor.'
/** The server's price differs from the one the customer has accepted (the quote's, or one confirmed since). */
const repriced = (c: PurchaseContext) => c.price !== null && c.price !== c.quoted
/** The server's price of an application as saved (issue 21), else the one known before. */
const savedPrice = (saved: { price?: { amount: number } | null } | null, p: PurchaseContext) => saved?.price?.amount ?? p.price
/** The price the customer has seen: the quote's; when no quote was taken (a reloaded page whose proof was refused), the first price the page shows. */
const firstSeen = (p: PurchaseContext, shown: number | null) => (p.quoted !== null ? p.quoted : shown)
const REQUIRED = ['gdprtextread', 'gdprconcent', 'trxconcent']
const code = (e: { error?: { code?: string } }) => e.error?.code

/**
 * Why a transition retargeted to `routeAfterQuote` behaves the same: that state passes straight on
 * to the first section when the phone is verified and to SMS when it is not, and every surviving
 * mutant is one whose original target is exactly where it would pass on to in that context.
 */
export const ROUTES_THE_SAME = 'routeAfterQuote passes on to the same state here (first section when verified, SMS when not)'

const savingOf = (step: string) => `saving${step[0]!.toUpperCase()}${step.slice(1)}`

export function purchaseExpectations(opts: {
  product: string; quotable: (data: any) => boolean; sections: SectionSpec[]; equivalentMutants?: Record<string, string>
  /** The page's title, the quote step's quick-quote heading, and the result page's heading when the policy is issued. */
  titles: { page: string; quote: string; issued: string }
  /**
   * What the good quote costs (`quoted`: the price the customer sees on the quote) and what the server
   * prices the same answers at for the older insured person (`other`), both worked out from the tariff's
   * restated literals (tariff-literals.ts), never by the production price code.
   */
  amounts: { quoted: number; other: number }
}): Expectations<PurchaseContext> {
  const { sections } = opts
  const { quoted: quotedAmount, other: otherAmount } = opts.amounts
  /** The two prices the model's server answers: the quote's, or the older insured person's. */
  const PRICES = [quotedAmount, otherAmount]
  /** On the summary saying the price changed: the price before (the other of the two) and the server's new one. */
  const oldOf = (c: PurchaseContext) => (c.price === otherAmount ? quotedAmount : otherAmount)
  const first = sections[0]!.step
  const last = sections[sections.length - 1]!.step
  const next = (i: number) => sections[i + 1]?.step ?? 'consents'
  const anyPay = { type: 'payment.done', status: 'success' }
  const page = { headings: [opts.titles.page] }
  const states: Record<string, StateExpectation<PurchaseContext>> = {
    quote: {
      words: { tr: 'teklif adımı: ürünün soruları ve fiyatı', en: 'the quote step: the product questions and the price' },
      screen: { headings: [opts.titles.page, opts.titles.quote], enabled: ['Teklif Al'] },
      // (the result page's retry and a purchase that cannot be opened are the opening's: a quote on screen has nothing to take them)
      ignores: [{ type: 'summary.confirm' }, anyPay, { type: 'resume.accept' }, { type: 'opening.failed' }, { type: 'payment.retry', purchase: PURCHASE }],
    },
    start: { words: { tr: 'sayfa açılır', en: 'the page opens' }, transient: true },
    opening: {
      words: { tr: 'adresteki teklif ya da yeniden ödenecek satın alma devralınıyor; teklif adımı çizilmez', en: 'the address\'s quote or purchase to retry is being taken over; the quote step is not drawn' },
      // the quick quote's form does not flash while the page hands its address on
      screen: { headings: [opts.titles.page], absent: [opts.titles.quote] },
      tags: { busy: true },
      context: (c) => expect(c.opening).toBe(true),
      ignores: [{ type: 'summary.confirm' }, anyPay, { type: 'back' }],
    },
    restoring: {
      words: { tr: 'yeniden yüklenen sayfa: telefon doğrulaması sunucudaki kanıttan (çerez) okunur', en: 'a reloaded page: the phone verification is read back from the server proof (cookie)' },
      screen: { headings: [opts.titles.page], absent: [opts.titles.quote], texts: ['Yükleniyor…'] },
      tags: { busy: true },
      context: (c) => expect(c.restoreTo).not.toBeNull(),
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }, { type: 'restore', step: 'summary' }],
    },
    routeRestored: { words: { tr: 'sayfa, geçmiş kaydının adımına döner', en: 'the page returns to its history entry step' }, transient: true },
    routeAfterQuote: { words: { tr: 'teklif alındı', en: 'quote taken' }, transient: true },
    sms: {
      words: { tr: 'cep telefonu SMS koduyla doğrulanır', en: 'the mobile phone is verified with an SMS code' },
      // the SMS step's own screens (tests/machines/expectations/sms-verification.ts), and "Geri"
      screen: { headings: [opts.titles.page, 'Cep telefonunuzu doğrulayalım'], enabled: ['Kod Gönder', BACK] },
      context: (c) => expect(c.ticket).toBeNull(),
      ignores: [{ type: 'summary.confirm' }, anyPay],
    },
    resuming: {
      words: { tr: 'aynı telefona ait yarım başvuru aranır', en: 'an unfinished application of the same phone is looked for' },
      screen: { ...page, texts: ['Telefon numaranız doğrulandı.', 'Yükleniyor…'] },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    },
    resumeOffer: {
      words: { tr: 'yarım kalan başvuruya devam etmek önerilir', en: 'resuming the unfinished application is offered' },
      screen: { headings: [opts.titles.page, 'Yarım kalan başvurunuz var'], enabled: ['Kaldığım yerden devam et', 'Baştan başla'] },
      context: (c) => expect(c.saved).not.toBeNull(),
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }, anyPay],
    },
    routeResumed: { words: { tr: 'başvuru kaldığı adımdan açılır', en: 'the application opens at its step' }, transient: true },
    consents: {
      words: { tr: 'onaylar: zorunlu olanlar verilmeden ilerlenemez', en: 'consents: the required ones block progress' },
      screen: { headings: [opts.titles.page, 'Onaylar'], enabled: [NEXT, BACK] },
      context: (c) => expect(c.ticket).toBe(TICKET),
      ignores: [{ type: 'summary.confirm' }, anyPay],
    },
    recordingConsents: {
      words: { tr: 'onaylar kaydedilir (legalpermission)', en: 'the consents are recorded (legalpermission)' },
      screen: { headings: [opts.titles.page, 'Onaylar'], busy: [NEXT] },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    },
    summary: {
      words: { tr: 'özet: sunucunun fiyatıyla onay', en: 'summary: confirm at the server price' },
      screen: { headings: [opts.titles.page, 'Özet'], enabled: [BACK] },
      ignores: [anyPay, { type: 'resume.accept' }, { type: 'payment.elsewhere' }],
    },
    'summary.checking': { words: { tr: 'fiyat, görülenle karşılaştırılır', en: 'the price is compared with the one seen' }, transient: true },
    'summary.ready': {
      words: { tr: 'özet: fiyat görülenle aynı, onaylanır', en: 'summary: the price is the one seen; confirm' },
      // what the card will be charged: the server's price of the answers as saved, which is the one seen
      screen: (c) => ({ enabled: [PAY_STEP], absent: [PRICE_CHANGED], texts: [`Kartınızdan çekilecek tutar: ${tl(c.price ?? quotedAmount)}.`] }),
      context: (c) => {
        expect(PRICES).toContain(c.quoted)
        expect(c.quoted).toBe(c.price ?? quotedAmount)
      },
      ignores: [{ type: 'price.accept' }],
    },
    'summary.priceChanged': {
      words: { tr: 'özet: fiyat değişti; eski ve yeni fiyat gösterilir, önce yenisi onaylanır', en: 'summary: the price changed; old and new shown, the new one confirmed first' },
      // both prices in words: the one seen before and the server's new one (the card is charged the new one once accepted)
      screen: (c) => ({ enabled: [ACCEPT_PRICE], texts: [PRICE_CHANGED, 'Önceki fiyat', 'Yeni fiyat',
        `Teklifte gördüğünüz fiyat ${tl(oldOf(c))} idi. Sigortalının bilgilerine göre hesaplanan fiyat ${tl(c.price!)}.`] }),
      context: (c) => {
        expect(PRICES).toContain(c.price)
        expect(c.quoted).toBe(oldOf(c))
      },
      ignores: [{ type: 'summary.confirm' }],
    },
    loadingPreInformation: {
      words: { tr: 'ön bilgilendirme formu sunucudan alınır (verildiği kaydedilir)', en: 'the pre-information form is given by the server (and recorded)' },
      screen: { headings: [opts.titles.page, PRE_INFO], busy: [TO_PAYMENT], texts: ['Yükleniyor…'] },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    },
    preInformation: {
      words: { tr: 'ön bilgilendirme formu: okunur, kendi kutusuyla onaylanır', en: 'pre-information form: read, confirmed with its own box' },
      screen: { headings: [opts.titles.page, PRE_INFO], enabled: [TO_PAYMENT, BACK, 'Formu PDF olarak indir'] },
      context: (c) => {
        expect(c.preInformation?.id).toBe(PRE_INFORMATION.id)
        // the form read is at the price the customer accepted, one of the two the tariff gives
        expect(c.preInformation?.amount).toBe(c.quoted)
        expect(PRICES).toContain(c.quoted)
      },
      ignores: [{ type: 'summary.confirm' }, anyPay, { type: 'price.accept' }],
    },
    purchasing: {
      words: { tr: 'satın alma sunucuda oluşturulur ve fiyatlanır', en: 'the purchase is created and priced on the server' },
      screen: { headings: [opts.titles.page, PRE_INFO], busy: [TO_PAYMENT], enabled: ['Formu PDF olarak indir'] },
      tags: { busy: true },
      ignores: [{ type: 'back' }, anyPay],
    },
    payment: {
      words: { tr: 'kartla ödeme (3D Secure), sunucunun tutarı', en: 'card payment (3-D Secure) of the server amount' },
      // the amount the card is charged: the confirmed form's (the server buys at it); a purchase opened on the result page: its own
      screen: (c) => ({ headings: [opts.titles.page, 'Kartla ödeme'], enabled: ['Öde', BACK], texts: [c.preInformation && !c.retry ? `Çekilecek tutar: ${tl(c.preInformation.amount)}` : 'Çekilecek tutar'] }),
      context: (c) => expect(c.purchase?.id).toBe(PURCHASE.id),
      ignores: [{ type: 'summary.confirm' }, { type: 'price.accept' }],
    },
    otherPayment: {
      words: { tr: 'başka pencerede süren ödemenin sonucu beklenir', en: 'the outcome of the payment under way in another tab is awaited' },
      screen: { headings: [opts.titles.page, 'Ödeme'], texts: [IN_PROGRESS], absent: ['Çekilecek tutar'] },
      tags: { busy: true },
      context: (c) => expect(c.purchase?.id).toBe(PURCHASE.id),
      ignores: [{ type: 'back' }, anyPay, { type: 'summary.confirm' }, { type: 'payment.elsewhere' }],
    },
    done: {
      words: { tr: 'sonuç sayfasına geçilir', en: 'on to the result page' },
      // the result page: the policy issued, or the payment refused (spec 2.1 /result/tss-success, /result/tss-error)
      screen: (c) => (c.outcome === 'success' ? { headings: [opts.titles.issued], texts: ['Poliçe numarası'] } : { headings: ['Ödeme alınamadı'], texts: ['Cevaplarınız bu satın almayla birlikte kaydedildi'] }),
      context: (c, s) => {
        expect(s.status).toBe('done')
        expect(s.output).toEqual({ purchaseId: PURCHASE.id, outcome: c.outcome })
      },
    },
  }
  sections.forEach((s, i) => {
    states[s.step] = {
      words: s.words,
      screen: { headings: [opts.titles.page, s.heading], enabled: [NEXT, BACK] },
      context: (c) => expect(c.ticket).toBe(TICKET),
      ignores: [{ type: 'summary.confirm' }, anyPay, { type: 'resume.accept' }],
    }
    states[savingOf(s.step)] = {
      words: { tr: `${s.words.tr}: sunucuya kaydedilir`, en: `${s.words.en}: saved on the server` },
      screen: { headings: [opts.titles.page, s.heading], busy: [NEXT] },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    }
    void i
  })

  // the step list marks the step the page is at (src/web/views/sales/PurchaseView.tsx's names, restated): a saving
  // section is its section, the consents' recording the consents, the pre-information's loading and the purchase's
  // creation the pre-information form, another tab's payment the payment (other states draw no step list)
  const STEP_LIST: Record<string, string> = {
    quote: 'Teklif', sms: 'Telefon doğrulama', profile: 'Kişisel bilgiler', healthPolicy: 'Sağlık beyanı', consents: 'Onaylar', recordingConsents: 'Onaylar',
    summary: 'Özet', loadingPreInformation: 'Ön bilgilendirme', preInformation: 'Ön bilgilendirme', purchasing: 'Ön bilgilendirme', payment: 'Ödeme', otherPayment: 'Ödeme',
  }
  for (const [path, st] of Object.entries(states)) {
    const top = path.split('.')[0]!
    const label = STEP_LIST[top.startsWith('saving') ? top[6]!.toLowerCase() + top.slice(7) : top]
    const shown = st.screen
    if (!label || !shown || st.unseen) continue
    st.screen = typeof shown === 'function' ? (c: PurchaseContext) => ({ ...shown(c), step: [label] }) : { ...shown, step: [label] }
  }

  /** Where a reloaded page returns (written apart from the machine's restoreTarget): its step if the answers before it are there. */
  function returnsTo(wanted: string, data: Record<string, unknown>): string {
    const unanswered = sections.find((s) => data[s.key] === undefined)?.step
    const at = sections.findIndex((s) => s.step === wanted)
    if (at >= 0) return unanswered && sections.findIndex((s) => s.step === unanswered) < at ? unanswered : wanted
    if (unanswered) return unanswered
    return wanted === 'summary' ? 'summary.ready' : wanted === 'payment' || wanted === 'preInformation' ? 'loadingPreInformation' : 'consents'
  }
  const rules: Expectations<PurchaseContext>['rules'] = [
    { name: 'a quote the tariff prices goes on to SMS verification, its price remembered as the one seen', from: 'quote', event: 'quote.submit', when: (c, e) => opts.quotable(e.data) && c.ticket === null, to: 'sms',
      changes: (p, e) => ({ data: { ...p.data, ...e.data }, error: null, quoted: quotedAmount }) },
    { name: 'an already verified phone goes straight back to the first section, the price of the quote the one seen', from: 'quote', event: 'quote.submit', when: (c, e) => opts.quotable(e.data) && c.ticket !== null, to: first,
      changes: (p, e) => ({ data: { ...p.data, ...e.data }, error: null, quoted: quotedAmount }) },
    { name: '"Tekrar dene" on the result page opens the payment step of that purchase', from: 'opening', event: 'payment.retry', to: 'payment',
      changes: (_p, e) => ({ purchase: e.purchase, retry: true, error: null, opening: false }) },
    { name: 'the address\'s quote, priced: on to SMS verification, its price the one seen', from: 'opening', event: 'quote.submit', when: (_c, e) => opts.quotable(e.data), to: 'sms',
      changes: (p, e) => ({ data: { ...p.data, ...e.data }, error: null, quoted: quotedAmount, opening: false }) },
    { name: 'the address\'s quote, refused by the tariff: the quote step, with the reason', from: 'opening', event: 'quote.submit', when: (_c, e) => !opts.quotable(e.data), to: 'quote',
      changes: { error: 'QUOTE_INCOMPLETE', opening: false } },
    { name: 'the address\'s purchase cannot be opened: the quote step, as for a plain visit', from: 'opening', event: 'opening.failed', to: 'quote', changes: { opening: false } },
    { name: 'a verified phone: look for an unfinished application', from: 'sms', event: 'xstate.done.actor.sms', to: 'resuming',
      changes: (_p, e) => ({ ticket: e.output.ticket, phone: e.output.phone }) },
    { name: 'back from SMS to the quote', from: 'sms', event: 'back', to: 'quote', changes: {} },
    { name: 'nothing to resume: the first section', from: 'resuming', event: 'xstate.done.actor.resumeApplication', when: (c, e) => !e.output && c.restoreTo === null, to: first, changes: {} },
    { name: 'an unfinished application is offered', from: 'resuming', event: 'xstate.done.actor.resumeApplication', when: (c, e) => !!e.output && c.restoreTo === null, to: 'resumeOffer',
      changes: (_p, e) => ({ saved: e.output }) },
    { name: 'the look-up fails: go on without resuming', from: 'resuming', event: 'xstate.error.actor.resumeApplication', to: first, changes: { restoreTo: null } },
    // issue 24 item 1: a page reloaded (or come back to with Forward) at a step after the verification
    { name: 'a reloaded page at a step after the verification reads the verification back', from: 'opening', event: 'restore', to: 'restoring',
      changes: (p, e) => ({ restoreTo: e.step, data: { ...p.data, ...(e.data ?? {}) }, opening: false }) },
    { name: 'the proof of the phone holds: the saved application is read, no SMS is sent', from: 'restoring', event: 'xstate.done.actor.restoreVerification', to: 'resuming',
      changes: (_p, e) => ({ ticket: e.output.ticket, phone: e.output.phone }) },
    { name: 'the proof of the phone is refused (forged, expired): the phone is asked again, saying why; none on this device (SMS_PROOF_MISSING): asked with no message', from: 'restoring', event: 'xstate.error.actor.restoreVerification', to: 'sms',
      changes: (_p, e) => ({ restoreTo: null, error: code(e) === 'SMS_PROOF_MISSING' ? null : code(e) }) },
    { name: 'a reloaded page with nothing saved yet: the first section', from: 'resuming', event: 'xstate.done.actor.resumeApplication', when: (c, e) => !e.output && c.restoreTo !== null, to: first,
      changes: { restoreTo: null } },
    ...[...sections.map((x) => x.step), 'consents', 'summary.ready', 'loadingPreInformation'].map((target) => ({
      name: `a reloaded page: its saved answers back, at ${target} (its step when every step before it is answered, else the first unanswered section)`, from: 'resuming',
      event: 'xstate.done.actor.resumeApplication', when: (c: PurchaseContext, e: any) => !!e.output && c.restoreTo !== null && returnsTo(c.restoreTo, e.output.data) === target,
      to: target,
      changes: (_p: PurchaseContext, e: any) => ({ data: e.output.data, applicationId: APPLICATION_ID, price: e.output.price?.amount ?? null, quoted: e.output.price?.amount ?? null, restoreTo: null }),
    })),
    { name: 'resuming an application saved at the consents opens the consents with its answers', from: 'resumeOffer', event: 'resume.accept',
      when: (c) => !sections.some((s) => s.step === c.saved?.step), to: 'consents', changes: (p) => ({ data: p.saved!.data, applicationId: APPLICATION_ID, price: savedPrice(p.saved, p), quoted: firstSeen(p, savedPrice(p.saved, p)) }) },
    { name: 'starting over keeps the new quote and forgets the saved application', from: 'resumeOffer', event: 'resume.decline', to: first, changes: { saved: null } },
    { name: 'the consents with a required one missing stay, naming it', from: 'consents', event: 'consents.submit',
      when: (_c, e) => REQUIRED.some((n) => !e.choices[n]?.accepted), to: 'consents',
      changes: (_p, e) => ({ missing: REQUIRED.filter((n) => !e.choices[n]?.accepted), choices: e.choices }) },
    { name: 'all required consents given: they are recorded', from: 'consents', event: 'consents.submit',
      when: (_c, e) => REQUIRED.every((n) => e.choices[n]?.accepted), to: 'recordingConsents', changes: (_p, e) => ({ missing: [], choices: e.choices, error: null }) },
    { name: 'back from the consents to the last section', from: 'consents', event: 'back', to: last, changes: {} },
    { name: 'consents recorded: the summary, at the price seen', from: 'recordingConsents', event: 'xstate.done.actor.recordConsents', when: (c) => !repriced(c), to: 'summary.ready', changes: {} },
    { name: 'consents recorded: the summary says the price changed', from: 'recordingConsents', event: 'xstate.done.actor.recordConsents', when: (c) => repriced(c), to: 'summary.priceChanged', changes: {} },
    { name: 'consents not recorded: back to them with the reason', from: 'recordingConsents', event: 'xstate.error.actor.recordConsents', to: 'consents',
      changes: (_p, e) => ({ error: code(e) }) },
    { name: 'confirming the summary asks the server for the pre-information form', from: 'summary.ready', event: 'summary.confirm', to: 'loadingPreInformation', changes: { error: null } },
    { name: 'confirming the new price asks for the pre-information form at it', from: 'summary.priceChanged', event: 'price.accept', to: 'loadingPreInformation',
      changes: (p) => ({ quoted: p.price, error: null }) },
    { name: 'the form given, at the price accepted, is shown', from: 'loadingPreInformation', event: 'xstate.done.actor.loadPreInformation', when: (c, e) => e.output.amount === c.quoted,
      to: 'preInformation', changes: (_p, e) => ({ preInformation: e.output }) },
    { name: 'the form given at another price (another tab changed the answers): the summary says the price changed, old and new', from: 'loadingPreInformation',
      event: 'xstate.done.actor.loadPreInformation', when: (c, e) => e.output.amount !== c.quoted, to: 'summary.priceChanged', changes: (_p, e) => ({ price: e.output.amount, preInformation: null }) },
    { name: 'the form cannot be given (expired verification): the phone again', from: 'loadingPreInformation', event: 'xstate.error.actor.loadPreInformation',
      when: (_c, e) => code(e) === 'SMS_TICKET_INVALID', to: 'sms', changes: { ticket: null, error: 'SMS_TICKET_INVALID' } },
    { name: 'the form cannot be given: back to the summary with the reason', from: 'loadingPreInformation', event: 'xstate.error.actor.loadPreInformation',
      when: (_c, e) => code(e) !== 'SMS_TICKET_INVALID', to: 'summary', changes: (_p, e) => ({ error: code(e) }) },
    { name: 'the form confirmed with its box: the purchase is created', from: 'preInformation', event: 'preInformation.confirm', when: (_c, e) => e.accepted === true, to: 'purchasing', changes: { error: null } },
    { name: 'the box left unticked: the step stays and says so', from: 'preInformation', event: 'preInformation.confirm', when: (_c, e) => e.accepted !== true, to: 'preInformation',
      changes: { error: 'PRE_INFORMATION_UNCONFIRMED' } },
    { name: 'back from the form to the summary', from: 'preInformation', event: 'back', to: 'summary', changes: { error: null } },
    { name: 'the form confirmed is no longer the answers\' (another tab changed them): the new form', from: 'purchasing', event: 'xstate.error.actor.createPurchase',
      when: (_c, e) => PRE_INFO_CODES.includes(code(e) ?? ''), to: 'loadingPreInformation', changes: (_p, e) => ({ error: code(e) }) },
    { name: 'back from the summary to the consents', from: 'summary', event: 'back', to: 'consents', changes: {} },
    { name: 'the purchase made (at the confirmed form\'s price): the payment', from: 'purchasing', event: 'xstate.done.actor.createPurchase',
      when: (_c, e) => !e.output.paymentInProgress, to: 'payment', changes: (_p, e) => ({ purchase: e.output, error: null }) },
    { name: 'a payment of the purchase is under way in another tab: its outcome is awaited', from: 'purchasing', event: 'xstate.done.actor.createPurchase',
      when: (_c, e) => e.output.paymentInProgress === true, to: 'otherPayment', changes: (_p, e) => ({ purchase: e.output, error: null }) },
    { name: 'an expired verification asks for the phone again', from: 'purchasing', event: 'xstate.error.actor.createPurchase', when: (_c, e) => code(e) === 'SMS_TICKET_INVALID', to: 'sms',
      changes: { ticket: null, error: 'SMS_TICKET_INVALID' } },
    { name: 'a refused purchase returns to the summary with the reason', from: 'purchasing', event: 'xstate.error.actor.createPurchase', when: (_c, e) => code(e) !== 'SMS_TICKET_INVALID' && !PRE_INFO_CODES.includes(code(e) ?? ''), to: 'summary',
      changes: (_p, e) => ({ error: code(e) }) },
    { name: 'the payment ends: the result page of that purchase', from: 'payment', event: 'payment.done', to: 'done', changes: (_p, e) => ({ outcome: e.status }) },
    { name: 'the card form is told a payment is already in progress: its outcome is awaited', from: 'payment', event: 'payment.elsewhere', to: 'otherPayment', changes: { error: null } },
    // the payment step is reached at the accepted price only: back is the summary at that price
    { name: 'back from the payment to the summary', from: 'payment', event: 'back', when: (c) => !c.retry, to: 'summary.ready', changes: {} },
    { name: 'back from a payment opened on the result page: a new quote, as a plain visit starts', from: 'payment', event: 'back', when: (c) => c.retry, to: 'quote',
      changes: { retry: false, purchase: null } },
    { name: 'the other payment succeeded: this tab shows that result', from: 'otherPayment', event: 'xstate.done.actor.watchPayment', when: (_c, e) => e.output === 'success', to: 'done',
      changes: { outcome: 'success' } },
    { name: 'the other payment failed: this tab may pay, and says so', from: 'otherPayment', event: 'xstate.done.actor.watchPayment', when: (_c, e) => e.output !== 'success', to: 'payment',
      changes: { error: 'OTHER_PAYMENT_FAILED' } },
    { name: 'the other payment cannot be followed: the payment step with the reason', from: 'otherPayment', event: 'xstate.error.actor.watchPayment', to: 'payment',
      changes: (_p, e) => ({ error: code(e) }) },
  ]
  sections.forEach((s, i) => {
    rules.push(
      { name: `resuming an application saved at ${s.step} opens it with the saved answers`, from: 'resumeOffer', event: 'resume.accept',
        when: (c) => c.saved?.step === s.step, to: s.step, changes: (p) => ({ data: p.saved!.data, applicationId: APPLICATION_ID, price: savedPrice(p.saved, p), quoted: firstSeen(p, savedPrice(p.saved, p)) }) },
      { name: `${s.step}: answers with problems stay, with the field errors`, from: s.step, event: 'section.submit', when: (_c, e) => !s.valid(e.value) && s.errors(e.value) !== null, to: s.step,
        changes: (_p, e) => ({ fieldErrors: s.errors(e.value) }) },
      ...(sections.length > 1 ? [{ name: `${s.step}: answers of another step are refused field by field`, from: s.step, event: 'section.submit',
        when: (_c: PurchaseContext, e: { value: unknown }) => !s.valid(e.value) && s.errors(e.value) === null, to: s.step,
        then: (c: PurchaseContext, p: PurchaseContext) => { expect(Object.keys(c.fieldErrors).length).toBeGreaterThan(0); expect(c.data).toEqual(p.data) } }] : []),
      { name: `${s.step}: valid answers are saved`, from: s.step, event: 'section.submit', when: (_c, e) => s.valid(e.value), to: savingOf(s.step),
        changes: (p, e) => ({ data: { ...p.data, [s.key]: e.value }, fieldErrors: {}, error: null }) },
      { name: `${s.step}: back`, from: s.step, event: 'back', to: i === 0 ? 'quote' : sections[i - 1]!.step, changes: {} },
      { name: `${s.step}: saved, on to the next step with the server's price of the saved answers`, from: savingOf(s.step), event: 'xstate.done.actor.saveApplication', to: next(i),
        changes: (p, e) => ({ applicationId: e.output.id, price: savedPrice(e.output, p), quoted: firstSeen(p, savedPrice(e.output, p)) }) },
      { name: `${s.step}: an expired verification asks for the phone again`, from: savingOf(s.step), event: 'xstate.error.actor.saveApplication',
        when: (_c, e) => code(e) === 'SMS_TICKET_INVALID', to: 'sms', changes: { ticket: null, error: 'SMS_TICKET_INVALID' } },
      { name: `${s.step}: not saved, stays with the reason`, from: savingOf(s.step), event: 'xstate.error.actor.saveApplication',
        when: (_c, e) => code(e) !== 'SMS_TICKET_INVALID', to: s.step, changes: (_p, e) => ({ error: code(e) }) },
    )
  })
  const keyOf = (step: string) => sections.find((s) => s.step === step)!.key
  const saved = (p: PurchaseContext, e: { type: string; value?: unknown }, step: string) => ({ ...p.data, [keyOf(step)]: e.value })
  return {
    states,
    rules,
    inputs: {
      // the SMS check is for this product (the server's code and caps are per purpose)
      sms: () => ({ purpose: opts.product }),
      // an application of this product saved under the phone just verified (the ticket its check gave)
      resumeApplication: (_p, e) => ({ ticket: e.output.ticket, product: opts.product }),
      // a section's answers join the application's, saved under the verified phone with the step to go on at
      saveApplication: (p, e, _n, _input, from) => {
        const i = sections.findIndex((s) => isIn(from, s.step))
        return { ticket: TICKET, product: opts.product, step: next(i), data: saved(p, e, sections[i]!.step) }
      },
      // spec 7.3 legalpermission: under the sale (the application's id), for the person (their national ID)
      recordConsents: (p, e) => ({
        saleId: APPLICATION_ID, ticket: TICKET, product: opts.product, choices: e.choices,
        partyId: (p.data.personalProfile as { nationalId?: string } | undefined)?.nationalId ?? APPLICATION_ID,
      }),
      // the server prices and buys what it holds for the verified phone (docs/decisions/purchase.md)
      createPurchase: (p) => ({ ticket: TICKET, product: opts.product, preInformationId: p.preInformation?.id ?? '' }),
      // the form of the application saved under the verified phone (issue 24 item 4)
      loadPreInformation: () => ({ ticket: TICKET, product: opts.product }),
      // the purchase whose payment another tab started: the server's purchase just created, or the one on the card form
      watchPayment: (p, e) => ({ id: e.type === 'xstate.done.actor.createPurchase' ? e.output.id : p.purchase!.id }),
      // the proof cookie of this product's purchase (the server reads it; the page sends only the product)
      restoreVerification: () => ({ product: opts.product }),
    },
    // a refused step says why above it; a section's field errors show under their fields; missing consents are named
    errorText: (c, s) => {
      if (s.status === 'done') return []
      // the reason shows above the quote, SMS, section, consents and summary steps; field errors on their section; missing consents on the consents
      const steps = ['quote', 'sms', 'consents', 'summary', 'preInformation', 'payment', ...sections.map((x) => x.step)]
      const onStep = steps.some((st) => isIn(s, st))
      const onSection = sections.some((x) => isIn(s, x.step))
      const texts = [...(c.error && onStep ? [SAYS[c.error] ?? CATALOGUE.TECHNICAL] : []),
        // (another step's answers sent here get schema codes the page words its own way: only that a field is refused is checked)
        ...(onSection ? Object.values(c.fieldErrors).flatMap((f) => (FIELD_SAYS[f] ? [FIELD_SAYS[f]] : [])) : []),
        ...(c.missing.length && isIn(s, 'consents') ? [CONSENTS_MISSING] : [])]
      if (!texts.length && (c.error || c.missing.length || Object.keys(c.fieldErrors).length)) return []
      // a busy step keeps its last reason hidden until the answer
      if (s.hasTag('busy')) return texts.length ? [] : null
      return texts.length ? [...new Set(texts)] : null
    },
    initial: (c, input) => expect(c).toEqual({
      product: opts.product, data: input?.data ?? {}, ticket: null, phone: null, applicationId: null, saved: null, fieldErrors: {}, missing: [], choices: {},
      purchase: null, outcome: null, error: null, quoted: null, price: null, retry: false, preInformation: null, opening: input?.opening === true,
      restoreTo: null,
    }),
    equivalentMutants: opts.equivalentMutants ?? {},
    describeEvent: (e) => {
      const ev = e as { type: string; status?: string; error?: { code?: string } }
      const t = ev.type
      if (t === 'quote.submit') return { tr: 'müşteri teklifi onaylar', en: 'the customer takes the quote' }
      if (t === 'section.submit') return { tr: 'müşteri adımın formunu gönderir', en: 'the customer sends the step form' }
      if (t === 'back') return { tr: 'müşteri "Geri" düğmesine basar', en: 'the customer presses "Back"' }
      if (t === 'resume.accept') return { tr: 'müşteri başvurusuna devam eder', en: 'the customer resumes the application' }
      if (t === 'resume.decline') return { tr: 'müşteri baştan başlar', en: 'the customer starts over' }
      if (t === 'consents.submit') return { tr: 'müşteri onayları gönderir', en: 'the customer sends the consents' }
      if (t === 'summary.confirm') return { tr: 'müşteri özeti onaylar', en: 'the customer confirms the summary' }
      if (t === 'price.accept') return { tr: 'müşteri yeni fiyatı onaylar', en: 'the customer accepts the new price' }
      if (t === 'preInformation.confirm') return (e as { accepted?: boolean }).accepted ? { tr: 'müşteri ön bilgilendirme formunu onaylar', en: 'the customer confirms the pre-information form' } : { tr: 'müşteri formun kutusunu işaretlemeden devam etmek ister', en: 'the customer goes on without ticking the form\'s box' }
      if (t === 'payment.elsewhere') return { tr: 'kart formu, ödemenin başka pencerede sürdüğünü öğrenir (409)', en: 'the card form learns a payment is under way elsewhere (409)' }
      if (t === 'opening.failed') return { tr: 'adresteki satın alma açılamaz (yok ya da artık değil)', en: 'the purchase in the address cannot be opened (none, or no longer)' }
      if (t === 'restore') return { tr: `sayfa "${(e as { step?: string }).step}" adımında yeniden yüklenir`, en: `the page is reloaded at the "${(e as { step?: string }).step}" step` }
      if (t === 'payment.retry') return { tr: 'sonuç sayfasında "Tekrar dene"ye basılır', en: '"Tekrar dene" is pressed on the result page' }
      if (t === 'payment.done') return { tr: `ödeme biter (${ev.status})`, en: `the payment ends (${ev.status})` }
      if (t.startsWith('xstate.done.actor.')) return { tr: `${t.slice(18)} tamamlanır`, en: `${t.slice(18)} completes` }
      if (t.startsWith('xstate.error.actor.')) return { tr: `${t.slice(19)} başarısız (${code(ev) ?? '-'})`, en: `${t.slice(19)} fails (${code(ev) ?? '-'})` }
      return { tr: t, en: t }
    },
  }
}
