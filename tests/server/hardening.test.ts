import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../../src/server/app.ts'
import { startMailCatcher } from '../../src/server/services/mail.ts'
import { BUILT_IN_ENVELOPE_KEY, BUILT_IN_SECRETS_KEY, loadConfig, type TrustProxy } from '../../src/server/config.ts'
import { auditLog } from '../../src/server/db/schema.ts'
import { clientIpOf } from '../../src/server/services/client-ip.ts'
import { LOG_DATA_MAX, LOG_IP_MAX } from '../../src/server/routes/log.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/** The log without its random request and transaction ids (a UUID may hold any digits, "4036" too). */
function withoutIds(logs: string[]): string {
  return logs.join('\n').replace(/"(requestId|transactionId)":"[^"]*"/g, '')
}

/** Issue 9 (infrastructure half): the holes a probe found stay closed. */
const CARD = '4036660000001231'
const NOTATIONS = ['4036 6600 0000 1231', '4036.6600.0000.1231', '4036/6600/0000/1231', '4036_6600_0000_1231', '4036\t6600\t0000\t1231', '4036\n6600\n0000\n1231', '４０３６６６００００００１２３１']
const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }

for (const kind of dbKinds()) {
  describe(`client input never answers 5xx [${kind}]`, () => {
    let t: TestApp
    beforeAll(async () => { t = await createTestApp(kind) })
    afterAll(async () => t.close())

    it.each(['/%zz', '/%E0%A4%A', '/api/v1/lookup/%zz', '/a%00b', '/api/v1/%0a'])('GET %s answers 400 BAD_PATH', async (path) => {
      const res = await t.app.request(path, { headers: { locale: 'en' } })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ code: 'BAD_PATH', message: 'The requested address is not valid' })
    })

    it.each([
      ['/auth/login', { username: 'ad\u0000min', password: 'x', rememberMe: false }],
      ['/auth/login', { username: 'ad\u0007min', password: 'x' }],
      ['/auth/login', { username: 'admin', password: 'pass\u0000word' }],
      ['/auth/forgotPassword', { email: 'a\u0000@example.com' }],
    ])('POST %s with a control character in %j answers 400', async (path, body) => {
      const res = await t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify(body) })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'VALIDATION' })
    })

    it('answers a NUL in a query with 400', async () => {
      const res = await t.request('/lookup/cities?countryCode=T%00R')
      expect(res.status).toBe(400)
    })

    it('stores no card number typed as a username in the audit log, nor writes it to the log', async () => {
      for (const username of [CARD, ...NOTATIONS]) {
        const res = await t.request('/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ username, password: 'wrong-password-1' }) })
        // tabs and newlines are control characters: refused before anything is stored
        expect(res.status).toBe(/[\t\n]/.test(username) ? 400 : 401)
      }
      const rows = await t.db.select().from(auditLog)
      const dump = JSON.stringify(rows)
      expect(dump).toContain('auth.login.failed')
      expect(dump).toContain('[redacted]')
      expect(dump.replace(/[^0-9０-９]/g, '')).not.toContain(CARD)
      expect(withoutIds(t.logs)).not.toMatch(/4036/)
    })

    it('redacts card numbers from request paths in the log', async () => {
      for (const n of NOTATIONS) await t.request(`/lookup/x/${encodeURIComponent(n)}`)
      const lines = t.logs.filter((l) => l.includes('"msg":"request"') && l.includes('/lookup/x/'))
      expect(lines.length).toBe(NOTATIONS.length)
      for (const line of lines) expect(line).toMatch(/"path":"\/api\/v1\/lookup\/x\/\[redacted\]"/)
      expect(withoutIds(t.logs)).not.toMatch(/4036/)
    })
  })
}

