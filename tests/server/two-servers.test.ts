import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.ts'
import { loadConfig, type ServerConfig } from '../../src/server/config.ts'
import { openDatabase, type Database } from '../../src/server/db/client.ts'
import { appUser, role } from '../../src/server/db/schema.ts'
import { createLogger } from '../../src/server/services/logger.ts'
import { createMailer, startMailCatcher, type MailCatcher } from '../../src/server/services/mail.ts'
import { mailSettingsResolver } from '../../src/server/services/mail-settings.ts'
import { createOutbox, type Outbox } from '../../src/server/services/outbox.ts'
import { forgotPasswordJob } from '../../src/server/services/password-reset.ts'
import { keyFrom } from '../../src/server/services/secrets.ts'
import { setRolePermissions } from '../../src/server/services/sessions.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { hasPostgres, openTestDatabase, testClock } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'

/**
 * How the product grows past one machine: two server instances, each with its own connection pool
 * (as two processes would have), on one PostgreSQL database. Whatever one starts, the other honours.
 */
describe.runIf(hasPostgres())('two servers, one PostgreSQL', () => {
  let primary: Awaited<ReturnType<typeof openTestDatabase>>
  let second: Database
  let catcher: MailCatcher
  let outboxB: Outbox
  let a: (path: string, init?: RequestInit) => Response | Promise<Response>
  let b: (path: string, init?: RequestInit) => Response | Promise<Response>
  const clock = testClock()

  beforeAll(async () => {
    primary = await openTestDatabase('postgres')
    second = await openDatabase({ url: primary.url! })
    const config: ServerConfig = { ...loadConfig({ NODE_ENV: 'test' }), mailCatcher: false, cookieSecure: false, trustProxy: 1 }
    catcher = await startMailCatcher()
    // only server B runs an outbox worker: what A queues, B sends
    const mailB = createMailer(mailSettingsResolver(second.db, catcher, keyFrom(config.secretsKey)))
    outboxB = createOutbox({
      db: second.db, mailer: mailB, secretsKey: keyFrom(config.secretsKey), logger: createLogger('silent'),
      handlers: { forgotPassword: forgotPasswordJob(clock) }, pollMs: 100,
    })
    outboxB.start()
    const appA = createApp({ db: primary.db, config, logger: createLogger('silent'), clock })
    const appB = createApp({ db: second.db, config, logger: createLogger('silent'), clock, mail: mailB, outbox: outboxB })
    a = (path, init) => appA.request(config.apiBase + path, init)
    b = (path, init) => appB.request(config.apiBase + path, init)
  })
  afterAll(async () => {
    await outboxB?.stop()
    await catcher?.close()
    await second?.close()
    await primary?.drop()
  })

  /** One browser talking to server A or B (one cookie jar, as behind a load balancer). */
  function browser(ip: string) {
    const jar = new Map<string, string>()
    const via = (x: ReturnType<typeof agent>) => ({
      post: (path: string, body: unknown = {}) => x.post(path, body, { 'x-forwarded-for': ip }),
      get: (path: string) => x.get(path, { 'x-forwarded-for': ip }),
    })
    return { A: via(agent(a, jar)), B: via(agent(b, jar)) }
  }

  it('honours on B a session, its permissions and its lock started on A', async () => {
    await createUser(primary.db, { username: 'iki.sunucu', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    const web = browser('10.20.0.1')
    expect((await web.A.post('/auth/login', { username: 'iki.sunucu', password: PASSWORD })).status).toBe(200)
    expect((await web.B.post('/auth/checkSessionValidity')).body).toMatchObject({ user: { username: 'iki.sunucu', activeRole: 'ROLE_ADMIN' } })
    // a role changed through B is seen by A's permission cache at its next call
    expect((await web.A.get('/auth/permissions')).status).toBe(200)
    const [admin] = await second.db.select().from(role).where(eq(role.name, 'ROLE_ADMIN'))
    await setRolePermissions(second.db, admin!.id, ['audit:read', 'user:read'])
    expect((await web.A.get('/auth/permissions')).body).toEqual({ role: 'ROLE_ADMIN', permissions: ['audit:read', 'user:read'] })
    // locked on A: LOCKED on B; unlocked on B: A serves again
    expect((await web.A.post('/auth/lockSession', { inactivetime: 0 })).status).toBe(200)
    expect((await web.B.get('/auth/permissions')).body).toMatchObject({ code: 'LOCKED' })
    expect((await web.B.post('/auth/checkSessionValidity')).body).toMatchObject({ code: 'LOCKED' })
    expect((await web.B.post('/auth/unlockSession', { password: PASSWORD })).status).toBe(200)
    expect((await web.A.get('/auth/permissions')).status).toBe(200)
    // logged out on B: gone on A
    expect((await web.B.post('/auth/logout', {})).status).toBe(200)
  })

  it('counts failed sign-ins across both servers and locks the account for both', async () => {
    await createUser(primary.db, { username: 'sayac', password: PASSWORD })
    const web = browser('10.20.0.2')
    for (let i = 0; i < 3; i++) expect((await web.A.post('/auth/login', { username: 'sayac', password: 'yanlis' })).status).toBe(401)
    for (let i = 0; i < 2; i++) expect((await web.B.post('/auth/login', { username: 'sayac', password: 'yanlis' })).status).toBe(401)
    const [row] = await primary.db.select().from(appUser).where(eq(appUser.username, 'sayac'))
    expect(row!.lockedAt).not.toBeNull()
    expect((await browser('10.20.0.3').A.post('/auth/login', { username: 'sayac', password: PASSWORD })).status).toBe(401)
  })

  it('shares the per-address failure budget (a rate limit) between the servers', async () => {
    // the address is counted by the distinct usernames it failed as (issue 28 item 7; 10 by default):
    // five failed on A and five on B fill it for both
    const names = Array.from({ length: 11 }, (_, i) => `r${i + 1}`)
    for (const name of names) await createUser(primary.db, { username: name, password: PASSWORD })
    const web = browser('10.20.0.4')
    for (const [i, name] of names.slice(0, 10).entries()) {
      expect((await (i % 2 ? web.B : web.A).post('/auth/login', { username: name, password: 'yanlis' })).status).toBe(401)
    }
    // an eleventh username from that address is refused before its password is checked, on either server
    expect((await web.A.post('/auth/login', { username: 'r11', password: PASSWORD })).status).toBe(429)
    expect((await web.B.post('/auth/login', { username: 'r11', password: PASSWORD })).status).toBe(429)
    // another address is not limited
    expect((await browser('10.20.0.5').B.post('/auth/login', { username: 'r11', password: PASSWORD })).status).toBe(200)
  })

  it('sends from B the mail a request on A queued (the outbox is shared)', async () => {
    await createUser(primary.db, { username: 'postaci', password: PASSWORD, email: 'postaci@example.com' })
    expect((await browser('10.20.0.5').A.post('/auth/forgotPassword', { email: 'postaci@example.com' })).status).toBe(202)
    await expect.poll(() => catcher.mails.filter((m) => m.to.includes('postaci@example.com')).length, { timeout: 10_000 }).toBe(1)
    const temp = /: (\S+)\n/.exec(catcher.mails.at(-1)!.text)![1]!
    expect((await browser('10.20.0.6').A.post('/auth/login', { username: 'postaci', password: temp })).body).toMatchObject({ passwordExpired: true })
  })
})
