import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { CardFormErrors } from '../../../src/domain/card/card-form.ts'
import { validateCardForm } from '../../../src/domain/card/card-form.ts'
import type { PaymentContext, PaymentField } from '../../../machines/payment/payment.machine.ts'
import { readAmount } from '../../../src/domain/amount.ts'
import type { BinCheckResult } from '../../../src/domain/card/bin.ts'
import type { Expectations } from '../../support/expectations.ts'
import { CATALOGUE } from './texts.ts'

const TITLE = '3D Secure kart ödeme testi'
const SUBMIT = '3D Test Et'
const RESET = 'Formu Temizle'
const MODAL = '3D Güvenli İşlem'
/** Spec 5's messages for the codes the paths produce. */
export const ERROR_TEXT: Record<string, string> = {
  'number.required': 'Kredi kartı numarası girmelisiniz',
  'number.invalid': 'Kredi kartı numarasını kontrol ediniz.',
  'number.binRejected': 'Girdiğiniz kredi kartı numarası geçerli değil',
  // a purchase takes credit cards only (issue 21)
  'number.debitCard': 'Banka kartı ile ödeme alınamıyor; lütfen bir kredi kartı kullanın.',
  'name.required': 'Kredi kartı üzerinde yazan ad-soyadı girmelisiniz',
  'cvc.required': 'Kartınızın arka yüzündeki kod girmelisiniz',
  'expiry.required': 'Kredi kartınızın geçerlilik tarihini girmelisiniz',
  'currcode.required': 'Para birimi girmelisiniz',
  'amount.required': 'İşlem tutarı girmelisiniz',
}

/** Spec 3.4: only P01 and S01 run the 3-D payment. */
const connected = (c: PaymentContext) => c.values.trxtype === 'P01' || c.values.trxtype === 'S01'
/** A complete card number needs the BIN rule unless this very BIN was accepted already. */
const needsBinCheck = (c: PaymentContext) => c.card.complete && !(c.bin === 'accepted' && c.checkedBin === c.card.bin)
/**
 * The form's field errors at a moment: spec 5's field rules (src/domain's validateCardForm, tested on
 * its own in tests/domain), and for the card number and the CVC what the typed facts say: required,
 * not a complete card, refused by the BIN rule; a CVC of 3 digits, 4 for amex.
 */
/** The refusal a refused BIN shows: a purchase refusing a debit card says to use a credit card (issue 21), else spec 5's "not valid". */
const refusalOf = (purchase: boolean, reason: string | null | undefined) => (purchase && reason === 'debit_card' ? 'number.debitCard' : 'number.binRejected')
const isRefusal = (code: string | undefined) => code === 'number.binRejected' || code === 'number.debitCard'
function errorsAt(c: PaymentContext, at: number): CardFormErrors {
  const errors = validateCardForm({ ...c.values, number: '', cvc: '' }, new Date(at))
  delete errors.number
  delete errors.cvc
  if (c.card.length === 0) errors.number = 'number.required'
  else if (!c.card.complete) errors.number = 'number.invalid'
  else if (c.bin === 'refused') errors.number = refusalOf(c.purchase, c.binRefusal)
  if (c.cvcLength === 0) errors.cvc = 'cvc.required'
  else if (c.cvcLength !== (c.card.brand === 'amex' ? 4 : 3)) errors.cvc = 'cvc.invalid'
  return errors
}
/** Spec 3.4 and 9: every field empty but the amount "1", one installment, P01; the currency the page proposes. */
const defaultsOf = (currency: string): Record<PaymentField, string> => ({
  name: '', expiry: '', bankcode: '', currcode: currency, amount: '1', trxtype: 'P01', installment: '1', cardtype: '', cardOwner: '',
})
const NO_CARD = { bin: '', last4: '', length: 0, complete: false, brand: 'unknown' }
/**
 * A purchase's charge in instalments (issue 24 item 8): whole kuruş that add up to the charge, all
 * alike but the first, which carries what is left over. The model's charge (1,250.05 TRY) by its
 * counts, as literals; any other charge by that rule.
 */