describe('client-log route (POST /log/log.json)', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp('pglite', { trustProxy: 1 }) })
  afterAll(async () => t.close())

  const post = (data: string, ip: string, headers: Record<string, string> = { trxType: 'FRM' }) => {
    const form = new FormData()
    form.set('severity', 'error')
    form.set('data', data)
    return t.request('/log/log.json', { method: 'POST', headers: { ...headers, 'x-forwarded-for': ip }, body: form })
  }

  it('needs the custom header like every state-changing call', async () => {
    const res = await post('x', '198.51.100.1', {})
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'MISSING_HEADER' })
  })

  it('answers an encrypted (already read) body with 4xx, not 5xx', async () => {
    for (const type of ['application/json', 'application/octet-stream', 'multipart/form-data']) {
      const res = await t.request('/log/log.json', { method: 'POST', headers: { 'content-type': type, encrypted: 'true', trxType: 'FRM', 'x-forwarded-for': '198.51.100.6' }, body: '' })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
  })

  it('caps the entry size', async () => {
    expect((await post('x'.repeat(LOG_DATA_MAX), '198.51.100.2')).status).toBe(202)
    expect((await post('x'.repeat(LOG_DATA_MAX + 1), '198.51.100.2')).status).toBe(400)
    expect((await post('x'.repeat(20_000), '198.51.100.2')).status).toBe(413)
  })

  it('limits entries per client, not globally', async () => {
    for (let i = 0; i < LOG_IP_MAX; i++) expect((await post(`entry ${i}`, '198.51.100.3')).status).toBe(202)
    const limited = await post('one too many', '198.51.100.3')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect((await post('another client', '198.51.100.4')).status).toBe(202)
    t.clock.advance(60_001)
    expect((await post('next window', '198.51.100.3')).status).toBe(202)
  })

  it('redacts card numbers in every notation and CVCs from what it writes', async () => {
    for (const n of NOTATIONS) expect((await post(`card ${n} cvv=123 {"cvc":"4321"}`, '198.51.100.5')).status).toBe(202)
    const lines = t.logs.filter((l) => l.includes('"msg":"client"') && l.includes('198.51.100.5'))
    expect(lines.length).toBe(NOTATIONS.length)
    // what the client sent, as written (request ids are random and may hold any digits)
    const all = lines.map((l) => (JSON.parse(l) as { data: string }).data).join('\n')
    expect(all).toContain('[redacted]')
    expect(all).not.toMatch(/4036|4321|=123/)
  })

  it('redacts the bank form\'s cv2, national IDs and phone numbers too, as the client sent them (issue 28 item 8)', async () => {
    const sent = [
      'POST /3d failed {"pan":"4036660000001231","cv2":"987","Ecom_Payment_Card_ExpDate_Month":"12"}',
      'form cv2=654&amount=10', 'tckn 10000000146 for Ayşe', '{"nationalId":"12345678950"}', 'tel +90 532 765 43 21', 'gsm 05327654321',
      'phone (0212) 555 98 76', 'mobile 5329876543', 'intl +44 20 7946 0958',
    ]
    for (const text of sent) expect((await post(text, '198.51.100.6')).status).toBe(202)
    const lines = t.logs.filter((l) => l.includes('"msg":"client"') && l.includes('198.51.100.6')).map((l) => (JSON.parse(l) as { data: string }).data)
    expect(lines).toHaveLength(sent.length)
    const all = lines.join('\n')
    for (const secret of ['987', '654', '10000000146', '12345678950', '765 43 21', '7654321', '555 98 76', '9876543', '7946']) expect(all).not.toContain(secret)
    // what is not personal stays readable
    expect(lines[0]).toContain('"Ecom_Payment_Card_ExpDate_Month":"12"')
    expect(lines[1]).toContain('amount=10')
    expect(lines[2]).toBe('tckn [redacted] for Ayşe')
  })
})

describe('dev routes (the mail catcher inbox)', () => {
  it('are off in production unless enabled, and then need a token', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devRoutes).toEqual({ enabled: false, token: null })
    expect(loadConfig({ NODE_ENV: 'development' }).devRoutes.enabled).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutes.enabled).toBe(true)
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(/DEV_ROUTES_TOKEN/)
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true', DEV_ROUTES_TOKEN: 'short' })).toThrow(/DEV_ROUTES_TOKEN/)
    expect(loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true', DEV_ROUTES_TOKEN: 'a-long-enough-token' }).devRoutes).toEqual({ enabled: true, token: 'a-long-enough-token' })
  })

  it('answer loopback only, never when disabled, and only with the token when one is set', async () => {
    const base = await createTestApp('pglite')
    const mailCatcher = await startMailCatcher()
    try {
      const app = (over: Partial<typeof base.config>) => createApp({ db: base.db, config: { ...base.config, ...over }, logger: { log() {}, child() { return this } }, mailCatcher })
      const get = (a: App, headers: Record<string, string> = {}, env: object = loopback) => a.request('/api/v1/dev/mail', { headers }, env)
      const token = 'a-long-enough-token'
      expect((await get(app({ devRoutes: { enabled: true, token: null } }))).status).toBe(200)
      expect((await get(app({ devRoutes: { enabled: true, token: null } }), {}, { incoming: { socket: { remoteAddress: '203.0.113.9' } } })).status).toBe(404)
      expect((await get(app({ devRoutes: { enabled: false, token: null } }))).status).toBe(404)
      const guarded = app({ devRoutes: { enabled: true, token } })
      expect((await get(guarded)).status).toBe(404)
      expect((await get(guarded, { authorization: 'Bearer wrong-token-of-length' })).status).toBe(404)
      expect((await get(guarded, { authorization: `Bearer ${token}` })).status).toBe(200)
    } finally {
      await mailCatcher.close()
      await base.close()
    }
  })
})

