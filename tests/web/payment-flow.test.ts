import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { BinCheckResult } from '../../src/domain/card/bin.ts'

/**
 * The payment flow's real gateway effect against a faked server (issue 21 point 6): the browser
 * sends spec 7.4's body with `orderId: null` and takes the order id the server answers; the 3-D
 * step and the tab's last payment use that one.
 */
const CARD = '4036 6600 0000 1231'
const SERVER_ORDER_ID = 'KEM20260302403666417'

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  sessionStorage.clear()
})

describe('payment flow: the order id is the server\'s', () => {
  it('sends orderId null (the rest of the spec 7.4 body as before) and opens the 3-D step of the order the server names', async () => {
    const sent: Array<Record<string, unknown>> = []
    const headers: Array<Record<string, string>> = []
    vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>)
      headers.push(Object.fromEntries(new Headers(init?.headers).entries()))
      return answer(200, { orderId: SERVER_ORDER_ID, receipt: 'r'.repeat(43), timeoutMs: 1000, html: '<form action="/api/v1/banksim/3d"><input name="a" value="b"></form>' })
    }))
    const { createPaymentFlow } = await import('../../src/web/flows/payment.ts')
    const flow = createPaymentFlow('AbCdEfGhIjKlMnOpQrStUvWx')
    flow.vault.number = CARD
    flow.vault.cvc = '123'
    const actor = createActor(flow.machine.provide({ actors: { checkBin: fromPromise<BinCheckResult, { bin: string }>(async () => ({ accepted: true, entry: null })) } }), { input: { purchase: true } })
    actor.start()
    actor.send({ type: 'card.input', bin: '403666', last4: '1231', length: 16, complete: true, brand: 'visa' })
    actor.send({ type: 'cvc.input', length: 3 })
    for (const [field, value] of [['name', 'Ayşe Yılmaz'], ['expiry', '1230'], ['currcode', 'TRY'], ['bankcode', '0062']] as const) {
      actor.send({ type: 'field.change', field, value })
    }
    actor.send({ type: 'form.submit', at: Date.now() })
    const s = await waitFor(actor, (x) => x.matches('threeD') || x.matches('editing'), { timeout: 5000 })
    expect(s.value).toEqual({ threeD: 'loading' })
    expect(sent).toEqual([{
      servicingBank: '0062', payway: 'CC', orderId: null, amount: 1, currency: 'TRY', ccNumber: '4036660000001231', expireDate: '1230', cvv: '123',
      customerName: 'Ayşe Yılmaz', installment: 1, inquiryValue: null, span: null,
      OkUrl: `${location.origin}/result/success`, FailUrl: `${location.origin}/result/error`,
    }])
    expect(headers[0]).toMatchObject({ purchaseid: 'AbCdEfGhIjKlMnOpQrStUvWx', provision: 'true' })
    expect(s.context.order?.orderId).toBe(SERVER_ORDER_ID)
    expect(JSON.parse(sessionStorage.getItem('ke-payment')!)).toMatchObject({ orderId: SERVER_ORDER_ID, seen: false })
    actor.stop()
  })
})
