import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { paymentErrors, paymentMachine, type PaymentContext } from '../../../machines/payment/payment.machine.ts'
import type { Model } from '../../support/model-test.ts'
import type { Snapshot } from '../../support/paths.ts'

export const AT = Date.UTC(2026, 2, 2, 9) // 2026-03-02: a card expiring 12/30 is valid
export const ORDER = { orderId: 'KEM20260302403666123', timeoutMs: 120_000 }
const credit = { bin_code: '403666', bank_code: '0062', card_type: 'CREDIT CARD', card_sub_type: 'VIS', blok: '', ticari: 'E' }

export const FILLS: AnyEventObject[] = [
  { type: 'field.change', field: 'name', value: 'Ayşe Yılmaz' },
  { type: 'field.change', field: 'expiry', value: '1230' },
  { type: 'field.change', field: 'currcode', value: 'try' },
]
// the card number only as facts: a complete Visa credit card, a debit card the BIN rule refuses
export const CREDIT = { type: 'card.input', bin: '403666', last4: '1231', length: 16, complete: true, brand: 'visa' }
export const DEBIT = { type: 'card.input', bin: '401622', last4: '1238', length: 16, complete: true, brand: 'visa' }

/** The user fills the form in one order (every order would only multiply equal paths). */
const events = (s: Snapshot): AnyEventObject[] => {
  const c = s.context as PaymentContext
  const fill = FILLS.find((e) => c.values[e.field as 'name'] === '')
  return [
    ...(fill ? [fill] : []),
    // T01 (not connected) once the form is otherwise complete; and back to P01
    ...(c.values.trxtype !== 'P01' ? [{ type: 'field.change', field: 'trxtype', value: 'P01' }]
      : !fill && c.cvcLength > 0 && c.card.bin !== '' ? [{ type: 'field.change', field: 'trxtype', value: 'T01' }] : []),
    ...(c.card.bin === '' ? [CREDIT, DEBIT] : c.card.bin === DEBIT.bin ? [CREDIT] : []),
    ...(c.cvcLength === 0 ? [{ type: 'cvc.input', length: 3 }] : []),
    ...FIXED,
  ]
}

const FIXED: AnyEventObject[] = [
  { type: 'card.blur' },
  { type: 'amount.blur' },
  { type: 'form.submit', at: AT },
  { type: 'form.reset' },
  // a purchase's charge in 3 instalments (the test form shows no instalments; its count is sent all the same)
  { type: 'field.change', field: 'installment', value: '3' },
  { type: 'frame.loaded' },
  { type: 'frame.closed', orderId: ORDER.orderId, status: 'success' },
  { type: 'frame.closed', orderId: ORDER.orderId, status: 'error' },
  { type: 'frame.closed', orderId: 'KEM20260302999999111', status: 'success' }, // a foreign frame's order: ignored
]

const DIGITS = /\d{7,}/

/**
 * What makes a state distinct for the model (path generation only), kept coarse: only what the
 * guards read. How many fields still fail (hasErrors; the user fills them in one order), the
 * BIN status and whether it is the typed card's (needsBinCheck), the typed BIN (credit, debit or
 * none), connected or not and the order (isCurrentOrder); not the errors on screen, the reset
 * counter, the reason nor the typed texts (amount.blur's writing-out is checked by its rule).
 */
function abstractState(s: Snapshot) {
  const c = s.context as PaymentContext
  return {
    value: s.value, status: s.status, missing: Object.keys(paymentErrors(c, new Date(AT))).length,
    bin: c.bin, card: c.card.bin, checked: c.checkedBin === c.card.bin, submitted: c.submitted,
    connected: c.values.trxtype === 'P01', order: c.order?.orderId ?? null,
  }
}

export const paymentModel: Model = {
  name: 'payment',
  machine: paymentMachine,
  // the form on / as a Turkish visitor gets it: the currency proposed (spec 9, the company's "by language")
  input: { currency: 'TRY' },
  productionInput: { input: { currency: '', purchase: true, charge: { amount: 1250.05, currency: 'TRY' } }, where: 'src/web/views/payment/PaymentTestForm.tsx in a purchase: the amount and currency are the server\'s' },
  events,
  outputs: {
    checkBin: [{ accepted: true, entry: credit }, { accepted: false, reason: 'debit_card' }],
    startPayment: [ORDER],
  },
  errors: {
    checkBin: [new Error('chunk load failed')],
    // a gateway failure (the server issues the order id since issue 21: no collision to retry)
    startPayment: [Object.assign(new Error('502'), { code: 'KVT_GATEWAY_ERR4' })],
  },
  // what makes a state distinct for the model: how many fields still fail (not which values),
  // the BIN status, what the form shows; the reset counter and the typed texts are not
  serialize: abstractState,
  invariants: (s) => {
    const c = s.context as PaymentContext
    // never more of the card than its first 6 and last 4 digits
    expect(c.card.bin.length).toBeLessThanOrEqual(6)
    expect(c.card.last4.length).toBeLessThanOrEqual(4)
    expect(JSON.stringify({ ...c, submittedAt: 0, order: null })).not.toMatch(DIGITS)
    if (s.matches('threeD')) expect(s.hasTag('modal') && c.order).toBeTruthy()
    else expect(s.hasTag('modal')).toBe(false)
    if (s.matches('submitting')) expect(s.hasTag('busy')).toBe(true)
    // a BIN refusal on screen speaks of the BIN now typed (a corrected card clears it)
    if (c.errors.number === 'number.binRejected') {
      expect(c.checkedBin).toBe(c.card.bin)
      expect(c.bin).not.toBe('accepted')
    }
    if (s.matches('succeeded') || s.matches('failed')) expect(c.order?.orderId).toBe(ORDER.orderId)
    if (s.matches('timedOut')) expect(c.reason).toBe('THREE_D_TIMEOUT')
  },
}
