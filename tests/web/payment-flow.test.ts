import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { BinCheckResult } from '../../src/domain/card/bin.ts'
import { ORDER_ID_PATTERN } from '../../src/domain/card/order-id.ts'

/**
 * The payment flow's real gateway effect against a faked server (issue 10 item 11): an order id
 * already taken (409 ORDER_ID_USED) is sent again with a new random suffix, and the customer sees
 * nothing of it. The random source is stubbed so the two suffixes differ by construction.
 */
const CARD = '4036 6600 0000 1231'

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  sessionStorage.clear()
})

describe('payment flow: order id collision', () => {
  it('retries with a new order id after 409 ORDER_ID_USED and opens the 3-D step', async () => {
    const sent: { orderId: string }[] = []
    vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { orderId: string }
      sent.push(body)
      if (sent.length === 1) return answer(409, { code: 'ORDER_ID_USED', message: 'taken' })
      return answer(200, { orderId: body.orderId, receipt: 'r'.repeat(43), timeoutMs: 1000, html: '<form action="/api/v1/banksim/3d"><input name="a" value="b"></form>' })
    }))
    let n = 0
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      ;(array as unknown as Uint32Array)[0] = [0, 2 ** 31][n++ % 2]!
      return array
    })
    const { createPaymentFlow } = await import('../../src/web/flows/payment.ts')
    const flow = createPaymentFlow()
    flow.vault.number = CARD
    flow.vault.cvc = '123'
    const actor = createActor(flow.machine.provide({ actors: { checkBin: fromPromise<BinCheckResult, { bin: string }>(async () => ({ accepted: true, entry: null })) } }), { input: undefined })
    const notices: unknown[] = []
    actor.on('notice', (x) => notices.push(x))
    actor.start()
    actor.send({ type: 'card.input', bin: '403666', last4: '1231', length: 16, complete: true, brand: 'visa' })
    actor.send({ type: 'cvc.input', length: 3 })
    for (const [field, value] of [['name', 'Ayşe Yılmaz'], ['expiry', '1230'], ['currcode', 'TRY'], ['bankcode', '0062']] as const) {
      actor.send({ type: 'field.change', field, value })
    }
    actor.send({ type: 'form.submit', at: Date.now() })
    const s = await waitFor(actor, (x) => x.matches('threeD') || x.matches('editing'), { timeout: 5000 })
    expect(s.value).toEqual({ threeD: 'loading' })
    expect(sent).toHaveLength(2)
    for (const b of sent) expect(b.orderId).toMatch(ORDER_ID_PATTERN)
    expect(sent[0]!.orderId.slice(0, 17)).toBe(sent[1]!.orderId.slice(0, 17))
    expect(sent[0]!.orderId).not.toBe(sent[1]!.orderId)
    expect(s.context.order?.orderId).toBe(sent[1]!.orderId)
    expect(notices).toEqual([])
    expect(JSON.parse(sessionStorage.getItem('ke-payment')!)).toMatchObject({ orderId: sent[1]!.orderId, seen: false })
    actor.stop()
  })
})
