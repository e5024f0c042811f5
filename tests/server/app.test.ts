import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openJson, sealJson } from '../../src/lib/envelope.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

describe('API conventions', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp('pglite', { bodyLimitBytes: 2048, trustProxy: 'all' }) })
  afterAll(async () => { await t.close() })

  it('echoes the spec\'s requestId and transactionId and logs them with the request', async () => {
    const res = await t.request('/client/info', { headers: { requestId: 'req-123', transactionId: 'trx-456', trxType: 'FRM' } })
    expect(res.headers.get('requestId')).toBe('req-123')
    expect(res.headers.get('transactionId')).toBe('trx-456')
    const line = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === 'req-123')
    expect(line).toMatchObject({ msg: 'request', transactionId: 'trx-456', status: 200, path: '/api/v1/client/info' })
  })

  it('generates ids when the client sends none, and refuses malformed ones with 400', async () => {
    const res = await t.request('/client/info')
    expect(res.headers.get('requestId')).toMatch(/^[0-9a-f-]{36}$/)
    const bad = await t.request('/client/info', { headers: { requestId: 'bad id with spaces' } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'BAD_HEADER' })
  })

  it('reports the client IP only through a trusted proxy chain', async () => {
    const res = await t.request('/client/info', { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } })
    expect(await res.json()).toEqual({ ip: '203.0.113.7', currency: null })
  })

  it('sets the security headers on API and pages', async () => {
    const res = await t.request('/client/info')
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it.each([
    ['tr', 'Teknik Hata(404): Servis Çağrısı Yapılamadı!'],
    ['en', 'Request failed with status code 404'],
    ['ru', 'Техническая ошибка (404): не удалось вызвать сервис!'],
  ])('localizes errors by the locale header (%s)', async (locale, message) => {
    const res = await t.request('/no/such/call', { headers: { locale } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message })
  })

  it('falls back to Accept-Language, then Turkish', async () => {
    const en = await t.request('/nope', { headers: { 'accept-language': 'de-DE,en;q=0.8' } })
    expect(((await en.json()) as { message: string }).message).toBe('Request failed with status code 404')
    const tr = await t.request('/nope', { headers: { locale: 'xx' } })
    expect(((await tr.json()) as { message: string }).message).toMatch(/^Teknik Hata/)
  })

  it('round-trips an encrypted request and answers encrypted', async () => {
    // a JSON call through the envelope: the lookup answer comes back sealed
    const res = await t.request('/lookup/companySizes', { headers: { encrypted: 'true', locale: 'en' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('encrypted')).toBe('true')
    const text = await res.text()
    expect(text).not.toContain('"value"')
    const opened = openJson(text, t.config.envelopeKey) as Array<{ value: string; name: string }>
    expect(opened.length).toBeGreaterThan(0)
    expect(typeof opened[0]!.name).toBe('string')
  })

  it('opens an encrypted body and seals the answer; refuses a body sealed with another key', async () => {
    const sealed = sealJson({ anything: 1 }, t.config.envelopeKey)
    const res = await t.request('/client/info', { method: 'POST', headers: { encrypted: 'true' }, body: sealed })
    expect(res.status).toBe(404)
    expect(openJson(await res.text(), t.config.envelopeKey)).toMatchObject({ code: 'NOT_FOUND' })
    const wrong = await t.request('/log/log.json', { method: 'POST', headers: { encrypted: 'true' }, body: sealJson({ a: 1 }, 'other-key') })
    expect(wrong.status).toBe(400)
    // a body that cannot be opened is answered in the clear: the client's key is evidently not ours
    expect(wrong.headers.get('encrypted')).toBeNull()
    expect(await wrong.json()).toMatchObject({ code: 'BAD_ENVELOPE' })
    const garbage = await t.request('/log/log.json', { method: 'POST', headers: { encrypted: 'true' }, body: 'not base64 at all!' })
    expect(garbage.status).toBe(400)
  })

  it('refuses a body over the size limit with 413, not 5xx', async () => {
    const res = await t.request('/log/log.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', trxType: 'FRM' },
      body: 'severity=info&data=' + 'x'.repeat(5000),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('accepts client logs as multipart form (spec 7.6) and redacts card numbers from them', async () => {
    const form = new FormData()
    form.set('severity', 'error')
    form.set('data', 'payment failed for 4546 7112 3456 7894 at step 3')
    const res = await t.request('/log/log.json', { method: 'POST', headers: { trxType: 'FRM' }, body: form })
    expect(res.status).toBe(202)
    const line = t.logs.find((l) => l.includes('"msg":"client"'))!
    expect(line).toContain('[redacted]')
    expect(line).not.toMatch(/4546/)
  })

  it.each([
    [{ severity: 'fatal', data: 'x' }],
    [{ severity: 'info' }],
    [{ severity: 'info', data: '' }],
    [{ severity: 'info', data: 'x', extra: 'y' }],
  ])('refuses a malformed client log %j with 400', async (fields) => {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    const res = await t.request('/log/log.json', { method: 'POST', headers: { trxType: 'FRM' }, body: form })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'VALIDATION' })
  })

  it('refuses a client log that is not a form with 415', async () => {
    const res = await t.request('/log/log.json', { method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: '{}' })
    expect(res.status).toBe(415)
  })

  it('never leaks a stack trace: an internal failure answers UNEXPECTED in the request\'s language', async () => {
    const broken = await createTestApp('pglite')
    await broken.close() // the database is gone: every query now throws inside the handler
    const res = await broken.request('/lookup/countries', { headers: { locale: 'en' } })
    expect(res.status).toBe(500)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({ code: 'UNEXPECTED', message: 'A system error occurred, please try again later' })
    expect(JSON.stringify(body)).not.toMatch(/at |\.ts/)
    expect(broken.logs.some((l) => l.includes('"msg":"unhandled"'))).toBe(true)
  })
})

describe('compression', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp('pglite') })
  afterAll(async () => { await t.close() })

  it('gzips JSON for clients that accept it, and not for others', async () => {
    const zipped = await t.request('/lookup/countries', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    const plain = await t.request('/lookup/countries')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(((await plain.json()) as unknown[]).length).toBeGreaterThan(200)
  })
})

describe('service base paths', () => {
  it('serves the payment service under its own base when configured apart, and nothing else there', async () => {
    const t = await createTestApp('pglite', { paymentApiBase: '/odeme/v2' })
    try {
      const moved = await t.app.request('/odeme/v2/moneyio/collection/posIP3D/Gateway', {
        method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: '{}',
      })
      // reached the payment service: it refuses the empty call (it lacks the spec's headers), not 404
      expect(moved.status).toBe(400)
      expect(await moved.json()).toMatchObject({ code: 'BAD_HEADER' })
      const old = await t.app.request('/api/v1/moneyio/collection/posIP3D/Gateway', {
        method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: '{}',
      })
      expect(old.status).toBe(404)
      expect((await t.app.request('/odeme/v2/lookup/countries')).status).toBe(404)
      expect((await t.app.request('/api/v1/lookup/companySizes')).status).toBe(200)
    } finally {
      await t.close()
    }
  })

  it.each([['/api/v1'], ['/api/v1/odeme']])('keeps every service reachable when the payment base is %s', async (paymentApiBase) => {
    const t = await createTestApp('pglite', { paymentApiBase })
    try {
      const res = await t.app.request(`${paymentApiBase}/moneyio/collection/posIP3D/Gateway`, {
        method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: '{}',
      })
      expect(res.status).toBe(400)
      expect((await t.app.request('/api/v1/lookup/companySizes')).status).toBe(200)
    } finally {
      await t.close()
    }
  })
})
