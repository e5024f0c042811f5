import { expect } from 'vitest'
import type { PurchaseContext } from '../../../machines/shared/purchase.ts'
import type { Expectations, Screen, StateExpectation } from '../../support/expectations.ts'
import { APPLICATION_ID, PURCHASE, TICKET } from '../models/purchase.ts'

/**
 * The purchase flow of a product (issue 15, docs/decisions/purchase.md), written apart from
 * machines/shared/purchase.ts: quote -> SMS -> resume offer -> the product's sections, each saved
 * -> consents (gdprtextread, gdprconcent, infoconcent and trxconcent required for health and travel)
 * -> summary -> the server's purchase -> payment -> done.
 */
export type SectionSpec = { step: string; key: string; words: { tr: string; en: string }; valid: (value: unknown) => boolean }

/** The words the purchase page shows (tr, the spec's and the screens'), for the browser replay. */
const SAYS = {
  quoteIncomplete: 'Teklif bilgileri eksik veya geçersiz',
  ticketExpired: 'Telefon doğrulamanızın süresi doldu',
  network: 'Servise erişim sağlanamadı',
  consentsMissing: 'Devam etmek için zorunlu onayları vermelisiniz',
  // issue 21
  priceChanged: 'Fiyat değişti',
  inProgress: 'Bu satın alma için bir ödeme zaten sürüyor',
  otherFailed: 'Diğer penceredeki ödeme tamamlanamadı',
}
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
const reasonSays = (c: PurchaseContext) => (c.error === 'NETWORK' ? [SAYS.network] : c.error === 'SMS_TICKET_INVALID' ? [SAYS.ticketExpired]
  : c.error === 'CONSENT_REQUIRED' ? [SAYS.consentsMissing] : c.error === 'OTHER_PAYMENT_FAILED' ? [SAYS.otherFailed] : [])
/** The server's price differs from the one the customer has accepted (the quote's, or one confirmed since). */
const repriced = (c: PurchaseContext) => c.price !== null && c.price !== c.quoted
const sectionScreen = (c: PurchaseContext): Screen => ({
  enabled: ['Devam', 'Geri'],
  texts: [...reasonSays(c), ...Object.values(c.fieldErrors).flatMap((code) => (FIELD_SAYS[code] ? [FIELD_SAYS[code]] : []))],
})
const REQUIRED = ['gdprtextread', 'gdprconcent', 'infoconcent', 'trxconcent']
const code = (e: { error?: { code?: string } }) => e.error?.code

/**
 * Why a transition retargeted to `routeAfterQuote` behaves the same: that state passes straight on
 * to the first section when the phone is verified and to SMS when it is not, and every surviving
 * mutant is one whose original target is exactly where it would pass on to in that context.
 */
export const ROUTES_THE_SAME = 'routeAfterQuote passes on to the same state here (first section when verified, SMS when not)'

const savingOf = (step: string) => `saving${step[0]!.toUpperCase()}${step.slice(1)}`

