import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { paymentMachine, type PaymentOrder, type StartPaymentInput } from '../../machines/payment/payment.machine.ts'
import type { BinCheckResult } from '../../src/domain/card/bin.ts'

/** Focused scenarios of the payment machine (the paths suite covers every transition). */
const AT = Date.UTC(2026, 2, 2, 9)
const credit: BinCheckResult = { accepted: true, entry: { bin_code: '403666', bank_code: '0062', card_type: 'CREDIT CARD', card_sub_type: 'VIS', blok: '', ticari: 'E' } }
const CARD = { type: 'card.input', bin: '403666', last4: '1231', length: 16, complete: true, brand: 'visa' } as const

function filled(startPayment: (input: StartPaymentInput) => Promise<PaymentOrder>, amount = '1') {
  const actor = createActor(paymentMachine.provide({
    actions: { clearSecrets: () => {} },
    actors: {
      checkBin: fromPromise(async () => credit),
      startPayment: fromPromise<PaymentOrder, StartPaymentInput>(({ input }) => startPayment(input)),
    },
  }), { input: undefined })
  actor.start()
  actor.send(CARD)
  actor.send({ type: 'cvc.input', length: 3 })
  for (const [field, value] of [['name', 'Ayşe Yılmaz'], ['expiry', '1230'], ['currcode', 'TRY'], ['amount', amount]] as const) {
    actor.send({ type: 'field.change', field, value })
  }
  return actor
}

describe('payment machine: amount (issue 10 item 8)', () => {
  it.each([['1250,50', 'amount.decimalComma'], ['1e9', 'amount.invalid'], ['-5', 'amount.invalid'], ['100,000.01', 'amount.tooLarge']])(
    'refuses %j: the submission stays in the form with %s, nothing is sent',
    async (amount, code) => {
      let calls = 0
      const actor = filled(async () => { calls++; return { orderId: 'KEM20260302403666123', timeoutMs: 1000 } }, amount)
      expect(actor.getSnapshot().context.values.amount).toBe(amount) // kept as typed, never changed silently
      actor.send({ type: 'form.submit', at: AT })
      const s = await waitFor(actor, (x) => x.matches('editing'))
      expect(s.context.errors.amount).toBe(code)
      expect(calls).toBe(0)
    },
  )

  it('writes a readable amount out on blur: 1250.5 -> 1,250.50', () => {
    const actor = filled(async () => ({ orderId: 'KEM20260302403666123', timeoutMs: 1000 }), '1250.5')
    expect(actor.getSnapshot().context.values.amount).toBe('1,250.5')
    actor.send({ type: 'amount.blur' })
    expect(actor.getSnapshot().context.values.amount).toBe('1,250.50')
  })
})

describe('payment machine: the server issues the order id (issue 21 point 6)', () => {
  it('calls the gateway once per submit: a refusal is shown with its reason, never retried behind the customer', async () => {
    let calls = 0
    const actor = filled(async () => { calls++; throw Object.assign(new Error('409'), { code: 'PAYMENT_IN_PROGRESS' }) })
    const notices: unknown[] = []
    actor.on('notice', (n) => notices.push(n))
    actor.send({ type: 'form.submit', at: AT })
    const s = await waitFor(actor, (x) => x.matches('editing') && x.context.reason !== null)
    expect(calls).toBe(1)
    expect(s.context.reason).toBe('PAYMENT_IN_PROGRESS')
    expect(notices).toEqual([{ type: 'notice', code: 'error', reason: 'PAYMENT_IN_PROGRESS' }])
  })

  it('a submit after a refusal clears the refusal\'s reason while the new one is on its way', async () => {
    let calls = 0
    const actor = filled(async () => { if (++calls === 1) throw Object.assign(new Error('502'), { code: 'KVT_GATEWAY_ERR4' }); return new Promise<PaymentOrder>(() => {}) })
    actor.send({ type: 'form.submit', at: AT })
    await waitFor(actor, (x) => x.matches('editing') && x.context.reason === 'KVT_GATEWAY_ERR4')
    // the BIN is checked already: straight to submitting
    actor.send({ type: 'form.submit', at: AT })
    const s = await waitFor(actor, (x) => x.matches('submitting'))
    expect(s.context.reason).toBeNull()
    expect(calls).toBe(2)
  })
})

describe('payment machine: a refused card (issue 21 point 5)', () => {
  const debit: BinCheckResult = { accepted: false, reason: 'debit_card' }
  const refusedWith = async (input: { purchase?: boolean }, result: BinCheckResult) => {
    const actor = createActor(paymentMachine.provide({
      actions: { clearSecrets: () => {} },
      actors: { checkBin: fromPromise(async () => result), startPayment: fromPromise(async () => ({ orderId: 'x', timeoutMs: 1 })) },
    }), { input })
    actor.start()
    actor.send(CARD)
    actor.send({ type: 'card.blur' })
    const s = await waitFor(actor, (x) => x.context.bin === 'refused')
    actor.send({ type: 'form.submit', at: AT })
    return { blur: s.context.errors.number, submit: actor.getSnapshot().context.errors.number }
  }
  it('a purchase says a debit card cannot pay and to use a credit card, on blur and on submit', async () => {
    expect(await refusedWith({ purchase: true }, debit)).toEqual({ blur: 'number.debitCard', submit: 'number.debitCard' })
  })
  it("the test form keeps spec 5's text for a debit card, and a purchase for a card it refuses for another reason", async () => {
    expect(await refusedWith({}, debit)).toEqual({ blur: 'number.binRejected', submit: 'number.binRejected' })
    expect(await refusedWith({ purchase: true }, { accepted: false, reason: 'unknown_bin' })).toEqual({ blur: 'number.binRejected', submit: 'number.binRejected' })
  })
})

describe('payment machine: the default currency (issue 12, spec 9)', () => {
  it('starts with the currency it is given and "Formu Temizle" returns to it', () => {
    const actor = createActor(paymentMachine.provide({ actions: { clearSecrets: () => {} } }), { input: { currency: 'USD' } })
    actor.start()
    expect(actor.getSnapshot().context.values.currcode).toBe('USD')
    actor.send({ type: 'field.change', field: 'currcode', value: 'eur' })
    expect(actor.getSnapshot().context.values.currcode).toBe('EUR')
    actor.send({ type: 'form.reset' })
    expect(actor.getSnapshot().context.values.currcode).toBe('USD')
    actor.stop()
  })

  it('without one the field starts empty (the customer types it)', () => {
    const actor = createActor(paymentMachine, { input: undefined }).start()
    expect(actor.getSnapshot().context.values.currcode).toBe('')
    actor.stop()
  })
})

describe('payment machine: errors on screen follow what is typed after a submit', () => {
  it('a card typed after a refused submit takes its error away at once (refreshErrors on card.input)', async () => {
    const actor = createActor(paymentMachine.provide({ actions: { clearSecrets: () => {} }, actors: { checkBin: fromPromise<BinCheckResult, { bin: string }>(async () => credit) } }), { input: undefined })
    actor.start()
    actor.send({ type: 'form.submit', at: AT })
    const refused = await waitFor(actor, (x) => x.matches('editing'))
    expect(refused.context.errors.number).toBeDefined()
    actor.send(CARD)
    expect(actor.getSnapshot().context.errors.number).toBeUndefined()
    // the other fields' problems stay until they are typed
    expect(actor.getSnapshot().context.errors.name).toBeDefined()
    actor.stop()
  })
})
