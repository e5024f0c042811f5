import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeOrderId } from '../../src/domain/card/order-id.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * SECURITY.md "Headers and input": random input at every route gets a 4xx with a clear code (or a
 * success), never a 5xx and never a stack trace.
 */
const ROUTES: Array<{ method: 'GET' | 'POST'; path: string }> = [
  { method: 'GET', path: '/lookup/industries' },
  { method: 'GET', path: '/lookup/countries' },
  { method: 'GET', path: '/lookup/nationalities' },
  { method: 'GET', path: '/lookup/companySizes' },
  { method: 'GET', path: '/lookup/locationTypes' },
  { method: 'GET', path: '/lookup/experiencelevels' },
  { method: 'GET', path: '/lookup/gdprlevels' },
  { method: 'GET', path: '/lookup/cities' },
  { method: 'GET', path: '/lookup/districts' },
  { method: 'GET', path: '/lookup/hometowns' },
  { method: 'GET', path: '/client/info' },
  { method: 'POST', path: '/log/log.json' },
  { method: 'POST', path: '/auth/login' },
  { method: 'POST', path: '/auth/changeExpiredPassword' },
  { method: 'POST', path: '/auth/forgotPassword' },
  { method: 'POST', path: '/auth/confirmEmail' },
  { method: 'POST', path: '/auth/cancelEmailChange' },
  { method: 'POST', path: '/auth/checkSessionValidity' },
  { method: 'POST', path: '/auth/activity' },
  { method: 'POST', path: '/auth/lockSession' },
  { method: 'POST', path: '/auth/unlockSession' },
  { method: 'POST', path: '/auth/logout' },
  { method: 'POST', path: '/auth/switchRole' },
  { method: 'GET', path: '/auth/permissions' },
  { method: 'POST', path: '/moneyio/collection/posIP3D/Gateway' },
  { method: 'GET', path: '/moneyio/collection/posIP3D/order/KEM20260302403666123' },
  { method: 'POST', path: '/banksim/3d' },
  { method: 'POST', path: '/banksim/3d/confirm' },
  { method: 'GET', path: '/dev/mail' },
  { method: 'POST', path: '/notification/sendsms' },
  { method: 'POST', path: '/notification/verifysms' },
  { method: 'POST', path: '/digitalchannels/legalpermission' },
  { method: 'POST', path: '/digitalchannels/application' },
  { method: 'POST', path: '/digitalchannels/application/resume' },
  { method: 'POST', path: '/digitalchannels/verification' },
]

/** A value that is valid for the field, or junk of any type. */
const validOr = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() }, { weight: 1, arbitrary: fc.string() })
const CARD = TEST_CARDS[0]!.number
/** The gateway payload of spec 7.4, field by field valid or not (gatewayPayloadSchema). */
const gatewayPayload = fc.record({
  servicingBank: validOr(fc.constant('0062')), payway: validOr(fc.constant('CC')),
  // null: the server issues the order id (issue 21); a browser's own id is junk like any other
  orderId: validOr(fc.oneof(fc.constant(null), fc.constant(null), fc.integer({ min: 100, max: 999 }).map((n) => makeOrderId(CARD, new Date('2026-03-02T09:00:00Z'), () => (n - 100) / 900)))),
  amount: validOr(fc.integer({ min: 1, max: 10_000_00 }).map((n) => n / 100)), currency: validOr(fc.constantFrom('TRY', 'USD', 'XXX')),
  ccNumber: validOr(fc.constantFrom(...TEST_CARDS.map((c) => c.number), '4016220000001238')), expireDate: validOr(fc.constantFrom('1230', '0199', '1330')),
  cvv: validOr(fc.constantFrom('123', '1234')), customerName: validOr(fc.string({ minLength: 1, maxLength: 50 })), installment: validOr(fc.integer({ min: 0, max: 30 })),
  inquiryValue: validOr(fc.constant(null)), span: validOr(fc.constant(null)),
  OkUrl: validOr(fc.constantFrom('http://localhost/result/success', 'https://evil.example/result/success')),
  FailUrl: validOr(fc.constantFrom('http://localhost/result/error', 'http://localhost/x')),
}, { requiredKeys: [] })
/** A form field's text for any generated value (an object without a prototype has no String()). */
function formValue(x: unknown): string {
  try {
    return String(x)
  } catch {
    return JSON.stringify(x) ?? ''
  }
}

