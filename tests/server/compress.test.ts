import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openJson } from '../../src/lib/envelope.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const GZIP = { 'accept-encoding': 'gzip, deflate, br, zstd' }

async function unzipped(res: Response): Promise<string> {
  return gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
}

/**
 * gzip on the finished answer (src/server/compress.ts, issue 27): answers of 1 KiB and more to
 * clients that accept it, the same bytes once unzipped; smaller answers and other clients plain.
 */
describe('compression of answers', () => {
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    t = await createTestApp('pglite')
    const a = agent(t.request)
    expect((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    cookie = [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  })
  afterAll(async () => { await t.close() })

  it('sends a JSON answer under 1 KiB as it is, without Vary, even to a gzip client', async () => {
    const res = await t.request('/auth/checkSessionValidity', { method: 'POST', headers: { ...GZIP, trxType: 'FRM' } })
    expect(res.status).toBe(401)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('gzips a JSON answer of 1 KiB or more (the session check of a superadmin) to the same JSON', async () => {
    const init = (headers: Record<string, string>) => ({ method: 'POST', headers: { ...headers, cookie, trxType: 'FRM', 'content-type': 'application/json' }, body: '{}' })
    const zipped = await t.request('/auth/checkSessionValidity', init(GZIP))
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding')
    expect(zipped.headers.get('content-type')).toMatch(/^application\/json/)
    const plain = await t.request('/auth/checkSessionValidity', init({}))
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(1024)
    const opened = JSON.parse(await unzipped(zipped)) as { at: number; user: unknown }
    const direct = JSON.parse(text) as { at: number; user: unknown }
    expect(opened.user).toEqual(direct.user)
    expect(opened.user).toMatchObject({ username: 'admin', activeRole: 'ROLE_SUPERADMIN' })
    // the security headers and the request's ids are on the compressed answer too
    expect(zipped.headers.get('x-frame-options')).toBe('DENY')
    expect(zipped.headers.get('cache-control')).toBe('no-store')
    expect(zipped.headers.get('requestid')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('leaves the answer plain for a client that refuses gzip (q=0) or names none', async () => {
    for (const encoding of ['gzip;q=0, br', 'identity', '']) {
      const res = await t.request('/lookup/countries', { headers: { 'accept-encoding': encoding } })
      expect(res.headers.get('content-encoding'), encoding).toBeNull()
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(200)
    }
    const star = await t.request('/lookup/countries', { headers: { 'accept-encoding': '*' } })
    expect(star.headers.get('content-encoding')).toBe('gzip')
  })

  it('gzips a large sealed (envelope) answer, which still opens with the key', async () => {
    const sealed = await t.request('/lookup/countries', { headers: { ...GZIP, encrypted: 'true' } })
    expect(sealed.headers.get('encrypted')).toBe('true')
    expect(sealed.headers.get('content-encoding')).toBe('gzip')
    const opened = openJson(await unzipped(sealed), t.config.envelopeKey) as unknown[]
    const plain = (await (await t.request('/lookup/countries')).json()) as unknown[]
    expect(opened).toEqual(plain)
  })

  it('streams other types through gzip (the user list as CSV), to the same bytes', async () => {
    const headers = { cookie, trxType: 'FRM' }
    const zipped = await t.request('/user/export', { headers: { ...headers, ...GZIP } })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    const plain = await t.request('/user/export', { headers })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const csv = Buffer.from(await plain.arrayBuffer())
    expect(csv.toString('utf8')).toContain('admin')
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).equals(csv)).toBe(true)
  })

  it('answers HEAD without a compressed body', async () => {
    const res = await t.request('/lookup/countries', { method: 'HEAD', headers: GZIP })
    expect(res.headers.get('content-encoding')).toBeNull()
  })
})

describe('the body limit', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp('pglite') })
  afterAll(async () => { await t.close() })

  const streamed = (text: string) => new ReadableStream<Uint8Array>({
    start(controller) {
      // in pieces, with no Content-Length: the size is only known while reading
      const bytes = new TextEncoder().encode(text)
      for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000))
      controller.close()
    },
  })

  it('refuses a declared length over the limit with 413, and one without a length while it is read', async () => {
    // a sign-in body of 200 kB: past the limit, refused before anything reads or validates it
    const json = { 'content-type': 'application/json', trxType: 'FRM' }
    const body = JSON.stringify({ username: 'nobody', password: 'x'.repeat(200_000) })
    const declared = await t.request('/auth/login', { method: 'POST', headers: { ...json, 'content-length': String(Buffer.byteLength(body)) }, body })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    const chunked = await t.request('/auth/login', { method: 'POST', headers: json, body: streamed(body), duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await chunked.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('lets a body under the limit through, with or without a declared length', async () => {
    const json = { 'content-type': 'application/json', trxType: 'FRM' }
    const body = JSON.stringify({ username: 'nobody', password: 'x'.repeat(100) })
    const declared = await t.request('/auth/login', { method: 'POST', headers: json, body })
    expect(declared.status).toBe(401)
    expect(await declared.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' })
    const chunked = await t.request('/auth/login', { method: 'POST', headers: json, body: streamed(body), duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(401)
    expect(await chunked.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' })
  })
})
