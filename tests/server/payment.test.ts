import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_ID_PATTERN } from '../../src/domain/card/order-id.ts'
import { PAYMENT_AMOUNT_MAX } from '../../src/domain/constants.ts'
import { loadConfig } from '../../src/server/config.ts'
import { bankSimTransaction, paymentOrder } from '../../src/server/db/schema.ts'
import { BANK_SIM_CLIENT_ID, TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { signParams } from '../../src/server/services/gateway/hash.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const ORIGIN = 'http://shop.localhost'
const STORE_KEY = 'test|store\\key'
const CARD = TEST_CARDS.find((c) => c.scenario === 'success')!.number
/** The spec 7.4 body as the browser sends it: `orderId` null, the server issues it (issue 21). */
function payload(over: Record<string, unknown> = {}, card = CARD) {
  return {
    servicingBank: '0062', payway: 'CC', orderId: null, amount: 1250.5, currency: 'TRY',
    ccNumber: card, expireDate: '1230', cvv: card.length === 15 ? '1234' : '123', customerName: 'Ayşe Yılmaz', installment: 3,
    inquiryValue: null, span: null, OkUrl: `${ORIGIN}/result/success`, FailUrl: `${ORIGIN}/result/error`, ...over,
  }
}

const HEADERS = { 'content-type': 'application/json', trxType: 'FRM', origin: ORIGIN, provision: 'true', companyId: '' }

function fields(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  }
  return out
}

const form = (f: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(f).toString() })

