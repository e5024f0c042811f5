import { expect } from 'vitest'
import type { BesPurchaseContext } from '../../../machines/bes-purchase/bes-purchase.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { CATALOGUE, FIELD } from './texts.ts'
import { BES_MONTHLY_MINIMUM, tl } from './tariff-literals.ts'
import { APP_ID, PHONE, PURCHASE, TICKET } from '../models/bes-purchase.model.ts'

/** The BES purchase (issue 15, spec 3.2, 9), written apart from machines/bes-purchase. */
type C = BesPurchaseContext
type Person = Record<string, string>

const NEXT = 'Devam Et'
const BACK = 'Geri'
const PAY = 'Onayla ve Öde'
const TITLE = 'Erken BES satın al'
/** Each step's heading (the page lists them all in its step list: the heading says which one is on screen). */
const STEP = {
  quick: 'Hızlı profil', sms: 'Telefon doğrulama', personal: 'Kişisel bilgiler', custodian: 'Veli / vasi', payer: 'Ödeyen bilgileri',
  contract: 'Sözleşme ve fonlar', consents: 'Onaylar', summary: 'Özet', preInformation: 'Ön bilgilendirme formu', payment: 'Ödeme',
} as const
const TO_PAYMENT = 'Ödemeye geç'
const PRE_INFO_CODES = ['PRE_INFORMATION_CHANGED', 'PRE_INFORMATION_REQUIRED']
/** The step whose form a save keeps on screen. */
const SAVING_STEP: Record<string, string> = { profile: STEP.personal, custodian: STEP.custodian, payer: STEP.payer, contract: STEP.contract, consents: STEP.consents }
const RESUMED = 'Yarım kalan başvurunuz bulundu'
/** The BES page's words for a failure (src/web/views/sales/bes/messages.ts restated). */
const REASON: Record<string, string> = {
  // issue 22: an ended verification asks for the phone again (never a "Tekrar dene" the server must refuse)
  SMS_TICKET_INVALID: 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız. Kaydedilen bilgileriniz doğrulamadan sonra geri gelecek.',
  NETWORK: 'Bağlantı kurulamadı. İnternet bağlantınızı kontrol edip tekrar deneyiniz.',
  OTHER_PAYMENT_FAILED: 'Diğer penceredeki ödeme tamamlanamadı; bu satın almayı şimdi buradan ödeyebilirsiniz.',
  // issue 24 item 4
  PRE_INFORMATION_UNCONFIRMED: 'Ödemeye geçmek için ön bilgilendirme formunu okuyup onaylamalısınız',
  PRE_INFORMATION_CHANGED: 'Yanıtlarınız veya fiyat değiştiği için ön bilgilendirme formu yenilendi; lütfen yeni formu okuyup onaylayınız.',
  // issue 24 item 1: a reloaded page whose proof of the phone the server refuses
  SMS_PROOF_INVALID: 'Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız',
}
/** Field messages by code (spec 5; the BES forms' own words). */
const FIELD_SAYS: Record<string, string> = {
  required: FIELD.required, requiredSelection: FIELD.requiredSelection, ageTooOld: 'Katılımcı en fazla 100 yaşında olabilir',
  notAdult: 'Veli/vasi ve katkı payı ödeyen 18 yaşını doldurmuş olmalıdır', consentRequired: 'Devam etmek için bu onay gereklidir',
  // the plan's monthly minimum (spec 9: early BES 100 TL), in the page's money format for a round amount
  belowMinimum: `Bu plan için en az ₺${BES_MONTHLY_MINIMUM.erkenbes} katkı payı ödenmelidir`, fundsNotHundred: 'Fon paylarının toplamı %100 olmalıdır',
}
/** The person forms' fields a required refusal names (issue 24 item 7: "Ad girmelisiniz", never a bare "Değer girmelisiniz"). */
const FIELD_LABEL: Record<string, string> = { firstname: 'Ad', fathername: 'Baba adı', userphone: 'Cep telefonu', lastname: 'Soyad', email: 'E-posta', birthdate: 'Doğum tarihi' }
const fieldSays = (field: string, code: string) =>
  code === 'required' && FIELD_LABEL[field] ? `${FIELD_LABEL[field]} girmelisiniz` : FIELD_SAYS[code] ?? `(no text for ${field} ${code})`
const step = (name: string, extra: Record<string, string[]> = {}) => ({ headings: [TITLE, name], ...extra })

/** On 2 March 2026 (the model's day), a person born after 2 March 2008 is under 18; born before 2 March 1926, over 100. */
const under18 = (p: Person) => p.birthdate! > '2008-03-02'
const over100 = (birthdate: string) => birthdate < '1926-03-02'
/** The identity and family fields every person form needs. */
const complete = (p: Person) => ['firstname', 'lastname', 'nationalId', 'birthdate', 'email'].every((f) => !!p[f]?.trim())
const participantOk = (p: Person) => complete(p) && !!p.fathername && !!p.mothername && !!p.birthplace && !!p.idserialno && !over100(p.birthdate!)
/** Early BES (the model's plan): at least spec 9's 100 TL a month; shares of known funds summing to 100. */
const contractOk = (v: { contributionAmount: string; fundChoice: { share: number }[] }) =>
  Number(v.contributionAmount) >= BES_MONTHLY_MINIMUM.erkenbes && v.fundChoice.reduce((s, f) => s + f.share, 0) === 100
