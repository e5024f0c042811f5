import { createServer, type AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { companySetting } from '../../src/server/db/schema.ts'
import { allowList, checkMailServer, isRefusedAddress } from '../../src/server/services/mail-host.ts'
import { startMailCatcher } from '../../src/server/services/mail.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/** Issue 28 item 4: the mail-server settings and their test mail are no port scanner of the server's network. */
describe('where a mail server may be (services/mail-host.ts)', () => {
  const none = allowList([])

  it.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.5', '172.16.4.4', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '192.0.2.10', '198.51.100.7', '203.0.113.9', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true)
  })

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2a00:1450:4001::1a'])('takes the public %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false)
  })

  it('checks names by what they resolve to, the port of a public server, and the operator\'s allow-list', async () => {
    expect(await checkMailServer('localhost', 587, none)).toEqual({ ok: false, path: 'host', code: 'host.private' })
    expect(await checkMailServer('169.254.169.254', 25, none)).toEqual({ ok: false, path: 'host', code: 'host.private' })
    expect(await checkMailServer('no-such-host.invalid', 587, none)).toEqual({ ok: false, path: 'host', code: 'host.unresolvable' })
    for (const port of [25, 465, 587, 2525]) expect(await checkMailServer('8.8.8.8', port, none)).toEqual({ ok: true, address: '8.8.8.8', servername: undefined })
    for (const port of [22, 80, 443, 5432, 8080, 1025]) expect(await checkMailServer('8.8.8.8', port, none)).toEqual({ ok: false, path: 'port', code: 'port.smtpOnly' })
    // a relay on the same host, allowed by the operator: any port
    const loopback = allowList(['127.0.0.1'])
    expect(await checkMailServer('127.0.0.1', 1025, loopback)).toEqual({ ok: true, address: '127.0.0.1', servername: undefined })
    expect(await checkMailServer('127.0.0.2', 25, loopback)).toEqual({ ok: false, path: 'host', code: 'host.private' })
    expect(await checkMailServer('10.1.2.3', 2525, allowList(['10.0.0.0/8']))).toMatchObject({ ok: true })
  })
})