for (const kind of dbKinds()) {
  describe(`payments [${kind}]`, () => {
    let t: TestApp
    beforeAll(async () => {
      const base = loadConfig({ NODE_ENV: 'test' })
      t = await createTestApp(kind, { publicOrigin: ORIGIN, gateway: { ...base.gateway, bankSimStoreKey: STORE_KEY, timeoutMs: 60_000 } })
    })
    afterAll(async () => t.close())

    const start = (body: unknown, headers: Record<string, string> = HEADERS) =>
      t.request('/moneyio/collection/posIP3D/Gateway', { method: 'POST', headers, body: JSON.stringify(body) })

    async function started(card = CARD) {
      const p = payload({}, card)
      const res = await start(p)
      expect(res.status).toBe(200)
      const json = await res.json() as { orderId: string; receipt: string; html: string; timeoutMs: number }
      return { p, ...json }
    }

    const order = async (orderId: string) => (await t.db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId)))[0]!
    const status = (orderId: string, receipt: string) => t.request(`/moneyio/collection/posIP3D/order/${orderId}?receipt=${receipt}`)

    /** A callback as the bank would sign it. */
    function callback(orderId: string, over: Record<string, string> = {}) {
      const f: Record<string, string> = {
        clientid: BANK_SIM_CLIENT_ID, oid: orderId, amount: '1250.50', currency: '949', mdStatus: '1', Response: 'Approved',
        ProcReturnCode: '00', ErrMsg: '', rnd: 'r1', hashAlgorithm: 'ver3', ...over,
      }
      f.HASH = signParams(f, STORE_KEY)
      return f
    }

    it('records the order with the first 6 and last 4 digits only and answers the 3-D form', async () => {
      const { orderId, html, receipt } = await started()
      // the server's order id of spec 9: KEM, today in Istanbul, the card's BIN, 100-999
      expect(orderId).toMatch(ORDER_ID_PATTERN)
      expect(orderId.slice(0, 17)).toBe(`KEM20260302${CARD.slice(0, 6)}`)
      expect(html).toContain(`action="${t.config.apiBase}/banksim/3d"`)
      const o = await order(orderId)
      expect(o).toMatchObject({ bin6: CARD.slice(0, 6), last4: CARD.slice(-4), amount: '1250.50', currency: 'TRY', installment: 3, trxType: 'P01', status: 'awaiting3ds', returnOrigin: ORIGIN })
      expect(JSON.stringify(o)).not.toContain(CARD)
      expect(JSON.stringify(o)).not.toContain(receipt)
      const s = await status(orderId, receipt)
      expect(await s.json()).toMatchObject({ orderId, status: 'awaiting3ds', maskedPan: '4036 66** **** 1231', amount: '1250.50' })
      expect(s.headers.get('cache-control')).toBe('no-store')
    })

    it('runs the bank simulator end to end: 3D page, one-time code, signed callback, success', async () => {
      const { orderId, html, receipt } = await started()
      const f = fields(html)
      const bank = await t.app.request(`${t.config.apiBase}/banksim/3d`, form(f))
      expect(bank.status).toBe(200)
      expect(bank.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
      expect(bank.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      const page = await bank.text()
      expect(page).toContain('TEST BANKASI')
      expect(page).toContain('4036 66** **** 1231')
      expect(page).not.toContain(CARD)
      const otp = /data-testid="otp-code">(\d{6})</.exec(page)![1]!
      const txn = /name="txn" value="([^"]+)"/.exec(page)![1]!
      // the form posts to the same absolute address from the first page and from a retry page
      expect(page).toContain(`<form method="post" action="${t.config.apiBase}/banksim/3d/confirm">`)
      const wrong = await t.app.request(`${t.config.apiBase}/banksim/3d/confirm`, form({ txn, otp: otp === '111111' ? '222222' : '111111', action: 'approve' }))
      const retry = await wrong.text()
      expect(retry).toContain('Şifre hatalı')
      expect(retry).toContain(`<form method="post" action="${t.config.apiBase}/banksim/3d/confirm">`)
      const ok = await t.app.request(`${t.config.apiBase}/banksim/3d/confirm`, form({ txn, otp, action: 'approve' }))
      const back = await ok.text()
      expect(back).toContain(`action="${ORIGIN}/result/success"`)
      const cb = await t.app.request('/result/success', form(fields(back)))
      expect(cb.status).toBe(200)
      const text = await cb.text()
      expect(text).toContain(`"type":"close3DBox","orderId":"${orderId}","status":"success"`)
      expect(text).toContain(JSON.stringify(ORIGIN))
      expect(cb.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/)
      expect(await (await status(orderId, receipt)).json()).toMatchObject({ status: 'succeeded', reason: null })
      const sims = await t.db.select().from(bankSimTransaction).where(eq(bankSimTransaction.orderId, orderId))
      expect(JSON.stringify(sims)).not.toContain(CARD)
    })

    it('lets a wrong one-time code be retried; the third wrong code fails the payment', async () => {
      const { orderId, html, receipt } = await started()
      const page = await (await t.app.request(`${t.config.apiBase}/banksim/3d`, form(fields(html)))).text()
      const otp = /data-testid="otp-code">(\d{6})</.exec(page)![1]!
      const txn = /name="txn" value="([^"]+)"/.exec(page)![1]!
      const bad = otp === '111111' ? '222222' : '111111'
      for (let i = 0; i < 2; i++) {
        const retry = await t.app.request(`${t.config.apiBase}/banksim/3d/confirm`, form({ txn, otp: bad, action: 'approve' }))
        expect(retry.status).toBe(200)
        expect(await retry.text()).toContain('Şifre hatalı')
      }
      const third = await (await t.app.request(`${t.config.apiBase}/banksim/3d/confirm`, form({ txn, otp: bad, action: 'approve' }))).text()
      expect(third).toContain(`action="${ORIGIN}/result/error"`)
      expect(fields(third)).toMatchObject({ mdStatus: '0', oid: orderId })
      // the right code after that is too late
      expect((await t.app.request(`${t.config.apiBase}/banksim/3d/confirm`, form({ txn, otp, action: 'approve' }))).status).toBe(409)
      await t.app.request('/result/error', form(fields(third)))
      expect(await (await status(orderId, receipt)).json()).toMatchObject({ status: 'failed', reason: 'THREE_D_FAILED' })
    })

    it('issues the order id itself: an order id from the browser is refused, the same body twice gives two orders', async () => {
      const { orderId } = await started()
      const chosen = await start(payload({ orderId }))
      expect(chosen.status).toBe(400)
      expect(await chosen.json()).toMatchObject({ code: 'VALIDATION', issues: [expect.objectContaining({ path: 'orderId' })] })
      const p = payload()
      const [a, b] = await Promise.all([start(p), start(p)])
      const ids = await Promise.all([a, b].map(async (r) => ((await r.json()) as { orderId: string }).orderId))
      expect(ids[0]).not.toBe(ids[1])
    })

    it('refuses a callback whose hash does not verify after tampering with any field, and changes nothing', async () => {
      const { orderId } = await started()
      const good = callback(orderId)
      for (const key of Object.keys(good).filter((k) => k !== 'HASH')) {
        const tampered = { ...good, [key]: good[key] + 'x' }
        const res = await t.app.request('/result/success', form(tampered))
        expect(res.status, key).toBe(400)
        expect((await order(orderId)).status, key).toBe('awaiting3ds')
      }
      const extra = await t.app.request('/result/success', form({ ...good, Response2: 'Approved' }))
      expect(extra.status).toBe(400)
      const noHash = await t.app.request('/result/success', form({ ...good, HASH: '' }))
      expect(noHash.status).toBe(400)
      expect((await order(orderId)).status).toBe('awaiting3ds')
    })

    it('refuses an amount changed after signing, and a signed answer for another amount or currency', async () => {
      const { orderId } = await started()
      const good = callback(orderId)
      expect((await t.app.request('/result/success', form({ ...good, amount: '1.00' }))).status).toBe(400)
      expect((await t.app.request('/result/success', form(callback(orderId, { amount: '1.00' })))).status).toBe(400)
      expect((await t.app.request('/result/success', form(callback(orderId, { currency: '840' })))).status).toBe(400)
      expect((await order(orderId)).status).toBe('awaiting3ds')
    })

    it('applies a callback once: a replayed decline changes nothing; a signed approval is never dropped, a decline after it changes nothing', async () => {
      const { orderId } = await started()
      const declined = callback(orderId, { Response: 'Declined', ProcReturnCode: '05' })
      expect((await t.app.request('/result/error', form(declined))).status).toBe(200)
      const after = await order(orderId)
      expect(after).toMatchObject({ status: 'failed', reason: 'DECLINED' })
      t.clock.advance(1_000)
      const replay = await t.app.request('/result/error', form(declined))
      expect(replay.status).toBe(200)
      expect(await replay.text()).toContain('"status":"error"')
      expect((await order(orderId)).updatedAt.getTime()).toBe(after.updatedAt.getTime())
      // the bank's signed approval: the money was taken (issue 21: never dropped)
      const approved = await t.app.request('/result/success', form(callback(orderId)))
      expect(approved.status).toBe(200)
      expect(await approved.text()).toContain('"status":"success"')
      expect(await order(orderId)).toMatchObject({ status: 'succeeded', reason: null })
      const late = await t.app.request('/result/error', form(declined))
      expect(late.status).toBe(409)
      expect(await late.text()).toContain('"status":"success"')
      expect((await order(orderId)).status).toBe('succeeded')
    })

    it('fails a payment the bank never answered once its limit has passed; its approval, arriving later, is accepted', async () => {
      const { orderId, receipt } = await started()
      t.clock.advance(60_001)
      expect(await (await status(orderId, receipt)).json()).toMatchObject({ status: 'failed', reason: 'THREE_D_TIMEOUT' })
      expect((await t.app.request('/result/success', form(callback(orderId)))).status).toBe(200)
      expect((await order(orderId)).status).toBe('succeeded')
    })

    it('shows an order only with its receipt', async () => {
      const { orderId } = await started()
      expect((await status(orderId, 'A'.repeat(43))).status).toBe(404)
      expect((await status('KEM20260302403666999', 'A'.repeat(43))).status).toBe(404)
      expect((await t.request(`/moneyio/collection/posIP3D/order/${orderId}`)).status).toBe(400)
    })

    it('refuses a debit card, an unknown or foreign return URL, missing headers', async () => {
      const debit = await start(payload({}, '4016220000001238'))
      expect(debit.status).toBe(422)
      expect((await debit.json() as { code: string }).code).toBe('CARD_REJECTED')
      expect((await start(payload({ OkUrl: 'https://evil.example/result/success' }))).status).toBe(400)
      expect((await start(payload({ FailUrl: `${ORIGIN}/elsewhere` }))).status).toBe(400)
      const { trxType: _x, ...noTrx } = HEADERS
      expect((await start(payload(), noTrx)).status).toBe(403)
      expect((await start(payload(), { ...HEADERS, provision: 'yes' })).status).toBe(400)
      expect((await start(payload(), { ...HEADERS, companyId: 'x;drop' })).status).toBe(400)
      expect((await start(payload({ amount: '1,250.50' }))).status).toBe(400)
      expect((await start(payload({ extra: 1 }))).status).toBe(400)
    })

    it(`refuses an amount over the maximum of a test payment (${PAYMENT_AMOUNT_MAX}), zero, negative or with 3 decimals`, async () => {
      const before = (await t.db.select().from(paymentOrder)).length
      for (const amount of [PAYMENT_AMOUNT_MAX + 0.01, 1e9, 0, -5, 1.234]) {
        const res = await start(payload({ amount }), { ...HEADERS, locale: 'en' })
        expect(res.status, String(amount)).toBe(400)
        const body = await res.json() as { code: string; message: string; issues: { path: string }[] }
        expect(body.code).toBe('VALIDATION')
        expect(body.issues.map((i) => i.path)).toContain('amount')
      }
      expect((await t.db.select().from(paymentOrder)).length).toBe(before)
      expect((await start(payload({ amount: PAYMENT_AMOUNT_MAX }))).status).toBe(200)
    })

    it('answers malformed payloads with 4xx, never 5xx, and writes nothing', async () => {
      const before = (await t.db.select().from(paymentOrder)).length
      const bad = await t.request('/moneyio/collection/posIP3D/Gateway', { method: 'POST', headers: HEADERS, body: '{"amount":' })
      expect(bad.status).toBe(400)
      await fc.assert(fc.asyncProperty(fc.anything(), async (body) => {
        const res = await start(body)
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
      }), { numRuns: 60 })
      await fc.assert(fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 })), async (f) => {
        for (const path of ['/result/success', '/result/error', `${t.config.apiBase}/banksim/3d`, `${t.config.apiBase}/banksim/3d/confirm`]) {
          const res = await t.app.request(path, form(f))
          expect(res.status, path).toBeLessThan(500)
        }
      }), { numRuns: 40 })
      expect((await t.app.request('/result/success', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(400)
      expect((await t.db.select().from(paymentOrder)).length).toBe(before)
    })

    it('never writes the card number to the log', async () => {
      expect(t.logs.join('\n')).not.toContain(CARD)
    })
  })
}