const PLANS: Record<string, { count: number; first: number; rest: number; total: number }> = {
  '1250.05 x 1': { count: 1, first: 1250.05, rest: 1250.05, total: 1250.05 },
  '1250.05 x 3': { count: 3, first: 416.69, rest: 416.68, total: 1250.05 },
}
function planFor(charge: { amount: number } | null, installment: string) {
  if (!charge) return null
  const n = Math.max(1, Number(installment) || 1)
  const known = PLANS[`${charge.amount} x ${n}`]
  if (known) return known
  const kurus = Math.round(charge.amount * 100)
  const rest = Math.trunc(kurus / n)
  return { count: n, first: (kurus - rest * (n - 1)) / 100, rest: rest / 100, total: kurus / 100 }
}
/** What a field keeps of what was typed (spec 3.4, 5, 9): the expiry as MM/YY, the currency upper case, the name at most 40 characters. */
function typed(field: string, value: string): string {
  if (field === 'expiry') {
    const d = value.replace(/\D/g, '').slice(0, 4)
    return d.length < 3 ? d : `${d.slice(0, 2)}/${d.slice(2)}`
  }
  if (field === 'currcode') return value.toUpperCase().slice(0, 10)
  if (field === 'name') return [...value].slice(0, 40).join('')
  return value
}
/** The errors once the BIN rule has answered (an accepted BIN also fills the bank code). */
function errorsAfterBin(c: PaymentContext, output: BinCheckResult) {
  const bankcode = output.accepted && output.entry?.bank_code ? output.entry.bank_code : c.values.bankcode
  return errorsAt({ ...c, bin: output.accepted ? 'accepted' : 'refused', values: { ...c.values, bankcode } }, c.submittedAt)
}
const ownOrder = (c: PaymentContext, e: { orderId: string }) => c.order !== null && e.orderId === c.order.orderId
const FRAME_LOADING = 'Banka sayfası yükleniyor…'
const TIMEOUT_TEXT = 'Banka sayfası zamanında yanıt vermediği için ödeme zaman aşımına uğradı; kartınızdan tutar çekilmedi.'
/** What the form says for a reason (a toast for a failed call, spec 8; a notice for a type that is not connected). */
const REASON_TEXT: Record<string, string> = {
  NOT_CONNECTED: 'Bu işlem tipi bağlı değil: yalnızca 3D Provizyon (P01) ve 3D Satış (S01) denenebilir. Hiçbir bilgi gönderilmedi.',
  KVT_GATEWAY_ERR4: CATALOGUE.KVT_GATEWAY_ERR4,
  NETWORK: CATALOGUE.NETWORK,
  UNEXPECTED: CATALOGUE.UNEXPECTED,
}
const FOREIGN = { type: 'frame.closed', orderId: 'KEM20260302999999111', status: 'success' }
const SUBMIT_AGAIN = { type: 'form.submit', at: Date.UTC(2026, 2, 2, 9) }

/** The card payment test form (spec 3.4, 4 "Payment flow", 5, 7.4), written apart from machines/payment. */
const CVC_BACK = 'Kartın arkasındaki 3 haneli kod'
const CVC_FRONT = 'Kartın önündeki 4 haneli kod'