export function purchaseExpectations(opts: {
  product: string
  quotable: (data: any) => boolean
  /** What the good quote costs (the tariff, restated): the price the customer has seen. */
  quotedAmount: number
  /** The field message code of the product's age rule, and whether a profile is inside the product's ages. */
  ageRule: { code: string; within: (profile: any) => boolean }
  sections: SectionSpec[]
  equivalentMutants?: Record<string, string>
}): Expectations<PurchaseContext> {
  const { sections } = opts
  const first = sections[0]!.step
  const last = sections[sections.length - 1]!.step
  const next = (i: number) => sections[i + 1]?.step ?? 'consents'
  const anyPay = { type: 'payment.done', status: 'success' }
  const states: Record<string, StateExpectation<PurchaseContext>> = {
    quote: {
      words: { tr: 'teklif adımı: ürünün soruları ve fiyatı', en: 'the quote step: the product questions and the price' },
      screen: (c) => ({ enabled: ['Teklif Al'], texts: c.error === 'QUOTE_INCOMPLETE' ? [SAYS.quoteIncomplete] : [] }),
      ignores: [{ type: 'summary.confirm' }, anyPay, { type: 'resume.accept' }],
    },
    routeAfterQuote: { words: { tr: 'teklif alındı', en: 'quote taken' }, transient: true },
    sms: {
      words: { tr: 'cep telefonu SMS koduyla doğrulanır', en: 'the mobile phone is verified with an SMS code' },
      screen: (c) => ({ enabled: ['Kod Gönder', 'Geri'], texts: reasonSays(c) }),
      context: (c) => expect(c.ticket).toBeNull(),
      ignores: [{ type: 'summary.confirm' }, anyPay],
    },
    resuming: {
      words: { tr: 'aynı telefona ait yarım başvuru aranır', en: 'an unfinished application of the same phone is looked for' },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    },
    resumeOffer: {
      words: { tr: 'yarım kalan başvuruya devam etmek önerilir', en: 'resuming the unfinished application is offered' },
      screen: { enabled: ['Kaldığım yerden devam et', 'Baştan başla'] },
      context: (c) => expect(c.saved).not.toBeNull(),
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }, anyPay],
    },
    routeResumed: { words: { tr: 'başvuru kaldığı adımdan açılır', en: 'the application opens at its step' }, transient: true },
    consents: {
      words: { tr: 'onaylar: zorunlu olanlar verilmeden ilerlenemez', en: 'consents: the required ones block progress' },
      screen: (c) => ({ enabled: ['Devam', 'Geri'], texts: [...reasonSays(c), ...(c.missing.length > 0 ? [SAYS.consentsMissing] : [])] }),
      context: (c) => expect(c.ticket).toBe(TICKET),
      ignores: [{ type: 'summary.confirm' }, anyPay],
    },
    recordingConsents: {
      words: { tr: 'onaylar kaydedilir (legalpermission)', en: 'the consents are recorded (legalpermission)' },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    },
    summary: {
      words: { tr: 'özet: sunucunun fiyatıyla onay', en: 'summary: confirm at the server price' },
      ignores: [anyPay, { type: 'resume.accept' }, { type: 'payment.elsewhere' }],
    },
    'summary.checking': { words: { tr: 'fiyat, görülenle karşılaştırılır', en: 'the price is compared with the one seen' }, transient: true },
    'summary.ready': {
      words: { tr: 'özet: fiyat görülenle aynı, onaylanır', en: 'summary: the price is the one seen; confirm' },
      screen: (c) => ({ enabled: ['Onayla ve ödemeye geç', 'Geri'], texts: reasonSays(c), absent: [SAYS.priceChanged] }),
      context: (c) => expect(repriced(c)).toBe(false),
      ignores: [{ type: 'price.accept' }],
    },
    'summary.priceChanged': {
      words: { tr: 'özet: fiyat değişti; eski ve yeni fiyat gösterilir, önce yenisi onaylanır', en: 'summary: the price changed; old and new shown, the new one confirmed first' },
      screen: (c) => ({ enabled: ['Yeni fiyatı onayla ve ödemeye geç', 'Geri'], texts: [SAYS.priceChanged, 'Önceki fiyat', 'Yeni fiyat', ...reasonSays(c)] }),
      context: (c) => expect(repriced(c)).toBe(true),
      ignores: [{ type: 'summary.confirm' }],
    },
    purchasing: {
      words: { tr: 'satın alma sunucuda oluşturulur ve fiyatlanır', en: 'the purchase is created and priced on the server' },
      tags: { busy: true },
      ignores: [{ type: 'back' }, anyPay],
    },
    payment: {
      words: { tr: 'kartla ödeme (3D Secure), sunucunun tutarı', en: 'card payment (3-D Secure) of the server amount' },
      screen: (c) => ({ enabled: ['Öde', 'Geri'], texts: ['Çekilecek tutar', ...reasonSays(c)] }),
      context: (c) => expect(c.purchase?.id).toBe(PURCHASE.id),
      ignores: [{ type: 'summary.confirm' }, { type: 'price.accept' }],
    },
    otherPayment: {
      words: { tr: 'başka pencerede süren ödemenin sonucu beklenir', en: 'the outcome of the payment under way in another tab is awaited' },
      screen: { texts: [SAYS.inProgress], absent: ['Çekilecek tutar'] },
      tags: { busy: true },
      context: (c) => expect(c.purchase?.id).toBe(PURCHASE.id),
      ignores: [{ type: 'back' }, anyPay, { type: 'summary.confirm' }, { type: 'payment.elsewhere' }],
    },
    done: {
      words: { tr: 'sonuç sayfasına geçilir', en: 'on to the result page' },
      screen: { texts: ['Sonuç sayfasına yönlendiriliyorsunuz'] },
      context: (c, s) => {
        expect(s.status).toBe('done')
        expect(s.output).toEqual({ purchaseId: PURCHASE.id, outcome: c.outcome })
      },
    },
  }
  sections.forEach((s, i) => {
    states[s.step] = {
      words: s.words,
      screen: sectionScreen,
      context: (c) => expect(c.ticket).toBe(TICKET),
      ignores: [{ type: 'summary.confirm' }, anyPay, { type: 'resume.accept' }],
    }
    states[savingOf(s.step)] = {
      words: { tr: `${s.words.tr}: sunucuya kaydedilir`, en: `${s.words.en}: saved on the server` },
      tags: { busy: true },
      ignores: [{ type: 'back' }, { type: 'summary.confirm' }],
    }
    void i
  })

  const rules: Expectations<PurchaseContext>['rules'] = [
    { name: 'a quote the tariff prices goes on to SMS verification, its price remembered as the one seen', from: 'quote', event: 'quote.submit', when: (c, e) => opts.quotable(e.data) && c.ticket === null, to: 'sms',
      then: (c, _p, e) => { expect(c.data).toMatchObject(e.data); expect(c.quoted).toBe(opts.quotedAmount) } },
    { name: '"Tekrar dene" on the result page opens the payment step of that purchase', from: 'quote', event: 'payment.retry', to: 'payment',
      then: (c, _p, e) => { expect(c.purchase).toEqual(e.purchase); expect(c.retry).toBe(true) } },
    { name: 'an already verified phone goes straight back to the first section', from: 'quote', event: 'quote.submit', when: (c, e) => opts.quotable(e.data) && c.ticket !== null, to: first },
    { name: 'a quote the tariff refuses stays, with the reason', from: 'quote', event: 'quote.submit', when: (_c, e) => !opts.quotable(e.data), to: 'quote',
      then: (c) => expect(c.error).toBe('QUOTE_INCOMPLETE') },
    { name: 'a verified phone: look for an unfinished application', from: 'sms', event: 'xstate.done.actor.sms', to: 'resuming', then: (c) => expect(c.ticket).toBe(TICKET) },
    { name: 'back from SMS to the quote', from: 'sms', event: 'back', to: 'quote' },
    { name: 'nothing to resume: the first section', from: 'resuming', event: 'xstate.done.actor.resumeApplication', when: (_c, e) => !e.output, to: first },
    { name: 'an unfinished application is offered', from: 'resuming', event: 'xstate.done.actor.resumeApplication', when: (_c, e) => !!e.output, to: 'resumeOffer' },
    { name: 'the look-up fails: go on without resuming', from: 'resuming', event: 'xstate.error.actor.resumeApplication', to: first },
    { name: 'resuming an application saved at the consents opens the consents', from: 'resumeOffer', event: 'resume.accept',
      when: (c) => !sections.some((s) => s.step === c.saved?.step), to: 'consents' },
    { name: 'starting over keeps the new quote', from: 'resumeOffer', event: 'resume.decline', to: first, then: (c, p) => expect(c.data).toEqual(p.data) },
    { name: 'the consents with a required one missing stay, naming it', from: 'consents', event: 'consents.submit',
      when: (_c, e) => REQUIRED.some((n) => !e.choices[n]?.accepted), to: 'consents',
      then: (c, _p, e) => expect(c.missing).toEqual(REQUIRED.filter((n) => !e.choices[n]?.accepted)) },
    { name: 'all required consents given: they are recorded', from: 'consents', event: 'consents.submit',
      when: (_c, e) => REQUIRED.every((n) => e.choices[n]?.accepted), to: 'recordingConsents', then: (c) => expect(c.missing).toEqual([]) },
    { name: 'back from the consents to the last section', from: 'consents', event: 'back', to: last },
    { name: 'consents recorded: the summary, at the price seen', from: 'recordingConsents', event: 'xstate.done.actor.recordConsents', when: (c) => !repriced(c), to: 'summary.ready' },
    { name: 'consents recorded: the summary says the price changed', from: 'recordingConsents', event: 'xstate.done.actor.recordConsents', when: (c) => repriced(c), to: 'summary.priceChanged' },
    { name: 'consents not recorded: back to them with the reason', from: 'recordingConsents', event: 'xstate.error.actor.recordConsents', to: 'consents',
      then: (c) => expect(c.error).toBe('NETWORK') },
    { name: 'confirming the summary creates the purchase', from: 'summary.ready', event: 'summary.confirm', to: 'purchasing' },
    { name: 'confirming the new price creates the purchase at it', from: 'summary.priceChanged', event: 'price.accept', to: 'purchasing',
      then: (c, p) => expect(c.quoted).toBe(p.price) },
    { name: 'back from the summary to the consents', from: 'summary', event: 'back', to: 'consents' },
    { name: 'the server priced the purchase at the accepted price: the payment', from: 'purchasing', event: 'xstate.done.actor.createPurchase',
      when: (c, e) => !e.output.paymentInProgress && e.output.amount === c.quoted, to: 'payment',
      then: (c, _p, e) => expect(c.purchase).toEqual(e.output) },
    { name: 'the server prices the purchase differently: back to the summary, old and new price', from: 'purchasing', event: 'xstate.done.actor.createPurchase',
      when: (c, e) => !e.output.paymentInProgress && e.output.amount !== c.quoted, to: 'summary.priceChanged',
      then: (c, _p, e) => expect(c.price).toBe(e.output.amount) },
    { name: 'a payment of the purchase is under way in another tab: its outcome is awaited', from: 'purchasing', event: 'xstate.done.actor.createPurchase',
      when: (_c, e) => e.output.paymentInProgress === true, to: 'otherPayment' },
    { name: 'an expired verification asks for the phone again', from: 'purchasing', event: 'xstate.error.actor.createPurchase', when: (_c, e) => code(e) === 'SMS_TICKET_INVALID', to: 'sms',
      then: (c) => expect(c.ticket).toBeNull() },
    { name: 'a refused purchase returns to the summary with the reason', from: 'purchasing', event: 'xstate.error.actor.createPurchase', when: (_c, e) => code(e) !== 'SMS_TICKET_INVALID', to: 'summary',
      then: (c, _p, e) => expect(c.error).toBe(code(e)) },
    { name: 'the payment ends: the result page of that purchase', from: 'payment', event: 'payment.done', to: 'done', then: (c, _p, e) => expect(c.outcome).toBe(e.status) },
    { name: 'the card form is told a payment is already in progress: its outcome is awaited', from: 'payment', event: 'payment.elsewhere', to: 'otherPayment' },
    // the payment step is reached at the accepted price only: back is the summary at that price
    { name: 'back from the payment to the summary', from: 'payment', event: 'back', when: (c) => !c.retry, to: 'summary.ready' },
    { name: 'back from a payment opened on the result page: a new quote', from: 'payment', event: 'back', when: (c) => c.retry, to: 'quote',
      then: (c) => { expect(c.retry).toBe(false); expect(c.purchase).toBeNull() } },
    { name: 'the other payment succeeded: this tab shows that result', from: 'otherPayment', event: 'xstate.done.actor.watchPayment', when: (_c, e) => e.output === 'success', to: 'done',
      then: (c) => expect(c.outcome).toBe('success') },
    { name: 'the other payment failed: this tab may pay, and says so', from: 'otherPayment', event: 'xstate.done.actor.watchPayment', when: (_c, e) => e.output !== 'success', to: 'payment',
      then: (c) => expect(c.error).toBe('OTHER_PAYMENT_FAILED') },
    { name: 'the other payment cannot be followed: the payment step with the reason', from: 'otherPayment', event: 'xstate.error.actor.watchPayment', to: 'payment',
      then: (c) => expect(c.error).toBe('NETWORK') },
  ]
  sections.forEach((s, i) => {
    rules.push(
      { name: `resuming an application saved at ${s.step} opens it with the saved answers`, from: 'resumeOffer', event: 'resume.accept',
        when: (c) => c.saved?.step === s.step, to: s.step,
        then: (c, p) => {
          expect(c.applicationId).toBe(APPLICATION_ID)
          expect(c.data).toEqual(p.saved!.data)
        } },
      { name: `${s.step}: answers with problems stay, with the field errors`, from: s.step, event: 'section.submit', when: (_c, e) => !s.valid(e.value), to: s.step,
        then: (c, _p, e) => {
          expect(Object.keys(c.fieldErrors).length).toBeGreaterThan(0)
          // a person outside the product's ages: the product's rule on the birth date
          if (s.step === 'profile' && s.valid({ ...e.value, birthdate: '1990-05-17' }) && !opts.ageRule.within(e.value)) expect(c.fieldErrors).toEqual({ birthdate: opts.ageRule.code })
        } },
      { name: `${s.step}: valid answers are saved`, from: s.step, event: 'section.submit', when: (_c, e) => s.valid(e.value), to: savingOf(s.step),
        then: (c, _p, e) => {
          expect((c.data as Record<string, unknown>)[s.key]).toEqual(e.value)
          expect(c.fieldErrors).toEqual({})
        } },
      { name: `${s.step}: back`, from: s.step, event: 'back', to: i === 0 ? 'quote' : sections[i - 1]!.step },
      { name: `${s.step}: saved, on to the next step with the server's price of the saved answers`, from: savingOf(s.step), event: 'xstate.done.actor.saveApplication', to: next(i),
        then: (c, _p, e) => { expect(c.applicationId).toBe(APPLICATION_ID); expect(c.price).toBe(e.output.price.amount) } },
      { name: `${s.step}: an expired verification asks for the phone again`, from: savingOf(s.step), event: 'xstate.error.actor.saveApplication',
        when: (_c, e) => code(e) === 'SMS_TICKET_INVALID', to: 'sms', then: (c) => expect(c.ticket).toBeNull() },
      { name: `${s.step}: not saved, stays with the reason`, from: savingOf(s.step), event: 'xstate.error.actor.saveApplication',
        when: (_c, e) => code(e) !== 'SMS_TICKET_INVALID', to: s.step, then: (c, _p, e) => expect(c.error).toBe(code(e)) },
    )
  })
  return {
    states,
    rules,
    equivalentMutants: opts.equivalentMutants ?? {},
    significant: (c) => ({ ticket: c.ticket, data: c.data, purchase: c.purchase, outcome: c.outcome, saved: c.saved, quoted: c.quoted, price: c.price, retry: c.retry }),
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
      if (t === 'payment.elsewhere') return { tr: 'kart formu, ödemenin başka pencerede sürdüğünü öğrenir (409)', en: 'the card form learns a payment is under way elsewhere (409)' }
      if (t === 'payment.retry') return { tr: 'sonuç sayfasında "Tekrar dene"ye basılır', en: '"Tekrar dene" is pressed on the result page' }
      if (t === 'payment.done') return { tr: `ödeme biter (${ev.status})`, en: `the payment ends (${ev.status})` }
      if (t.startsWith('xstate.done.actor.')) return { tr: `${t.slice(18)} tamamlanır`, en: `${t.slice(18)} completes` }
      if (t.startsWith('xstate.error.actor.')) return { tr: `${t.slice(19)} başarısız (${code(ev) ?? '-'})`, en: `${t.slice(19)} fails (${code(ev) ?? '-'})` }
      return { tr: t, en: t }
    },
  }
}