describe('gateway call guards (issue 9 items 6 and 14)', () => {
  let t: TestApp
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' })
    t = await createTestApp('pglite', { publicOrigin: ORIGIN, trustProxy: 1, gateway: { ...base.gateway, bankSimStoreKey: STORE_KEY } })
  })
  afterAll(async () => t.close())

  const start = (body: unknown, ip: string, headers: Record<string, string> = HEADERS) =>
    t.request('/moneyio/collection/posIP3D/Gateway', { method: 'POST', headers: { ...headers, 'x-forwarded-for': ip }, body: JSON.stringify(body) })

  it('dates the order id it issues in Europe/Istanbul: 00:05 on 3 March there is 21:05 UTC on 2 March', async () => {
    t.clock.set(new Date('2026-03-02T21:05:00Z'))
    const { orderId } = await (await start(payload(), '198.51.100.10')).json() as { orderId: string }
    expect(orderId.slice(0, 11)).toBe('KEM20260303')
    t.clock.set(new Date('2026-03-02T20:55:00Z'))
    expect(((await (await start(payload(), '198.51.100.10')).json()) as { orderId: string }).orderId.slice(0, 11)).toBe('KEM20260302')
    t.clock.set(new Date('2026-03-02T09:00:00Z'))
  })

  it('takes the return origin from PUBLIC_ORIGIN, never from the Origin header', async () => {
    const evil = 'https://evil.example'
    const lied = await start(payload({ OkUrl: `${evil}/result/success`, FailUrl: `${evil}/result/error` }), '198.51.100.12', { ...HEADERS, origin: evil })
    expect(lied.status).toBe(400)
    const { orderId } = await (await start(payload(), '198.51.100.12', { ...HEADERS, origin: evil })).json() as { orderId: string }
    const [o] = await t.db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId))
    expect(o!.returnOrigin).toBe(ORIGIN)
  })

  it('accepts the loopback aliases of a loopback public origin only', async () => {
    const local = await createTestApp('pglite', { publicOrigin: 'http://127.0.0.1:3000' })
    try {
      const go = (origin: string) => local.request('/moneyio/collection/posIP3D/Gateway', { method: 'POST', headers: HEADERS, body: JSON.stringify(payload({ OkUrl: `${origin}/result/success`, FailUrl: `${origin}/result/error` })) })
      expect((await go('http://localhost:3000')).status).toBe(200)
      expect((await go('http://[::1]:3000')).status).toBe(200)
      expect((await go('http://127.0.0.1:3001')).status).toBe(400)
      expect((await go('http://localhost.evil.example:3000')).status).toBe(400)
    } finally {
      await local.close()
    }
  })

  it('limits gateway calls per client address, across server processes on one database', async () => {
    const { PAYMENT_IP_MAX } = await import('../../src/server/routes/payment.ts')
    const { createApp } = await import('../../src/server/app.ts')
    const second = createApp({ db: t.db, config: t.config, logger: { log() {}, child() { return this } }, clock: t.clock })
    for (let i = 0; i < PAYMENT_IP_MAX; i++) {
      // half on each process
      const res = i % 2
        ? await start(payload(), '198.51.100.13')
        : await second.request(`${t.config.apiBase}/moneyio/collection/posIP3D/Gateway`, { method: 'POST', headers: { ...HEADERS, 'x-forwarded-for': '198.51.100.13' }, body: JSON.stringify(payload()) })
      expect(res.status).toBe(200)
    }
    const limited = await start(payload(), '198.51.100.13')
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(limited.headers.get('retry-after')).toBe('600')
    expect((await start(payload(), '198.51.100.14')).status).toBe(200)
  })
})

describe('NESTPAY_3D_URL', () => {
  const env = { NODE_ENV: 'test', PAYMENT_GATEWAY: 'nestpay', NESTPAY_CLIENT_ID: '190100000', NESTPAY_STORE_KEY: 'k' }
  it('takes an https bank gate, or plain http on loopback only (a local test bank)', () => {
    expect(loadConfig({ ...env, NESTPAY_3D_URL: 'https://bank.example/fim/est3Dgate' }).gateway.nestpay?.url).toBe('https://bank.example/fim/est3Dgate')
    expect(loadConfig({ ...env, NESTPAY_3D_URL: 'http://127.0.0.1:4100/fim/est3Dgate' }).gateway.nestpay?.url).toBe('http://127.0.0.1:4100/fim/est3Dgate')
    expect(() => loadConfig({ ...env, NESTPAY_3D_URL: 'http://bank.example/fim/est3Dgate' })).toThrow(/https NESTPAY_3D_URL/)
  })
})
