/**
 * What a started server says about itself: the demo-messaging warning and banner flag (issue 26
 * item 10), a start from a prepared PGlite dump (PGLITE_DUMP), and the test settings that replace
 * real waits (SMS_RESEND_COOLDOWN_S, only with the SMS catcher).
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createApp } from '../../src/server/app.ts'
import { caughtMessages, loadConfig } from '../../src/server/config.ts'
import { createLogger } from '../../src/server/services/logger.ts'
import { startServer, type RunningServer } from '../../src/server/main.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app.ts'

const NETGSM = { SMS_PROVIDER: 'netgsm', SMS_USERNAME: 'u', SMS_PASSWORD: 'p', SMS_SENDER: 'KATILIM', SMS_API_URL: 'http://127.0.0.1:9/send' }

type Line = { level: string; msg: string; [k: string]: unknown }

async function start(env: Record<string, string>) {
  const lines: string[] = []
  const config = loadConfig({
    NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: 'memory://', HSTS: 'false', DEMO_DATA: 'false',
    ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password, PGLITE_DUMP: inject('pgliteDump'), ...env,
  })
  const server = await startServer(config, { web: false, logger: createLogger('info', (line) => lines.push(line)) })
  return { server, logs: () => lines.map((l) => JSON.parse(l) as Line) }
}

// each test starts a real server (the dump loaded into a new PGlite): slow on a busy machine
describe('a server started with the built-in catchers (the defaults) says so', { timeout: 120_000 }, () => {
  let server: RunningServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('logs a warning at start naming what is caught; started from the prepared dump, it seeds nothing again', async () => {
    const s = await start({})
    server = s.server
    const warning = s.logs().find((l) => l.level === 'warn' && l.msg.startsWith('demo messaging'))
    expect(warning).toBeDefined()
    expect(warning!.msg).toBe('demo messaging: messages are caught, not sent')
    expect(String(warning!.mail)).toMatch(/^caught by the built-in catcher/)
    expect(String(warning!.sms)).toMatch(/^caught by the built-in catcher/)
    const started = s.logs().find((l) => l.msg === 'started')!
    expect(started.fromDump).toBe(true)
    // the dump holds the reference data: its content hash matches, so nothing is seeded again
    expect(started.referenceSeed).toBe('unchanged')
    const sizes = await fetch(`${server.url}/api/v1/lookup/companySizes`, { headers: { locale: 'en' } })
    expect(sizes.status).toBe(200)
    expect(((await sizes.json()) as unknown[]).length).toBeGreaterThan(2)
  })

  it('names only the SMS when mail goes to a real server', async () => {
    const mailOff = await start({ MAIL_CATCHER: 'false' })
    server = mailOff.server
    const warning = mailOff.logs().find((l) => l.msg.startsWith('demo messaging'))!
    expect(warning.mail).toBe('sent')
    expect(String(warning.sms)).toMatch(/^caught/)
  })

  it('stays quiet when both are real', async () => {
    const real = await start({ MAIL_CATCHER: 'false', ...NETGSM })
    server = real.server
    expect(real.logs().some((l) => l.msg === 'started')).toBe(true)
    expect(real.logs().filter((l) => l.level === 'warn')).toEqual([])
  })
})

describe('the staff pages learn it from the page\'s runtime config', () => {
  it.each<[Record<string, string>, { mail: boolean; sms: boolean }]>([
    [{}, { mail: true, sms: true }],
    [{ MAIL_CATCHER: 'false' }, { mail: false, sms: true }],
    [NETGSM, { mail: true, sms: false }],
    [{ MAIL_CATCHER: 'false', ...NETGSM }, { mail: false, sms: false }],
  ])('%o -> %o', async (env, expected) => {
    const config = loadConfig({ NODE_ENV: 'test', ...env })
    expect(caughtMessages(config)).toEqual(expected)
    const database = await openTestDatabase('pglite')
    try {
      const app = createApp({ db: database.db, config, logger: createLogger('silent'), web: { html: async () => '<html><head><!--app-config--></head></html>' } })
      const res = await app.request('/auth/login')
      const json = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(await res.text())?.[1]
      expect(JSON.parse(json!).caughtMessages).toEqual(expected)
    } finally {
      await database.drop()
    }
  })
})

describe('SMS_RESEND_COOLDOWN_S: a test setting instead of a real minute', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('is 60 s unless set; may be shorter only while SMS go to the catcher', () => {
    expect(loadConfig({}).sms.resendCooldownS).toBe(60)
    expect(loadConfig({ SMS_RESEND_COOLDOWN_S: '3' }).sms.resendCooldownS).toBe(3)
    expect(() => loadConfig({ SMS_RESEND_COOLDOWN_S: '3', ...NETGSM })).toThrow(/only for the SMS catcher/)
    expect(loadConfig({ SMS_RESEND_COOLDOWN_S: '90', ...NETGSM }).sms.resendCooldownS).toBe(90)
  })

  it('the answer tells the browser the cooldown, and the server holds it', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SMS_RESEND_COOLDOWN_S: '5' })
    t = await createTestApp('pglite', { sms: config.sms })
    const api = agent(t.request)
    const send = () => api.post('/notification/sendsms', { gsmNumber: '0532 765 43 21', smsSource: 'tss' })
    const first = await send()
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ resendAfterS: 5 })
    t.clock.advance(4_000)
    const soon = await send()
    expect(soon.status).toBe(429)
    expect(soon.body).toMatchObject({ code: 'SMS_RESEND_TOO_SOON', retryAfterS: 1 })
    t.clock.advance(1_000)
    expect((await send()).status).toBe(200)
  })
})

describe('GET /health: the process serves and its database answers', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('answers 200 { status: ok }, never cached; a query parameter is a client mistake', async () => {
    t = await createTestApp('pglite')
    const res = await t.request('/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'ok' })
    expect((await t.request('/health?verbose=1')).status).toBe(400)
  })

  it('answers 503 with Retry-After while the database cannot be reached', async () => {
    const down = { execute: async () => { throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) } }
    const config = loadConfig({ NODE_ENV: 'test' })
    const app = createApp({ db: down as never, config, logger: createLogger('silent') })
    const res = await app.request('/api/v1/health', { headers: { locale: 'en' } })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
  })
})