describe.each(dbKinds())('the mail-server settings on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  const settings = async () => (await a.get(`/company/settings/${companyId}?category=mailServer`)).body.mailServer as Record<string, unknown> & { version: number }
  const save = async (changes: Record<string, unknown>, headers?: Record<string, string>) => a.put('/company/settings/mailServer', {
    version: (await settings()).version, security: 'none', host: '127.0.0.1', port: 587, authRequired: false, user: '', from: '', currentPassword: TEST_ADMIN.password, ...changes,
  }, headers)

  beforeEach(async () => {
    // no address allowed: what production does unless MAIL_SERVER_ALLOW says otherwise
    t = await createTestApp(kind, { mailServerAllow: [] }, { mail: true })
    a = agent(t.request)
    companyId = ((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).body.user as { companyId: string }).companyId
  })
  afterEach(async () => { await t.close() })

  it('refuses loopback, private and link-local hosts and non-SMTP ports with field errors; nothing is stored', async () => {
    for (const [host, port, path, code] of [
      ['127.0.0.1', 587, 'host', 'host.private'], ['localhost', 25, 'host', 'host.private'], ['169.254.169.254', 25, 'host', 'host.private'],
      ['10.0.0.8', 587, 'host', 'host.private'], ['192.168.1.1', 465, 'host', 'host.private'], ['8.8.8.8', 22, 'port', 'port.smtpOnly'],
    ] as const) {
      const res = await save({ host, port }, { locale: 'en' })
      expect(res.status, `${host}:${port}`).toBe(400)
      expect(res.body).toMatchObject({ code: 'VALIDATION', issues: [{ path, code }] })
    }
    expect(await t.db.select().from(companySetting)).toEqual([])
  })

  it('asks for the password again, and tells every superadmin', async () => {
    await createUser(t.db, { username: 'ikinci', password: 'Güçlü-Parola-2026!', email: 'ikinci@example.com', roles: ['ROLE_SUPERADMIN'] })
    const missing = await a.put('/company/settings/mailServer', { version: 1, security: 'none', host: '', port: 587, authRequired: false, user: '', from: '' })
    expect(missing.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    expect((await save({ host: '', currentPassword: 'yanlis-parola-1' })).body).toMatchObject({ code: 'REAUTH_FAILED' })
    expect(await t.db.select().from(companySetting)).toEqual([])
    expect((await save({ host: '' })).status).toBe(200)
    await expect.poll(() => t.mails.filter((m) => m.subject === 'Güvenlik ayarı değiştirildi').map((m) => m.to[0]).sort(), { timeout: 10_000 }).toEqual([TEST_ADMIN.email, 'ikinci@example.com'])
    expect(t.mails.find((m) => m.subject === 'Güvenlik ayarı değiştirildi')!.text).toContain('Sunucu: yerleşik posta')
  })

  it('clearing the host returns to the built-in mail', async () => {
    const relay = await startMailCatcher()
    try {
      const allowed = await createTestApp(kind, {}, { mail: true })
      try {
        const b = agent(allowed.request)
        await b.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
        const put = async (host: string, version: number) => b.put('/company/settings/mailServer', {
          version, security: 'none', host, port: relay.port, authRequired: false, user: '', from: '', currentPassword: TEST_ADMIN.password,
        })
        const first = await put('127.0.0.1', 1)
        expect(first.status, JSON.stringify(first.body)).toBe(200)
        expect((await b.post('/company/settings/mailServer/test', { to: 'deneme@example.com' })).body).toEqual({ ok: true, answer: '250 OK' })
        const tests = () => relay.mails.filter((m) => m.subject.includes('test'))
        const notices = (mails: Array<{ subject: string; to: string[] }>) => mails.filter((m) => m.subject === 'Güvenlik ayarı değiştirildi')
        expect(tests().map((m) => m.to)).toEqual([['deneme@example.com']])
        // the notice of the change went through the mail server in force before it (the built-in one), not the one it names
        await expect.poll(async () => { await allowed.outbox.drain(); return notices(allowed.mails).length }, { timeout: 10_000 }).toBe(1)
        expect(notices(relay.mails)).toEqual([])
        const cleared = await put('', first.body.version as number)
        expect(cleared.status).toBe(200)
        expect(cleared.body).toMatchObject({ host: '' })
        expect((await b.post('/company/settings/mailServer/test', { to: 'ikinci@example.com' })).body).toEqual({ ok: true, answer: '250 OK' })
        expect(tests()).toHaveLength(1)
        expect(allowed.mails.some((m) => m.to.includes('ikinci@example.com'))).toBe(true)
        // and the notice of going back went through the relay, the server in force before it
        await expect.poll(async () => { await allowed.outbox.drain(); return notices(relay.mails).length }, { timeout: 10_000 }).toBe(1)
      } finally {
        await allowed.close()
      }
    } finally {
      await relay.close()
    }
  })

  it('answers one generic "could not connect" for a connection failure, at most ten tests per ten minutes', async () => {
    const allowed = await createTestApp(kind, {}, { mail: true })
    try {
      const b = agent(allowed.request)
      await b.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      // a port nothing listens on
      const probe = createServer()
      await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok))
      const closed = (probe.address() as AddressInfo).port
      await new Promise((ok) => probe.close(ok))
      expect((await b.put('/company/settings/mailServer', {
        version: 1, security: 'none', host: '127.0.0.1', port: closed, authRequired: false, user: '', from: '', currentPassword: TEST_ADMIN.password,
      })).status).toBe(200)
      const res = await b.post('/company/settings/mailServer/test', { to: 'deneme@example.com' }, { locale: 'en' })
      expect(res.body).toEqual({ ok: false, code: 'MAIL_SERVER_UNREACHABLE', answer: 'Could not connect to the mail server' })
      for (let i = 1; i < 10; i++) expect((await b.post('/company/settings/mailServer/test', { to: 'deneme@example.com' })).status).toBe(200)
      const limited = await b.post('/company/settings/mailServer/test', { to: 'deneme@example.com' })
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('600')
    } finally {
      await allowed.close()
    }
  })

  it('a host saved before the rules, now refused, is never connected to', async () => {
    const relay = await startMailCatcher()
    try {
      await t.db.insert(companySetting).values({
        companyId, category: 'mailServer', data: { host: '127.0.0.1', port: relay.port, security: 'none', authRequired: false, user: '', passwordSealed: '', from: '' },
      })
      expect((await a.post('/company/settings/mailServer/test', { to: 'deneme@example.com' }, { locale: 'en' })).body).toMatchObject({ ok: false, code: 'MAIL_SERVER_UNREACHABLE' })
      expect(relay.mails).toEqual([])
    } finally {
      await relay.close()
    }
  })
})