/** The information notice read and the contract approval accepted (the pre-contract form has its own step). */
const consentsOk = (ch: Record<string, { accepted: boolean }>) => ['gdprtextread', 'trxconcent'].every((n) => ch[n]?.accepted === true)

/** A person's form as kept and sent: the text trimmed, empty fields left out, nationality and ID serial number upper case. */
function clean(values: Person): Person {
  const out: Person = {}
  for (const [k, v] of Object.entries(values)) {
    const t = String(v).trim()
    if (t !== '') out[k] = k === 'nationality' || k === 'idserialno' ? t.toUpperCase() : t
  }
  return out
}
/** What the application holds (and each save sends): the answers so far; a custodian only for a minor, a payer only when someone else pays. */
function dataOf(c: C) {
  return {
    ...(c.quick ? { quickProfile: c.quick } : {}),
    ...(c.profile ? { personalProfile: c.profile } : {}),
    ...(c.minor && c.custodian ? { custodianProfile: c.custodian } : {}),
    ...(c.payerIsOther && c.payer ? { payerProfile: c.payer } : {}),
    ...(c.contract ? { pensionContract: c.contract } : {}),
  }
}
/** A saved step answers the application's id; the step's reason, if any, goes when it is left. */
const SAVED = (_p: C, e: { output: { id: string } }) => ({ applicationId: e.output.id, reason: null })
/** A saved application's sections back in the form (the quick profile typed stays), the participant's age as of its last save. */
function answersOf(p: C, saved: { id: string; data: Record<string, any> }): Partial<C> {
  const d = saved.data
  return {
    applicationId: saved.id, quick: p.quick ?? d.quickProfile ?? null, profile: d.personalProfile ?? null, custodian: d.custodianProfile ?? null,
    payer: d.payerProfile ?? null, payerIsOther: !!d.payerProfile, contract: d.pensionContract ?? null, minor: !!d.personalProfile && under18(d.personalProfile),
  }
}
/** A resumed application: its answers back and where it goes on, said on that step. */
const restored = (p: C, saved: { id: string; data: Record<string, any> }, at: C['resumedAt']): Partial<C> => ({ ...answersOf(p, saved), resumed: true, resumedAt: at })

/**
 * Where a reloaded page returns (issue 24 item 1; written apart from machines/bes-purchase/bes-history.ts):
 * the entry's step when every section the application needs before it is answered, else the first one
 * unanswered; the pre-information form and the card form as the form given again.
 */
function returnsTo(step: string, d: Record<string, any>): string {
  const minor = !!d.personalProfile && under18(d.personalProfile)
  const order: Array<[string, unknown]> = [['personal', d.personalProfile], ...(minor ? [['custodian', d.custodianProfile] as [string, unknown]] : []),
    ...(d.payerProfile ? [['payer', d.payerProfile] as [string, unknown]] : []), ['contract', d.pensionContract]]
  for (const [name, answers] of order) {
    if (!answers) return name
    if (name === step) return name
  }
  return step === 'summary' ? 'summary' : step === 'preInformation' || step === 'payment' ? 'loadingPreInformation' : step === 'consents' ? 'consents' : 'contract'
}

/** The step a save is for: the form just sent, the consents once recorded, the same step again on retry. */
const SAVED_BY: Record<string, string> = { 'profile.submit': 'profile', 'custodian.submit': 'custodian', 'payer.submit': 'payer', 'contract.submit': 'contract', 'xstate.done.actor.recordConsents': 'consents' }

/** The server ended the phone's verification: every later call with that ticket is refused (SMS_TICKET_INVALID). */
const expired = (e: { error?: { code?: string } }) => e.error?.code === 'SMS_TICKET_INVALID'
/** Back to the SMS step without the ended ticket, the reason shown there, no field errors. */
const EXPIRED = { ticket: null, reason: 'SMS_TICKET_INVALID', errors: {} }
const noErrors = (c: C) => expect(c.errors).toEqual({})
const hasErrors = (c: C) => expect(Object.keys(c.errors).length).toBeGreaterThan(0)
const verified = (c: C) => {
  expect(c.phone).toBe(PHONE)
  expect(c.ticket).toBe(TICKET)
}

const anyQuick = { type: 'quick.submit', at: '2026-03-02T09:00:00.000Z', gender: 'female', citycode: '34', birthdate: '1990-04-01' }
const confirm = { type: 'summary.confirm' }
const back = { type: 'back' }

