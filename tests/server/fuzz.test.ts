import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app.ts'

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
  { method: 'POST', path: '/auth/checkSessionValidity' },
  { method: 'POST', path: '/auth/activity' },
  { method: 'POST', path: '/auth/lockSession' },
  { method: 'POST', path: '/auth/unlockSession' },
  { method: 'POST', path: '/auth/logout' },
  { method: 'POST', path: '/auth/switchRole' },
  { method: 'GET', path: '/auth/permissions' },
  { method: 'POST', path: '/notification/sendsms' },
  { method: 'POST', path: '/notification/verifysms' },
  { method: 'POST', path: '/digitalchannels/legalpermission' },
  { method: 'POST', path: '/digitalchannels/application' },
  { method: 'POST', path: '/digitalchannels/application/resume' },
]

const jsonValue = fc.jsonValue({ maxDepth: 3 })
const body = fc.oneof(
  jsonValue.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc.record({ username: fc.string(), password: fc.string(), email: fc.string(), rememberMe: fc.anything(), inactivetime: fc.anything(), role: fc.string() }, { requiredKeys: [] })
    .map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc.string().map((text) => ({ type: 'application/json', text })),
  fc.string().map((text) => ({ type: 'text/plain', text })),
  fc.string().map((text) => ({ type: 'application/x-www-form-urlencoded', text })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ type: 'application/octet-stream', text: Buffer.from(bytes).toString('latin1') })),
)
const query = fc.dictionary(fc.constantFrom('countryCode', 'cityCode', 'districtCode', 'x', 'filter'), fc.string(), { maxKeys: 4 })
const headers = fc.record({
  locale: fc.oneof(fc.constant('tr'), fc.constant('ru'), fc.string({ maxLength: 12 })),
  requestId: fc.oneof(fc.uuid(), fc.string({ maxLength: 120 })),
  encrypted: fc.constantFrom('true', 'false', 'yes'),
  trxType: fc.constantFrom('FRM', ''),
}, { requiredKeys: [] })

describe('random input at every route', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp('pglite', { trustProxy: 'all' }) })
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
        expect(text).not.toMatch(/\bat .+\.ts:\d+/)
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