export const paymentExpectations: Expectations<PaymentContext> = {
  states: {
    editing: {
      words: { tr: 'form düzenleniyor', en: 'the form is being edited' },
      // the security code's hint follows the card's scheme: 4 digits on the front for American Express, else 3 on the back
      screen: (c) => ({ headings: [TITLE], enabled: [SUBMIT, RESET], texts: [c.card.brand === 'amex' ? CVC_FRONT : CVC_BACK], absent: [MODAL, c.card.brand === 'amex' ? CVC_BACK : CVC_FRONT] }),
      tags: { busy: false, modal: false },
      context: (c) => expect(c.order).toBeNull(),
    },
    'editing.idle': {
      words: { tr: 'form düzenleniyor', en: 'the form is being edited' },
      context: (c) => expect(c.bin).not.toBe('checking'),
      // leaving a card number of fewer than 6 digits checks nothing
      ignores: [{ type: 'card.blur' }],
    },
    'editing.checkingBin': {
      words: { tr: 'kartın BIN kuralı denetleniyor', en: 'the card\'s BIN rule is being checked' },
      sameScreenAs: { state: 'editing.idle', why: 'the BIN rule answers from the bundled table at once: nothing on the form shows it is asked' },
      context: (c) => { expect(c.bin).toBe('checking'); expect(c.card.bin).toHaveLength(6) },
      ignores: [{ type: 'card.blur' }],
    },
    validating: {
      words: { tr: 'gönderilmeden önce BIN kuralı denetleniyor', en: 'the BIN rule is checked before sending' },
      screen: { headings: [TITLE], busy: [SUBMIT], absent: [MODAL] },
      sameScreenAs: { state: 'submitting', why: 'the last BIN check before sending and the sending look the same: "3D Test Et" is busy' },
      tags: { busy: true, modal: false },
      context: (c) => { expect(c.bin).toBe('checking'); expect(c.submitted).toBe(true) },
      ignores: [SUBMIT_AGAIN, { type: 'form.reset' }, { type: 'card.blur' }],
    },
    validated: { words: { tr: 'form doğrulandı', en: 'the form is validated' }, transient: true },
    submitting: {
      words: { tr: 'ödeme ağ geçidine gönderiliyor', en: 'the payment is being sent to the gateway' },
      screen: { headings: [TITLE], busy: [SUBMIT], absent: [MODAL] },
      tags: { busy: true, modal: false },
      context: (c) => { expect(c.errors).toEqual({}); expect(c.submitted).toBe(true) },
      ignores: [SUBMIT_AGAIN, { type: 'form.reset' }, FOREIGN],
    },
    threeD: {
      words: { tr: `"${MODAL}" penceresi açık`, en: `the "${MODAL}" modal is open` },
      screen: { headings: [MODAL] },
      tags: { busy: true, modal: true },
      context: (c) => expect(c.order).not.toBeNull(),
    },
    'threeD.loading': {
      words: { tr: `"${MODAL}" penceresi açık, banka sayfası yükleniyor`, en: `the "${MODAL}" modal is open, the bank page is loading` },
      screen: { texts: [FRAME_LOADING] },
      tags: { frameLoading: true },
      ignores: [FOREIGN, { ...FOREIGN, status: 'error' }, SUBMIT_AGAIN, { type: 'form.reset' }],
    },
    'threeD.ready': {
      words: { tr: `"${MODAL}" penceresinde banka sayfası görünür`, en: `the bank page shows in the "${MODAL}" modal` },
      screen: { absent: [FRAME_LOADING] },
      tags: { frameLoading: false },
      ignores: [FOREIGN, { type: 'frame.loaded' }],
    },
    succeeded: {
      words: { tr: 'ödeme başarılı, başarı sayfası açılır', en: 'the payment succeeded; the success page opens' },
      screen: { headings: ['Ödeme başarılı'], texts: ['Sipariş numarası'] },
      context: (c, s) => { expect(s.status).toBe('done'); expect(c.order).not.toBeNull() },
    },
    failed: {
      words: { tr: 'ödeme başarısız, hata sayfası açılır', en: 'the payment failed; the error page opens' },
      // the bank's reason is the server's record (declined, or the 3-D check failed), shown under it
      screen: { headings: ['Ödeme başarısız'], texts: ['Sipariş numarası'], absent: [TIMEOUT_TEXT] },
      context: (c, s) => { expect(s.status).toBe('done'); expect(c.order).not.toBeNull() },
    },
    timedOut: {
      words: { tr: 'banka zamanında yanıt vermedi, hata sayfası açılır', en: 'the bank did not answer in time; the error page opens' },
      screen: { headings: ['Ödeme başarısız'], texts: [TIMEOUT_TEXT] },
      context: (c, s) => { expect(s.status).toBe('done'); expect(c.reason).toBe('THREE_D_TIMEOUT') },
    },
  },
  rules: [
    { name: 'typing a field keeps the form open, with what was typed', from: 'editing', event: 'field.change', to: 'editing',
      then: (c, p, e) => {
        expect(c.reason).toBeNull()
        expect(c.values).toEqual({ ...p.values, [e.field]: typed(e.field, e.value) })
        // a purchase's instalments follow the count chosen; nothing else changes them
        expect(c.instalments).toEqual(e.field === 'installment' ? planFor(p.charge, c.values.installment) : p.instalments)
        // after the first submit the errors follow every change
        if (p.submitted) expect(c.errors).toEqual(errorsAt(c, c.submittedAt))
        else expect(c.errors).toEqual(p.errors)
      } },
    { name: 'typing the card number returns to idle with its facts', from: 'editing', event: 'card.input', to: 'editing.idle',
      then: (c, p, e) => {
        expect(c.card).toEqual({ bin: e.bin, last4: e.last4, length: e.length, complete: e.complete, brand: e.brand })
        // the scheme field follows the card (spec 3.4 cardtype)
        expect(c.values.cardtype).toBe(e.brand === 'unknown' ? '' : e.brand)
        expect(c.bin).toBe(e.bin !== '' && e.bin === p.checkedBin ? p.bin : 'unchecked')
        // a refusal speaks of the BIN that was checked: a corrected card clears it until its own check
        if (e.bin !== p.checkedBin) expect(isRefusal(c.errors.number)).toBe(false)
        else expect(isRefusal(c.errors.number)).toBe(isRefusal(p.errors.number))
      } },
    { name: 'leaving the amount writes it out when it can be read (1250.5 -> 1,250.50)', from: 'editing', event: 'amount.blur', to: 'editing', effects: [],
      then: (c, p) => {
        const reading = readAmount(p.values.amount)
        expect(c.values.amount).toBe(reading.ok ? reading.display : p.values.amount)
        expect(c.errors).toEqual(p.errors)
      } },
    { name: 'typing the security code records only its length', from: 'editing', event: 'cvc.input', to: 'editing',
      then: (c, p, e) => {
        expect(c.cvcLength).toBe(e.length)
        if (p.submitted) expect(c.errors).toEqual(errorsAt(c, c.submittedAt))
      } },
    { name: '"Formu Temizle" empties the form', from: 'editing', event: 'form.reset', to: 'editing.idle', effects: ['clearSecrets', 'notice:reset'],
      then: (c, p) => {
        expect(c.values).toEqual(defaultsOf(c.defaultCurrency))
        expect(c.card).toEqual(NO_CARD)
        expect(c).toMatchObject({ cvcLength: 0, bin: 'unchecked', checkedBin: '', bankCodeManual: false, submitted: false, reason: null })
        expect(c.errors).toEqual({})
        expect(c.generation).toBe(p.generation + 1)
        // the charge is paid at once again
        expect(c.instalments).toEqual(planFor(p.charge, '1'))
      } },
    { name: 'a transaction type that is not connected sends nothing', from: 'editing', event: 'form.submit', when: (c) => !connected(c), to: 'editing', effects: ['notice:notConnected'],
      then: (c) => expect(c.reason).toBe('NOT_CONNECTED') },
    { name: 'a complete card whose BIN is not yet accepted is checked first', from: 'editing', event: 'form.submit',
      when: (c) => connected(c) && needsBinCheck(c), to: 'validating', effects: [] },
    { name: 'a form with errors shows them and stays', from: 'editing', event: 'form.submit',
      when: (c, e) => connected(c) && !needsBinCheck(c) && Object.keys(errorsAt(c, e.at)).length > 0, to: 'editing', effects: ['notice:invalid'],
      then: (c, p, e) => expect(c.errors).toEqual(errorsAt(p, e.at)) },
    { name: 'a valid form is sent to the gateway', from: 'editing', event: 'form.submit',
      when: (c, e) => connected(c) && !needsBinCheck(c) && Object.keys(errorsAt(c, e.at)).length === 0, to: 'submitting', effects: [] },
    { name: 'leaving a card number of 6+ digits checks its BIN', from: 'editing.idle', event: 'card.blur', when: (c) => c.card.bin.length === 6, to: 'editing.checkingBin' },
    { name: 'a refused BIN shows "not valid" on the number', from: 'editing.checkingBin', event: 'xstate.done.actor.checkBin', when: (_c, e) => !e.output.accepted, to: 'editing.idle', effects: ['notice:binRefused'],
      then: (c, p, e) => { expect(c.bin).toBe('refused'); expect(c.errors.number).toBe(refusalOf(p.purchase, e.output.reason)) } },
    { name: 'an accepted BIN fills the bank code', from: 'editing.checkingBin', event: 'xstate.done.actor.checkBin', when: (_c, e) => e.output.accepted, to: 'editing.idle', effects: [],
      then: (c, _p, e) => {
        expect(c.bin).toBe('accepted'); expect(c.values.bankcode).toBe(e.output.entry.bank_code)
        expect(isRefusal(c.errors.number)).toBe(false)
      } },
    { name: 'a BIN table that cannot load leaves the check for the submit', from: 'editing.checkingBin', event: 'xstate.error.actor.checkBin', to: 'editing.idle', effects: [],
      then: (c) => expect(c.bin).toBe('unavailable') },
    { name: 'after the BIN check a form with errors returns to editing', from: 'validating', event: 'xstate.done.actor.checkBin',
      when: (c, e) => Object.keys(errorsAfterBin(c, e.output)).length > 0, to: 'editing', effects: ['notice:invalid'],
      then: (c, p, e) => expect(c.errors).toEqual(errorsAfterBin(p, e.output)) },
    { name: 'after the BIN check a valid form is sent', from: 'validating', event: 'xstate.done.actor.checkBin',
      when: (c, e) => Object.keys(errorsAfterBin(c, e.output)).length === 0, to: 'submitting', effects: [] },
    { name: 'a BIN check that fails on submit shows the reason', from: 'validating', event: 'xstate.error.actor.checkBin', to: 'editing', effects: ['notice:error'],
      then: (c) => { expect(c.bin).toBe('unavailable'); expect(c.reason).toBe('UNEXPECTED') } },
    { name: 'the gateway\'s 3-D form opens the modal', from: 'submitting', event: 'xstate.done.actor.startPayment', to: 'threeD.loading', effects: [],
      then: (c, _p, e) => expect(c.order).toEqual(e.output) },
    // the server issues the order id (issue 21): every refusal is shown, none retried behind the customer
    { name: 'a failed gateway call shows its reason on the form', from: 'submitting', event: 'xstate.error.actor.startPayment', to: 'editing', effects: ['notice:error'],
      then: (c, _p, e) => expect(c.reason).toBe(e.error.code) },
    { name: 'the bank page painted: the spinner goes', from: 'threeD.loading', event: 'frame.loaded', to: 'threeD.ready' },
    { name: 'no answer from the bank in time: timed out', from: 'threeD', event: 'xstate.after.*', to: 'timedOut', effects: ['notice:timeout'],
      then: (c) => expect(c.reason).toBe('THREE_D_TIMEOUT') },
    { name: 'close3DBox success for our order: succeeded', from: 'threeD', event: 'frame.closed', when: (c, e) => ownOrder(c, e) && e.status === 'success', to: 'succeeded' },
    { name: 'close3DBox error for our order: failed', from: 'threeD', event: 'frame.closed', when: (c, e) => ownOrder(c, e) && e.status !== 'success', to: 'failed' },
  ],
  equivalentMutants: {
    // validated is an eventless check: with no errors it goes on to submitting with errors cleared,
    // exactly what the direct transition does
    'target | payment.editing --form.submit#3--> payment.submitting  =>  #payment.validated': 'a valid form passes through validated to submitting',
    // not equivalent: the generated paths fill the card before the submit (both orders end in one
    // abstract state), so no generated path types a card after a refused submit;
    // tests/machines/payment.test.ts ("a card typed after a refused submit") kills this mutant
    'action | payment.editing --card.input#0--> payment.editing.idle action#1 (refreshErrors) removed': 'killed by tests/machines/payment.test.ts, outside the generated paths',
    // not equivalent: the abstract state does not tell a reason shown from none (making it do so doubles the
    // generated paths and takes the production-input replay past its limit), so no generated path submits
    // straight to submitting after a refusal; tests/machines/payment.test.ts ("a submit after a refusal") kills it
    'assign | payment.editing --form.submit#3--> payment.submitting action#0 reason kept': 'killed by tests/machines/payment.test.ts, outside the generated paths',
    'guard | payment.editing --amount.blur#0--> (self)  dropped': 'an amount that cannot be read is left as typed: without the guard the same transition runs and writes nothing',
  },
  // every field's problem under it (spec 5); a type that is not connected, a refused BIN or a failed call says so
  errorText: (c, s) => {
    if (s.matches('timedOut')) return [TIMEOUT_TEXT]
    if (s.status === 'done') return []
    const texts = [...Object.values(c.errors).map((code) => ERROR_TEXT[code as string] ?? ''), ...(c.reason ? [REASON_TEXT[c.reason] ?? CATALOGUE.TECHNICAL] : [])]
    return texts.length ? texts : null
  },
  inputs: {
    // the BIN rule is asked about the first 6 digits typed
    checkBin: (p) => ({ bin: p.card.bin }),
    // the gateway gets the form's values (with the bank code an accepted BIN filled in) and the card's facts, never its number
    startPayment: (p, e) => ({
      values: e.type === 'xstate.done.actor.checkBin' && e.output.accepted && e.output.entry?.bank_code ? { ...p.values, bankcode: e.output.entry.bank_code } : p.values,
      card: p.card,
    }),
  },
  // the bank page's limit is the gateway's (timeoutMs); 180 s when it names none
  delays: { threeDTimeout: { ms: (_c, e, input) => e.output?.timeoutMs ?? input?.timeoutMs ?? 180_000, words: { tr: 'ağ geçidinin timeoutMs değeri (yoksa 180 sn)', en: 'the gateway\'s timeoutMs (180 s when none)' } } },
  initial: (c, input) => expect(c).toEqual({
    values: defaultsOf(input?.currency ?? ''), card: NO_CARD, cvcLength: 0, bin: 'unchecked', checkedBin: '', bankCodeManual: false, errors: {},
    submitted: false, submittedAt: 0, reason: null, order: null, purchase: input?.purchase ?? false, binRefusal: null, generation: 0, timeoutMs: input?.timeoutMs ?? 180_000,
    defaultCurrency: input?.currency ?? '', charge: input?.charge ?? null, instalments: planFor(input?.charge ?? null, '1'),
  }),
  describeEvent: (e: AnyEventObject) => {
    const ev = e as AnyEventObject & Record<string, unknown>
    const w = (tr: string, en: string) => ({ tr, en })
    if (e.type === 'field.change') return w(`kullanıcı ${String(ev.field)} alanına "${String(ev.value)}" yazar`, `the user types "${String(ev.value)}" into ${String(ev.field)}`)
    if (e.type === 'card.input') return w(`kullanıcı ${String(ev.bin)} ile başlayan, ${String(ev.last4)} ile biten kart numarasını yazar`, `the user types a card number starting ${String(ev.bin)}, ending ${String(ev.last4)}`)
    if (e.type === 'cvc.input') return w(`kullanıcı ${String(ev.length)} haneli güvenlik kodunu yazar`, `the user types a ${String(ev.length)}-digit security code`)
    if (e.type === 'card.blur') return w('kart numarası alanından çıkılır', 'the card number field loses focus')
    if (e.type === 'amount.blur') return w('tutar alanından çıkılır', 'the amount field loses focus')
    if (e.type === 'form.submit') return w(`kullanıcı "${SUBMIT}" düğmesine basar`, `the user presses "${SUBMIT}"`)
    if (e.type === 'form.reset') return w(`kullanıcı "${RESET}" düğmesine basar`, `the user presses "${RESET}"`)
    if (e.type === 'frame.loaded') return w('banka sayfası çerçevede görünür', 'the bank page is painted in the frame')
    if (e.type === 'frame.closed') return w(`çerçeve ${String(ev.orderId)} siparişi için close3DBox (${String(ev.status)}) gönderir`, `the frame posts close3DBox (${String(ev.status)}) for order ${String(ev.orderId)}`)
    if (e.type === 'xstate.done.actor.checkBin') {
      const out = ev.output as BinCheckResult
      return out.accepted ? w('BIN kuralı kartı kabul eder', 'the BIN rule accepts the card') : w('BIN kuralı kartı reddeder (banka kartı)', 'the BIN rule refuses the card (debit card)')
    }
    if (e.type === 'xstate.error.actor.checkBin') return w('BIN tablosu yüklenemez', 'the BIN table cannot be loaded')
    if (e.type === 'xstate.done.actor.startPayment') return w('ağ geçidi 3-D formunu yanıtlar', 'the gateway answers the 3-D form')
    if (e.type === 'xstate.error.actor.startPayment') {
      const code = String((ev.error as { code?: string } | undefined)?.code ?? '')
      return w(`ağ geçidi çağrısı başarısız olur (${code})`, `the gateway call fails (${code})`)
    }
    if (e.type.startsWith('xstate.after')) return w('banka sayfası zamanında yanıt vermez', 'the bank page does not answer in time')
    return w(e.type, e.type)
  },
}