/** The bank's callback and the simulator's forms (NestPay fields), valid-looking or not. */
const bankForm = fc.record({
  clientid: validOr(fc.constant('KE-TEST-BANK')), oid: validOr(fc.constant('KEM20260302403666123')), amount: fc.string(), currency: fc.constantFrom('949', '840', ''),
  HASH: fc.base64String(), txn: fc.oneof(fc.uuid(), fc.string()), otp: fc.string({ maxLength: 8 }), action: fc.constantFrom('approve', 'cancel', ''),
  mdStatus: fc.string(), Response: fc.string(),
}, { requiredKeys: [] }).map((v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, formValue(x)])))

const jsonValue = fc.jsonValue({ maxDepth: 3 })
const body = fc.oneof(
  jsonValue.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc.record({ username: fc.string(), password: fc.string(), email: fc.string(), rememberMe: fc.anything(), inactivetime: fc.anything(), role: fc.string() }, { requiredKeys: [] })
    .map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  gatewayPayload.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  bankForm.map((v) => ({ type: 'application/x-www-form-urlencoded', text: new URLSearchParams(v).toString() })),
  fc.string().map((text) => ({ type: 'application/json', text })),
  fc.string().map((text) => ({ type: 'text/plain', text })),
  fc.string().map((text) => ({ type: 'application/x-www-form-urlencoded', text })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ type: 'application/octet-stream', text: Buffer.from(bytes).toString('latin1') })),
)
const query = fc.dictionary(fc.constantFrom('countryCode', 'cityCode', 'districtCode', 'x', 'filter', 'receipt', 'to'), fc.string(), { maxKeys: 4 })
const headers = fc.record({
  locale: fc.oneof(fc.constant('tr'), fc.constant('ru'), fc.string({ maxLength: 12 })),
  requestId: fc.oneof(fc.uuid(), fc.string({ maxLength: 120 })),
  encrypted: fc.constantFrom('true', 'false', 'yes'),
  trxType: fc.constantFrom('FRM', ''),
  provision: fc.constantFrom('true', 'false', 'x'),
  companyId: fc.oneof(fc.constant(''), fc.uuid(), fc.string({ maxLength: 40 })),
  origin: fc.constantFrom('http://localhost', 'https://evil.example', 'null'),
}, { requiredKeys: [] })

/** No stack trace and no internal detail (queries, driver, file paths) in any answer. */
function expectNothingInternal(text: string) {
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/)
  expect(text).not.toMatch(/Failed query|drizzle|node_modules|pglite|\bpg-pool\b|\bselect .+ from\b|\binsert into\b|\/work\/|\/src\/server/i)
}

for (const kind of dbKinds()) describe(`random input at every route [${kind}]`, () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp(kind, { trustProxy: 'all' }, { mail: true }) })
  afterAll(async () => { await t.close() })

  it.each(ROUTES.map((r) => [r.method, r.path] as const))('%s %s never answers 5xx', async (method, path) => {
    let ip = 0
    await fc.assert(
      fc.asyncProperty(body, query, headers, async (b, q, h) => {
        const qs = new URLSearchParams(q).toString()
        const safeHeaders = Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)))
        const res = await t.request(path + (qs ? `?${qs}` : ''), {
          method,
          headers: { ...safeHeaders, 'content-type': b.type, 'x-forwarded-for': `198.51.100.${ip++ % 250}` },
          body: method === 'GET' ? undefined : b.text,
        })
        const text = await res.text()
        expect(res.status, text).toBeLessThan(500)
        expectNothingInternal(text)
      }),
      { numRuns: kind === 'pglite' ? 60 : 30 },
    )
  }, 120_000)

  it('arbitrary paths and methods never answer 5xx', async () => {
    const segment = fc.oneof(fc.string(), fc.constantFrom('%zz', '%', '%0', '%00', '%C0%AF', '..', '%2e%2e', 'api', 'v1', 'lookup', 'auth', 'result', 'banksim', 'moneyio'), fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent))
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 5 }), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), body, async (segments, method, b) => {
        const path = '/' + segments.join('/')
        let url: URL
        try {
          url = new URL(path, 'http://localhost')
        } catch {
          return
        }
        const res = await t.app.request(url.pathname + url.search, {
          method, headers: { 'content-type': b.type, trxType: 'FRM' },
          body: method === 'GET' || method === 'HEAD' ? undefined : b.text,
        })
        const text = await res.text()
        expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(500)
        expectNothingInternal(text)
      }),
      { numRuns: kind === 'pglite' ? 300 : 100 },
    )
  }, 120_000)
})