export const besPurchaseExpectations: Expectations<C> = {
  states: {
    quickProfile: {
      words: { tr: 'hızlı profil formu (cinsiyet, il, doğum tarihi) açık', en: 'the quick profile form (gender, province, birth date) is open' },
      screen: step(STEP.quick, { enabled: [NEXT] }),
      // (back from the profile: the phone stays verified, its ticket kept)
      context: (c) => expect(c.ticket === null || c.profile !== null || c.applicationId !== null || c.phone === PHONE).toBe(true),
      ignores: [confirm, back, { type: 'retry' }],
    },
    verifying: {
      words: { tr: 'cep telefonu SMS koduyla doğrulanıyor', en: 'the mobile phone is being verified by SMS code' },
      // the SMS step's own screens (tests/machines/expectations/sms-verification.ts)
      screen: step(STEP.sms, { headings: [TITLE, STEP.sms, 'Cep telefonunuzu doğrulayalım'] }),
      context: (c) => {
        // (a reloaded page has no quick profile until its saved application brings it back)
        if (c.reason !== 'SMS_PROOF_INVALID' && c.applicationId === null) expect(c.quick).not.toBeNull()
        expect(c.ticket).toBeNull()
      },
      ignores: [anyQuick, confirm],
    },
    restoring: {
      words: { tr: 'yeniden yüklenen sayfa: telefon doğrulaması sunucudaki kanıttan (çerez) okunur', en: 'a reloaded page: the phone verification is read back from the server proof (cookie)' },
      screen: step(STEP.sms, { texts: ['Başvurunuz hazırlanıyor…'] }),
      tags: { busy: true },
      context: (c) => expect(c.restoreTo).not.toBeNull(),
      sameScreenAs: { state: 'resuming', why: 'reading the verification back and then the saved application are one wait on the SMS step' },
      ignores: [anyQuick, confirm, back],
    },
    routeRestored: { words: { tr: 'sayfa, geçmiş kaydının adımına döner', en: 'the page returns to its history entry step' }, transient: true },
    resuming: {
      words: { tr: 'bu telefonun yarım kalan başvurusu aranıyor', en: 'an unfinished application of this phone is looked up' },
      screen: step(STEP.sms, { texts: ['Başvurunuz hazırlanıyor…'] }),
      tags: { busy: true },
      context: verified,
      ignores: [anyQuick, back],
    },
    personal: {
      words: { tr: 'kişisel bilgiler formu (kimlik, iletişim, iş) açık', en: 'the personal profile form (identity, contact, work) is open' },
      screen: (c) => step(STEP.personal, { enabled: [NEXT], ...(c.resumedAt === 'personal' ? { texts: [RESUMED] } : {}) }),
      context: verified,
      ignores: [anyQuick, confirm, { type: 'retry' }],
    },
    custodian: {
      words: { tr: '18 yaş altı katılımcı için veli/vasi formu açık', en: "the custodian (legal parent) form for a participant under 18 is open" },
      screen: (c) => step(STEP.custodian, { enabled: [NEXT, BACK], texts: ['Katılımcı 18 yaşından küçük olduğu için', ...(c.resumedAt === 'custodian' ? [RESUMED] : [])] }),
      context: (c) => expect(c.minor).toBe(true),
      ignores: [anyQuick, confirm],
    },
    payer: {
      words: { tr: 'katkı payını ödeyecek kişinin formu açık', en: 'the form of the person who pays the contribution is open' },
      screen: step(STEP.payer, { enabled: [NEXT, BACK] }),
      context: (c) => expect(c.payerIsOther).toBe(true),
      ignores: [anyQuick, confirm],
    },
    contract: {
      words: { tr: 'emeklilik sözleşmesi: katkı payı, sıklık ve fon dağılımı', en: 'the pension contract: contribution, frequency and fund distribution' },
      screen: (c) => step(STEP.contract, { enabled: [NEXT, BACK], ...(c.resumedAt === 'contract' ? { texts: [RESUMED] } : {}) }),
      context: (c) => {
        expect(c.profile).not.toBeNull()
        if (c.minor && !c.resumed) expect(c.custodian).not.toBeNull()
      },
      ignores: [anyQuick, confirm],
    },
    saving: {
      words: { tr: 'adım sunucuya kaydediliyor', en: 'the step is being saved on the server' },
      // the step being saved stays on screen, its "Devam Et" waiting
      screen: (c) => step(SAVING_STEP[c.saving!]!, { disabled: [NEXT] }),
      tags: { busy: true },
      context: (c) => {
        expect(c.saving).not.toBeNull()
        noErrors(c)
      },
      ignores: [anyQuick, confirm, back],
    },
    saveFailed: {
      words: { tr: 'adım kaydedilemedi, "Tekrar dene" görünür', en: 'the step could not be saved, "Tekrar dene" shows' },
      screen: (c) => step(SAVING_STEP[c.saving!]!, { enabled: ['Tekrar dene'] }),
      context: (c) => {
        expect(c.reason).toBeTruthy()
        // an ended verification never offers a retry (the server refuses that ticket again)
        expect(c.reason).not.toBe('SMS_TICKET_INVALID')
      },
      ignores: [anyQuick, confirm, back],
    },
    consents: {
      words: { tr: 'onaylar ve izinler: metinler görünür, açık rızalar işaretsiz', en: 'consents and permissions: the texts show, explicit consents unticked' },
      screen: (c) => step(STEP.consents, { enabled: [NEXT, BACK], ...(c.resumedAt === 'consents' ? { texts: [RESUMED] } : {}) }),
      context: (c) => {
        expect(c.contract).not.toBeNull()
        // the consents are recorded under the saved application's id
        expect(c.applicationId).toBe('a1')
      },
      ignores: [anyQuick, confirm],
    },
    recordingConsents: {
      words: { tr: 'onaylar kanıtlarıyla kaydediliyor', en: 'the consents are recorded with their proof' },
      screen: step(STEP.consents, { disabled: [NEXT] }),
      sameScreenAs: { state: 'saving', why: 'recording the consents and then saving them are one wait on the consents step' },
      tags: { busy: true },
      ignores: [anyQuick, back],
    },
    summary: {
      words: { tr: 'özet: katılımcı, ödeyen, sözleşme ve ilk katkı tutarı', en: 'summary: participant, payer, contract and the first contribution' },
      // the first contribution to be charged now: the amount typed on the contract (its literal in the model), in the page's money
      screen: (c) => step(STEP.summary, { enabled: [PAY, BACK], texts: [`Şimdi tahsil edilecek ilk katkı payı: ${tl(c.contract!.contributionAmount)}`] }),
      context: (c) => expect(c.purchase).toBeNull(),
      ignores: [anyQuick, { type: 'retry' }],
    },
    loadingPreInformation: {
      words: { tr: 'ön bilgilendirme formu sunucudan alınır (verildiği kaydedilir)', en: 'the pre-information form is given by the server (and recorded)' },
      screen: step(STEP.preInformation, { disabled: [TO_PAYMENT], texts: ['Yükleniyor…'] }),
      tags: { busy: true },
      ignores: [anyQuick, confirm, back],
    },
    preInformation: {
      words: { tr: 'ön bilgilendirme formu: okunur, kendi kutusuyla onaylanır', en: 'pre-information form: read, confirmed with its own box' },
      screen: step(STEP.preInformation, { enabled: [TO_PAYMENT, BACK, 'Formu PDF olarak indir'] }),
      context: (c) => expect(c.preInformation).not.toBeNull(),
      ignores: [anyQuick, confirm],
    },
    startingPurchase: {
      words: { tr: 'satın alma kaydı açılıyor, tutar sunucuda hesaplanıyor', en: 'the purchase is opened, the amount computed on the server' },
      screen: step(STEP.preInformation, { disabled: [TO_PAYMENT], enabled: ['Formu PDF olarak indir'] }),
      tags: { busy: true },
      ignores: [anyQuick, confirm, back],
    },
    payment: {
      words: { tr: 'ilk katkı payı için kart formu açık', en: 'the card form for the first contribution is open' },
      // the card is charged the first contribution (the server's purchase of the contract it holds); a card form opened on the result page: its own
      screen: (c) => step(STEP.payment, { texts: [c.contract && !c.retry ? `Çekilecek tutar: ${tl(c.contract.contributionAmount)}` : 'Çekilecek tutar'], enabled: ['Öde'] }),
      context: (c) => expect(c.purchase?.id).toBe(PURCHASE.id),
      ignores: [anyQuick, confirm],
    },
    otherPayment: {
      words: { tr: 'başka pencerede süren ödemenin sonucu beklenir', en: 'the outcome of the payment under way in another tab is awaited' },
      screen: step(STEP.payment, { texts: ['Bu satın alma için bir ödeme zaten sürüyor'], absent: ['Çekilecek tutar'] }),
      tags: { busy: true },
      context: (c) => expect(c.purchase?.id).toBe(PURCHASE.id),
      ignores: [anyQuick, confirm, back, { type: 'payment.done', status: 'success' }, { type: 'payment.elsewhere' }],
    },
    paid: {
      words: { tr: 'ödeme sonuçlandı, sonuç sayfasına geçilir', en: 'the payment is over: on to the result page' },
      // the result page: the contract issued, or the payment refused
      screen: (c) => (c.outcome === 'success' ? { headings: ['Ödemeniz alındı, bireysel emeklilik sözleşmeniz düzenlendi'], texts: ['Sözleşme numarası'] }
        : { headings: ['Ödeme alınamadı'], texts: ['Cevaplarınız bu satın almayla birlikte kaydedildi'] }),
      context: (c, s) => {
        expect(s.status).toBe('done')
        expect(s.output).toEqual({ purchaseId: PURCHASE.id, outcome: c.outcome })
      },
    },
  },
  rules: [
    { name: 'a quick profile over 100 years is refused on the spot', from: 'quickProfile', event: 'quick.submit', when: (_c, e) => over100(e.birthdate), to: 'quickProfile',
      changes: { errors: { birthdate: 'ageTooOld' } } },
    { name: 'a complete quick profile goes on to the SMS check', from: 'quickProfile', event: 'quick.submit', when: (c, e) => !over100(e.birthdate) && c.ticket === null, to: 'verifying',
      changes: (_p, e) => ({ errors: {}, quick: { gender: e.gender, citycode: e.citycode, birthdate: e.birthdate.trim() } }) },
    // issue 24 item 1: the browser's Back and Forward, and a reload
    { name: 'a complete quick profile with the phone verified (back from the profile): the profile again, no new SMS', from: 'quickProfile', event: 'quick.submit',
      when: (c, e) => !over100(e.birthdate) && c.ticket !== null, to: 'personal', changes: (_p, e) => ({ errors: {}, quick: { gender: e.gender, citycode: e.citycode, birthdate: e.birthdate.trim() } }) },
    { name: 'back from the profile: the quick profile, the phone still verified', from: 'personal', event: 'back', to: 'quickProfile', changes: { errors: {} } },
    { name: 'back from the SMS step: the quick profile', from: 'verifying', event: 'back', to: 'quickProfile', changes: { reason: null } },
    { name: 'a reloaded page at a step after the verification reads the verification back (its first event)', from: 'quickProfile', event: 'restore', when: (c) => c.quick === null && c.ticket === null && c.purchase === null, to: 'restoring',
      changes: (_p, e) => ({ restoreTo: e.step, errors: {}, reason: null }) },
    { name: 'the proof of the phone holds: the saved application is read, no SMS is sent', from: 'restoring', event: 'xstate.done.actor.restoreVerification', to: 'resuming',
      changes: (_p, e) => ({ phone: e.output.phone, ticket: e.output.ticket }) },
    { name: 'the proof of the phone is refused (forged, expired, another product\'s): the phone is asked again, saying why; none on this device (SMS_PROOF_MISSING): asked with no message', from: 'restoring', event: 'xstate.error.actor.restoreVerification',
      to: 'verifying', changes: (_p, e) => ({ restoreTo: null, ticket: null, phone: null, reason: e.error.code === 'SMS_PROOF_MISSING' ? null : e.error.code }) },
    ...['personal', 'custodian', 'payer', 'contract', 'consents', 'summary', 'loadingPreInformation'].map((target) => ({
      name: `a reloaded page: its saved answers back (no notice), at ${target} (its step when every section before it is answered, else the first unanswered)`, from: 'resuming',
      event: 'xstate.done.actor.resumeApplication', when: (c: C, e: any) => c.restoreTo !== null && returnsTo(c.restoreTo, e.output.data) === target, to: target,
      changes: (p: C, e: any) => ({ ...answersOf(p, e.output), restoreTo: null }),
    })),
    { name: 'a verified phone looks for an unfinished application', from: 'verifying', event: 'xstate.done.actor.smsVerification', to: 'resuming',
      changes: (_p, e) => ({ phone: e.output.phone, ticket: e.output.ticket, reason: null }) },
    { name: 'a saved contract: on at the consents, everything before put back', from: 'resuming', event: 'xstate.done.actor.resumeApplication',
      when: (c, e) => c.restoreTo === null && !!e.output.data.pensionContract, to: 'consents', changes: (p, e) => restored(p, e.output, 'consents') },
    { name: 'a saved minor without a custodian: on at the custodian', from: 'resuming', event: 'xstate.done.actor.resumeApplication',
      when: (c, e) => c.restoreTo === null && !e.output.data.pensionContract && !!e.output.data.personalProfile && !e.output.data.custodianProfile && under18(e.output.data.personalProfile), to: 'custodian',
      changes: (p, e) => restored(p, e.output, 'custodian') },
    { name: 'a saved adult profile, or a minor\'s with the custodian: on at the contract', from: 'resuming', event: 'xstate.done.actor.resumeApplication',
      when: (c, e) => c.restoreTo === null && !e.output.data.pensionContract && !!e.output.data.personalProfile && (!under18(e.output.data.personalProfile) || !!e.output.data.custodianProfile), to: 'contract',
      changes: (p, e) => restored(p, e.output, 'contract') },
    { name: 'a saved application without a profile: the profile form', from: 'resuming', event: 'xstate.done.actor.resumeApplication',
      when: (c, e) => c.restoreTo === null && !e.output.data.personalProfile, to: 'personal', changes: (p, e) => restored(p, e.output, 'personal') },
    { name: 'nothing saved: a fresh application (a reloaded page too: the profile form)', from: 'resuming', event: 'xstate.error.actor.resumeApplication', to: 'personal', changes: { restoreTo: null } },
    { name: 'an incomplete profile shows its problems (spec 5: a required value)', from: 'personal', event: 'profile.submit', when: (_c, e) => !participantOk(e.values), to: 'personal',
      changes: { errors: { firstname: 'required', fathername: 'required' } } },
    { name: 'a complete profile is saved, with the verified phone', from: 'personal', event: 'profile.submit', when: (_c, e) => participantOk(e.values), to: 'saving',
      // the participant's mobile is the phone the SMS proved, whatever the form held
      changes: (_p, e) => ({ errors: {}, profile: clean({ ...e.values, userphone: PHONE }), minor: under18(e.values), payerIsOther: e.payerIsOther, saving: 'profile' }) },
    { name: "a minor's saved profile asks for the custodian", from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'profile' && c.minor, to: 'custodian', changes: SAVED },
    { name: "an adult's saved profile asks for the payer when someone else pays", from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'profile' && !c.minor && c.payerIsOther, to: 'payer', changes: SAVED },
    { name: 'an adult paying for themselves goes on to the contract', from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'profile' && !c.minor && !c.payerIsOther, to: 'contract', changes: SAVED },
    { name: 'a saved custodian asks for the payer when someone else pays', from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'custodian' && c.payerIsOther, to: 'payer', changes: SAVED },
    { name: 'a saved custodian goes on to the contract', from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'custodian' && !c.payerIsOther, to: 'contract', changes: SAVED },
    { name: 'a saved payer goes on to the contract', from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'payer', to: 'contract', changes: SAVED },
    { name: 'a saved contract goes on to the consents', from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'contract', to: 'consents', changes: SAVED },
    { name: 'saved consents go on to the summary', from: 'saving', event: 'xstate.done.actor.saveApplication', when: (c) => c.saving === 'consents', to: 'summary', changes: SAVED },
    { name: 'a failed save offers a retry, with the reason', from: 'saving', event: 'xstate.error.actor.saveApplication', when: (_c, e) => !expired(e), to: 'saveFailed', changes: (_p, e) => ({ reason: e.error.code }) },
    { name: 'a save refused for an ended verification asks for the phone again, saying why (no retry: the server refuses that ticket for good)', from: 'saving',
      event: 'xstate.error.actor.saveApplication', when: (_c, e) => expired(e), to: 'verifying', changes: EXPIRED },
    { name: 'retry saves the same step again (the last reason goes)', from: 'saveFailed', event: 'retry', to: 'saving', changes: {} },
    { name: 'a custodian under 18 is refused (and needs a phone)', from: 'custodian', event: 'custodian.submit', when: (_c, e) => under18(e.values), to: 'custodian',
      changes: { errors: { userphone: 'required', birthdate: 'notAdult' } } },
    { name: 'an adult custodian is saved with the relation as legal parent', from: 'custodian', event: 'custodian.submit', when: (_c, e) => !under18(e.values) && complete(e.values), to: 'saving',
      changes: (p, e) => ({ errors: {}, custodian: { ...clean(e.values), planchoice: 'erkenbes' }, profile: { ...p.profile, legalparent: e.relation }, saving: 'custodian' }) },
    { name: 'back from the custodian to the profile, without its problems', from: 'custodian', event: 'back', to: 'personal', changes: { errors: {} } },
    { name: 'an incomplete payer shows its problems', from: 'payer', event: 'payer.submit', when: (_c, e) => !complete(e.values), to: 'payer',
      changes: { errors: { firstname: 'required', userphone: 'required' } } },
    { name: 'a complete adult payer is saved', from: 'payer', event: 'payer.submit', when: (_c, e) => complete(e.values) && !under18(e.values), to: 'saving',
      changes: (_p, e) => ({ errors: {}, payer: { ...clean(e.values), planchoice: 'erkenbes' }, saving: 'payer' }) },
    { name: "back from the payer: a minor's custodian", from: 'payer', event: 'back', when: (c) => c.minor, to: 'custodian', changes: { errors: {} } },
    { name: "back from the payer: an adult's profile", from: 'payer', event: 'back', when: (c) => !c.minor, to: 'personal', changes: { errors: {} } },
    { name: 'a contribution below the plan minimum or shares not summing to 100 are refused', from: 'contract', event: 'contract.submit', when: (_c, e) => !contractOk(e.values), to: 'contract',
      changes: { errors: { contributionAmount: 'belowMinimum', fundChoice: 'fundsNotHundred' } } },
    { name: 'a valid contract is saved', from: 'contract', event: 'contract.submit', when: (_c, e) => contractOk(e.values), to: 'saving',
      changes: (_p, e) => ({ errors: {}, contract: { ...e.values, contributionAmount: Number(e.values.contributionAmount) }, saving: 'contract' }) },
    { name: 'back from the contract: the payer when someone else pays', from: 'contract', event: 'back', when: (c) => c.payerIsOther, to: 'payer', changes: { errors: {} } },
    { name: "back from the contract: a minor's custodian", from: 'contract', event: 'back', when: (c) => !c.payerIsOther && c.minor, to: 'custodian', changes: { errors: {} } },
    { name: 'back from the contract: the profile', from: 'contract', event: 'back', when: (c) => !c.payerIsOther && !c.minor, to: 'personal', changes: { errors: {} } },
    { name: 'a required consent missing blocks with its name', from: 'consents', event: 'consents.submit', when: (_c, e) => !consentsOk(e.choices), to: 'consents',
      changes: (_p, e) => ({ consents: e.choices, errors: { trxconcent: 'consentRequired' } }) },
    { name: 'the required consents given are recorded', from: 'consents', event: 'consents.submit', when: (_c, e) => consentsOk(e.choices), to: 'recordingConsents',
      changes: (_p, e) => ({ consents: e.choices, errors: {}, reason: null }) },
    { name: 'back from the consents to the contract, without their problems', from: 'consents', event: 'back', to: 'contract', changes: { errors: {}, reason: null } },
    { name: 'recorded consents are saved with the application', from: 'recordingConsents', event: 'xstate.done.actor.recordConsents', to: 'saving', changes: { saving: 'consents' } },
    { name: 'consents that could not be recorded are asked again', from: 'recordingConsents', event: 'xstate.error.actor.recordConsents', when: (_c, e) => !expired(e), to: 'consents',
      changes: (_p, e) => ({ reason: e.error.code }) },
    { name: 'consents refused for an ended verification: the phone again', from: 'recordingConsents', event: 'xstate.error.actor.recordConsents', when: (_c, e) => expired(e), to: 'verifying', changes: EXPIRED },
    { name: 'confirming the summary asks for the pre-information form (the last refusal goes)', from: 'summary', event: 'summary.confirm', to: 'loadingPreInformation', changes: { reason: null } },
    { name: 'the form given is shown', from: 'loadingPreInformation', event: 'xstate.done.actor.loadPreInformation', to: 'preInformation', changes: (_p, e) => ({ preInformation: e.output }) },
    { name: 'the form cannot be given: back to the summary with the reason', from: 'loadingPreInformation', event: 'xstate.error.actor.loadPreInformation', when: (_c, e) => !expired(e), to: 'summary',
      changes: (_p, e) => ({ reason: e.error.code }) },
    { name: 'the form refused for an ended verification: the phone again', from: 'loadingPreInformation', event: 'xstate.error.actor.loadPreInformation', when: (_c, e) => expired(e), to: 'verifying', changes: EXPIRED },
    { name: 'the form confirmed with its box opens the purchase', from: 'preInformation', event: 'preInformation.confirm', when: (_c, e) => e.accepted === true, to: 'startingPurchase', changes: { reason: null } },
    { name: 'the box left unticked: the step stays and says so', from: 'preInformation', event: 'preInformation.confirm', when: (_c, e) => e.accepted !== true, to: 'preInformation',
      changes: { reason: 'PRE_INFORMATION_UNCONFIRMED' } },
    { name: 'back from the form to the summary', from: 'preInformation', event: 'back', to: 'summary', changes: { reason: null } },
    { name: 'the form confirmed is no longer the answers\' (another tab changed them): the new form', from: 'startingPurchase', event: 'xstate.error.actor.createPurchase',
      when: (_c, e) => PRE_INFO_CODES.includes(e.error.code), to: 'loadingPreInformation', changes: (_p, e) => ({ reason: e.error.code }) },
    { name: 'back from the summary to the consents (the last refusal goes)', from: 'summary', event: 'back', to: 'consents', changes: { reason: null } },
    { name: 'the opened purchase shows the card form with the server amount', from: 'startingPurchase', event: 'xstate.done.actor.createPurchase',
      when: (_c, e) => e.output.paymentInProgress !== true, to: 'payment', changes: (_p, e) => ({ purchase: e.output }) },
    { name: 'a payment of the purchase is under way in another tab: its outcome is awaited', from: 'startingPurchase', event: 'xstate.done.actor.createPurchase',
      when: (_c, e) => e.output.paymentInProgress === true, to: 'otherPayment', changes: (_p, e) => ({ purchase: e.output }) },
    { name: 'a purchase that cannot be opened returns to the summary with the reason', from: 'startingPurchase', event: 'xstate.error.actor.createPurchase', when: (_c, e) => !PRE_INFO_CODES.includes(e.error.code) && !expired(e), to: 'summary',
      changes: (_p, e) => ({ reason: e.error.code }) },
    { name: 'a purchase refused for an ended verification: the phone again', from: 'startingPurchase', event: 'xstate.error.actor.createPurchase', when: (_c, e) => expired(e), to: 'verifying', changes: EXPIRED },
    { name: 'the card form is told a payment is already in progress: its outcome is awaited', from: 'payment', event: 'payment.elsewhere', to: 'otherPayment', changes: { reason: null } },
    { name: '"Tekrar dene" on the result page opens the card form of that purchase', from: 'quickProfile', event: 'payment.retry', to: 'payment',
      changes: (_p, e) => ({ purchase: e.purchase, retry: true, reason: null, errors: {} }) },
    { name: 'the other payment succeeded: this tab shows that result', from: 'otherPayment', event: 'xstate.done.actor.watchPayment', when: (_c, e) => e.output === 'success', to: 'paid',
      changes: { outcome: 'success' } },
    { name: 'the other payment failed: this tab may pay, and says so', from: 'otherPayment', event: 'xstate.done.actor.watchPayment', when: (_c, e) => e.output !== 'success', to: 'payment',
      changes: { reason: 'OTHER_PAYMENT_FAILED' } },
    { name: 'the other payment cannot be followed: the card form with the reason', from: 'otherPayment', event: 'xstate.error.actor.watchPayment', to: 'payment',
      changes: (_p, e) => ({ reason: e.error.code }) },
    { name: 'back from a card form opened on the result page: the quick profile', from: 'payment', event: 'back', when: (c) => c.retry, to: 'quickProfile',
      changes: { purchase: null, retry: false, reason: null } },
    { name: 'back from the card form to the summary: the purchase is dropped', from: 'payment', event: 'back', when: (c) => !c.retry, to: 'summary', changes: { purchase: null, reason: null } },
    { name: "the payment's outcome, success or failure, ends the flow for the result page", from: 'payment', event: 'payment.done', to: 'paid',
      changes: (_p, e) => ({ outcome: e.status }) },
  ],
  // a step's field errors under their fields; a failed save or call says why above the step
  errorText: (c, s) => {
    if (s.status === 'done') return []
    const texts = [...Object.entries(c.errors).map(([field, code]) => fieldSays(field, code as string)), ...(c.reason ? [REASON[c.reason] ?? CATALOGUE.TECHNICAL] : [])]
    // a save or a call keeps the last reason until it answers (its step says nothing meanwhile)
    if (s.hasTag('busy')) return texts.length ? [] : null
    return texts.length ? [...new Set(texts)] : null
  },
  equivalentMutants: Object.fromEntries([3, 4, 5, 6, 7].map((i) => [
    `action | besPurchase.saving --xstate.done.actor.saveApplication#${i}--> besPurchase.${['payer', 'contract', 'contract', 'consents', 'summary'][i - 3]} action#0 (rememberApplication) removed`,
    'a save after the first is of an application that has its id already, and the server answers that same id',
  ])),
  inputs: {
    // the SMS check is for this plan (the server's code and caps are per purpose)
    smsVerification: (_p, _e, _n, input) => ({ purpose: input.product }),
    // an application of this plan saved under the phone just verified (the ticket its check gave)
    resumeApplication: (_p, e, _n, input) => ({ ticket: e.output.ticket, product: input.product }),
    // every step is saved under the verified phone: the step just given and the answers so far
    saveApplication: (p, e, n, input) => ({ ticket: TICKET, product: input.product, step: e.type === 'retry' ? p.saving : SAVED_BY[e.type], data: dataOf(n) }),
    // spec 7.3 legalpermission: under the sale (the saved application's id), for the participant (their national ID)
    // (issue 28 item 3: the verified phone's ticket proves the applicant)
    recordConsents: (p, e, _n, input) => ({ saleId: APP_ID, ticket: TICKET, product: input.product, choices: e.choices, partyId: p.profile?.nationalId ?? APP_ID }),
    // the server buys what it holds for the verified phone, at its own price
    createPurchase: (p, _e, _n, input) => ({ ticket: TICKET, product: input.product, preInformationId: p.preInformation?.id ?? '' }),
    loadPreInformation: (_p, _e, _n, input) => ({ ticket: TICKET, product: input.product }),
    // a reloaded page asks for its verification by the product alone (the proof is the HttpOnly cookie)
    restoreVerification: (_p, _e, _n, input) => ({ product: input.product }),
    // the purchase whose payment another tab started: the one just opened, or the one on the card form
    watchPayment: (p, e) => ({ id: e.type === 'xstate.done.actor.createPurchase' ? e.output.id : p.purchase!.id }),
  },
  initial: (c, input) => expect(c).toEqual({
    product: input.product, quick: null, phone: null, ticket: null, resumed: false, resumedAt: null, applicationId: null, profile: null, custodian: null,
    payer: null, minor: false, payerIsOther: false, contract: null, consents: {}, errors: {}, saving: null, reason: null, purchase: null, outcome: null, retry: false, preInformation: null, restoreTo: null,
  }),
  describeEvent: (e) => {
    const ev = e as Record<string, unknown> & { type: string }
    const who = (v: unknown) => {
      const p = v as Person | undefined
      return p ? `${p.firstname || '-'} ${p.lastname}, ${p.birthdate}` : '-'
    }
    switch (ev.type) {
      case 'quick.submit': return { tr: `müşteri hızlı profili gönderir (${ev.gender}, ${ev.citycode}, ${ev.birthdate})`, en: `the customer sends the quick profile (${ev.gender}, ${ev.citycode}, ${ev.birthdate})` }
      case 'profile.submit': return { tr: `müşteri kişisel bilgileri gönderir (${who(ev.values)}; başkası öder: ${ev.payerIsOther ? 'evet' : 'hayır'})`, en: `the customer sends the personal profile (${who(ev.values)}; someone else pays: ${ev.payerIsOther ? 'yes' : 'no'})` }
      case 'custodian.submit': return { tr: `müşteri veliyi gönderir (${who(ev.values)}, ${ev.relation})`, en: `the customer sends the custodian (${who(ev.values)}, ${ev.relation})` }
      case 'payer.submit': return { tr: `müşteri ödeyeni gönderir (${who(ev.values)})`, en: `the customer sends the payer (${who(ev.values)})` }
      case 'contract.submit': {
        const v = ev.values as { contributionAmount: string; fundChoice: { code: string; share: number }[] }
        const funds = v.fundChoice.map((f) => `${f.code} %${f.share}`).join(', ')
        return { tr: `müşteri sözleşmeyi gönderir (${v.contributionAmount} TL; ${funds})`, en: `the customer sends the contract (${v.contributionAmount} TL; ${funds})` }
      }
      case 'consents.submit': {
        const names = Object.entries(ev.choices as Record<string, { accepted: boolean }>).filter(([, c]) => c.accepted).map(([n]) => n).join(', ')
        return { tr: `müşteri onayları gönderir (işaretli: ${names})`, en: `the customer sends the consents (ticked: ${names})` }
      }
      case 'preInformation.confirm': return ev.accepted ? { tr: 'müşteri ön bilgilendirme formunu onaylar', en: 'the customer confirms the pre-information form' } : { tr: 'müşteri formun kutusunu işaretlemeden devam etmek ister', en: 'the customer goes on without ticking the form\'s box' }
      case 'summary.confirm': return { tr: `müşteri "${PAY}" düğmesine basar`, en: `the customer presses "${PAY}"` }
      case 'payment.done': return { tr: `kart ödemesi sonuçlanır (${String(ev.status)})`, en: `the card payment ends (${String(ev.status)})` }
      case 'back': return { tr: `müşteri "${BACK}" düğmesine basar`, en: `the customer presses "${BACK}"` }
      case 'payment.elsewhere': return { tr: 'kart formu, ödemenin başka pencerede sürdüğünü öğrenir (409)', en: 'the card form learns a payment is under way elsewhere (409)' }
      case 'payment.retry': return { tr: 'sonuç sayfasında "Tekrar dene"ye basılır', en: '"Tekrar dene" is pressed on the result page' }
      case 'retry': return { tr: 'müşteri "Tekrar dene" düğmesine basar', en: 'the customer presses "Tekrar dene"' }
      case 'restore': return { tr: `sayfa "${String(ev.step)}" adımında yeniden yüklenir`, en: `the page is reloaded at the "${String(ev.step)}" step` }
      default: {
        const [kind, , , id] = ev.type.split('.')
        return kind === 'xstate' && ev.type.includes('.done.')
          ? { tr: `${id} tamamlanır`, en: `${id} completes` }
          : { tr: `${id} başarısız olur`, en: `${id} fails` }
      }
    }
  },
}