describe('TRUST_PROXY reads X-Forwarded-For from the right', () => {
  const ipOf = (trust: TrustProxy, xff: string, peer = '10.0.0.2') => {
    const app = new Hono().get('/', (c) => c.text(clientIpOf(c, trust)))
    return Promise.resolve(app.request('/', { headers: { 'x-forwarded-for': xff } }, { incoming: { socket: { remoteAddress: peer } } })).then((r) => r.text())
  }

  it('never believes the client-controlled left-most address', async () => {
    // the client sent "1.2.3.4"; the proxy appended the address it saw, 198.51.100.9
    expect(await ipOf('all', '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9')
    expect(await ipOf('all', '1.2.3.4, 198.51.100.9, 10.0.0.7')).toBe('198.51.100.9')
    expect(await ipOf('all', '10.1.1.1, 192.168.0.3')).toBe('10.1.1.1')
    expect(await ipOf(1, '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9')
    expect(await ipOf(2, '1.2.3.4, 198.51.100.9, 10.0.0.7')).toBe('198.51.100.9')
    expect(await ipOf('loopback', '1.2.3.4, 198.51.100.9, 127.0.0.1', '127.0.0.1')).toBe('198.51.100.9')
    expect(await ipOf('loopback', '1.2.3.4', '203.0.113.5')).toBe('203.0.113.5')
    expect(await ipOf('none', '1.2.3.4')).toBe('10.0.0.2')
  })
})

describe('keys in production', () => {
  it('are never the built-in ones once the server has its own (services/server-keys)', async () => {
    const { withServerKeys } = await import('../../src/server/services/server-keys.ts')
    const t = await createTestApp('pglite')
    try {
      const prod = loadConfig({ NODE_ENV: 'production' })
      expect(prod.secretsKey).toBe(BUILT_IN_SECRETS_KEY)
      const a = await withServerKeys(prod, t.db)
      const b = await withServerKeys(loadConfig({ NODE_ENV: 'production' }), t.db)
      expect(a.secretsKey).not.toBe(BUILT_IN_SECRETS_KEY)
      expect(a.envelopeKey).not.toBe(BUILT_IN_ENVELOPE_KEY)
      expect(a.gateway.bankSimStoreKey).not.toBe(prod.gateway.bankSimStoreKey)
      // a second process (or a restart) on the same database gets the same keys
      expect([b.secretsKey, b.envelopeKey, b.gateway.bankSimStoreKey]).toEqual([a.secretsKey, a.envelopeKey, a.gateway.bankSimStoreKey])
      // keys the environment sets win
      const set = await withServerKeys(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: 's'.repeat(32), ENVELOPE_KEY: 'e'.repeat(32), BANK_SIM_STORE_KEY: 'b' }), t.db)
      expect([set.secretsKey, set.envelopeKey, set.gateway.bankSimStoreKey]).toEqual(['s'.repeat(32), 'e'.repeat(32), 'b'])
      // development keeps the built-in keys (and a bank key derived from them: stable across restarts)
      const dev = await withServerKeys(loadConfig({ NODE_ENV: 'development' }), t.db)
      expect(dev.secretsKey).toBe(BUILT_IN_SECRETS_KEY)
      expect(dev.gateway.bankSimStoreKey).toBe(loadConfig({ NODE_ENV: 'development' }).gateway.bankSimStoreKey)
    } finally {
      await t.close()
    }
  })
})

describe('database outage logging (services/db-health)', () => {
  it('logs an outage once, however many failures and short-lived reconnects it has, and its end once', async () => {
    const { dbHealth, STABLE_MS } = await import('../../src/server/services/db-health.ts')
    const lines: string[] = []
    const health = dbHealth({ log: (_level, msg) => lines.push(msg), child() { return this } })
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    for (let i = 0; i < 100; i++) health.down(refused)
    health.up() // a connection that is lost again at once: a flap, not a recovery
    health.down(refused)
    expect(lines).toEqual(['database unavailable'])
    expect(health.isDown).toBe(true)
    health.up()
    await new Promise((ok) => setTimeout(ok, STABLE_MS + 200))
    expect(lines).toEqual(['database unavailable', 'database available again'])
    expect(health.isDown).toBe(false)
  })

  it('tells a lost database from a bug', async () => {
    const { isDatabaseUnavailable } = await import('../../src/server/services/db-health.ts')
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
  })
})
