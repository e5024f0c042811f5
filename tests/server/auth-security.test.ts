import { and, eq, isNull } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, outbox, staffSession, tempPassword } from '../../src/server/db/schema.ts'
import { startMailCatcher } from '../../src/server/services/mail.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'
const OTHER_PASSWORD = 'Baska-Sifre-2026!Z'

type Agent = ReturnType<typeof agent>
const login = (a: Agent, username: string, password: string, ip?: string) =>
  a.post('/auth/login', { username, password }, ip ? { 'x-forwarded-for': ip } : undefined)
const tempOf = (text: string) => /: (\S+)\n/.exec(text)![1]!

describe.each(dbKinds())('sign-in security on %s', (kind) => {
  let t: TestApp
  // a client address per test through one trusted proxy hop, so that the per-IP budget is under control
  beforeEach(async () => { t = await createTestApp(kind, { trustProxy: 1 }, { mail: true }) })
  afterEach(async () => { await t.close() })

  async function forgot(email: string) {
    const temps = () => t.mails.filter((m) => m.to.includes(email) && m.subject === 'Geçici şifreniz')
    const before = temps().length
    expect((await agent(t.request).post('/auth/forgotPassword', { email })).status).toBe(202)
    await expect.poll(() => temps().length, { timeout: 10_000 }).toBe(before + 1)
    return tempOf(temps().at(-1)!.text)
  }

  describe('temporary passwords (issue 9 item 2)', () => {
    it('sign in once: a used temporary password never works again as one', async () => {
      await createUser(t.db, { username: 'can', password: PASSWORD, email: 'can@example.com' })
      const temp = await forgot('can@example.com')
      expect((await login(agent(t.request), 'can', temp)).body).toMatchObject({ passwordExpired: true })
      const again = await login(agent(t.request), 'can', temp)
      expect(again.status).toBe(401)
      expect(again.body).toMatchObject({ code: 'INVALID_CREDENTIALS' })
    })

    it('voids every other pending one once any is used', async () => {
      await createUser(t.db, { username: 'ece', password: PASSWORD, email: 'ece@example.com' })
      const first = await forgot('ece@example.com')
      const second = await forgot('ece@example.com')
      expect((await login(agent(t.request), 'ece', second)).body).toMatchObject({ passwordExpired: true })
      expect((await login(agent(t.request), 'ece', first)).status).toBe(401)
      // the used one changes the password once; then the new password is the only one
      const a = agent(t.request)
      expect((await a.post('/auth/changeExpiredPassword', { username: 'ece', oldPassword: second, newPassword: NEW_PASSWORD })).status).toBe(200)
      expect((await a.post('/auth/changeExpiredPassword', { username: 'ece', oldPassword: second, newPassword: OTHER_PASSWORD })).status).toBe(401)
      expect((await login(a, 'ece', first)).status).toBe(401)
      expect((await login(a, 'ece', NEW_PASSWORD)).body).toMatchObject({ passwordExpired: false })
    })

    it('voids pending ones when the owner changes the password (an old reset mail cannot take the account over)', async () => {
      const user = await createUser(t.db, { username: 'oya', password: PASSWORD, email: 'oya@example.com' })
      const old = await forgot('oya@example.com')
      await t.db.update(appUser).set({ mustChangePassword: true }).where(eq(appUser.id, user.id))
      expect((await agent(t.request).post('/auth/changeExpiredPassword', { username: 'oya', oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200)
      expect((await login(agent(t.request), 'oya', old)).status).toBe(401)
      expect((await login(agent(t.request), 'oya', NEW_PASSWORD)).body).toMatchObject({ passwordExpired: false })
      const rows = await t.db.select().from(tempPassword).where(and(eq(tempPassword.userId, user.id), isNull(tempPassword.voidedAt)))
      expect(rows).toHaveLength(0)
    })

    it('serves the change of password for 30 minutes after its one use, not later', async () => {
      await createUser(t.db, { username: 'nur', password: PASSWORD, email: 'nur@example.com' })
      const temp = await forgot('nur@example.com')
      expect((await login(agent(t.request), 'nur', temp)).body).toMatchObject({ passwordExpired: true })
      t.clock.advance(30 * 60_000)
      const late = await agent(t.request).post('/auth/changeExpiredPassword', { username: 'nur', oldPassword: temp, newPassword: NEW_PASSWORD })
      expect(late.status).toBe(401)
    })

    it('stores only a SHA-256 of it, and the outbox drops the sealed mail once sent', async () => {
      const user = await createUser(t.db, { username: 'ilk', password: PASSWORD, email: 'ilk@example.com' })
      const temp = await forgot('ilk@example.com')
      const [row] = await t.db.select().from(tempPassword).where(eq(tempPassword.userId, user.id))
      expect(row!.passwordHash).toMatch(/^[0-9a-f]{64}$/)
      await expect.poll(async () => (await t.db.select().from(outbox)).every((r) => r.doneAt !== null)).toBe(true)
      expect(JSON.stringify(await t.db.select().from(outbox))).not.toContain(temp)
    })
  })

  describe('changeExpiredPassword serves only an expired or a used temporary password (issue 10 item 6)', () => {
    it('refuses a valid password that has not expired with 409 PASSWORD_NOT_EXPIRED, and changes nothing', async () => {
      await createUser(t.db, { username: 'tan', password: PASSWORD })
      const res = await agent(t.request).post('/auth/changeExpiredPassword', { username: 'tan', oldPassword: PASSWORD, newPassword: NEW_PASSWORD })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ code: 'PASSWORD_NOT_EXPIRED', message: 'Şifrenizin süresi dolmadı; şifrenizi oturum açtıktan sonra değiştirebilirsiniz' })
      const en = await agent(t.request).post('/auth/changeExpiredPassword', { username: 'tan', oldPassword: PASSWORD, newPassword: NEW_PASSWORD }, { locale: 'en' })
      expect(en.body).toMatchObject({ message: 'Your password has not expired; you can change it after signing in' })
      expect((await login(agent(t.request), 'tan', PASSWORD)).body).toMatchObject({ passwordExpired: false })
    })

    it('refuses a temporary password that was never used to sign in', async () => {
      await createUser(t.db, { username: 'ufuk', password: PASSWORD, email: 'ufuk@example.com' })
      const temp = await forgot('ufuk@example.com')
      const res = await agent(t.request).post('/auth/changeExpiredPassword', { username: 'ufuk', oldPassword: temp, newPassword: NEW_PASSWORD })
      expect(res.status).toBe(401)
    })
  })

  describe('lockout (issue 9 item 3, issue 11 section 6)', () => {
    it('ends the sessions of an account when it locks', async () => {
      await createUser(t.db, { username: 'sevgi', password: PASSWORD })
      const a = agent(t.request)
      expect((await login(a, 'sevgi', PASSWORD, '10.1.0.1')).status).toBe(200)
      for (let i = 0; i < 5; i++) await login(agent(t.request), 'sevgi', 'yanlis-' + i, '10.1.0.2')
      const res = await a.post('/auth/checkSessionValidity', {}, { 'x-forwarded-for': '10.1.0.1' })
      expect(res.status).toBe(401)
      const open = await t.db.select().from(staffSession).where(isNull(staffSession.endedAt))
      expect(open).toHaveLength(0)
    })

    it.each([29, 49, 99])('never signs in with the right password sent in a parallel burst of %i wrong ones', async (wrong) => {
      const user = await createUser(t.db, { username: 'hedef', password: PASSWORD })
      const burst = Array.from({ length: wrong + 1 }, (_, i) => i)
      const right = Math.floor(wrong / 2) + 3
      // each guess from its own address: the per-IP budget is another test's subject
      const answers = await Promise.all(burst.map(async (i) => {
        const a = agent(t.request)
        const res = await login(a, 'hedef', i === right ? PASSWORD : `yanlis-${i}`, `10.2.${Math.floor(i / 200)}.${i % 200}`)
        return { i, status: res.status, a }
      }))
      const [row] = await t.db.select().from(appUser).where(eq(appUser.id, user.id))
      expect(row!.lockedAt).not.toBeNull()
      expect(row!.failedLogins).toBeGreaterThanOrEqual(5)
      // whatever order the server saw, no session of this account stays valid once it locked
      const open = await t.db.select().from(staffSession).where(and(eq(staffSession.userId, user.id), isNull(staffSession.endedAt)))
      expect(open).toHaveLength(0)
      const winner = answers.find((x) => x.i === right)!
      if (winner.status === 200) expect((await winner.a.post('/auth/checkSessionValidity')).status).toBe(401)
      expect(answers.filter((x) => x.status !== 200 && x.status !== 401)).toEqual([])
      expect((await login(agent(t.request), 'hedef', PASSWORD, '10.3.0.1')).status).toBe(401)
      // exactly one lock, one mail
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.lockedOut'))).toHaveLength(1)
    }, 120_000) // up to 100 password hashes at once: CPU-bound, 30 s was marginal on a busy 2-core machine

    it('lets the temporary password of the forgot-password mail re-activate a locked account (audited)', async () => {
      const user = await createUser(t.db, { username: 'kilitli', password: PASSWORD, email: 'kilitli@example.com' })
      for (let i = 0; i < 5; i++) await login(agent(t.request), 'kilitli', 'yanlis-' + i, '10.4.0.1')
      expect((await login(agent(t.request), 'kilitli', PASSWORD, '10.4.0.2')).status).toBe(401)
      const temp = await forgot('kilitli@example.com')
      const a = agent(t.request)
      expect((await login(a, 'kilitli', temp, '10.4.0.3')).body).toMatchObject({ passwordExpired: true, username: 'kilitli' })
      const [row] = await t.db.select().from(appUser).where(eq(appUser.id, user.id))
      expect(row).toMatchObject({ lockedAt: null, failedLogins: 0 })
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.reactivated'))
      expect(audit).toHaveLength(1)
      expect(audit[0]!.detail).toMatchObject({ via: 'temporaryPassword' })
      expect((await a.post('/auth/changeExpiredPassword', { username: 'kilitli', oldPassword: temp, newPassword: NEW_PASSWORD })).status).toBe(200)
      expect((await login(a, 'kilitli', NEW_PASSWORD, '10.4.0.3')).body).toMatchObject({ passwordExpired: false })
    })

    it('spraying from one address: failures for 10 usernames, then 429 before any account counts; a colleague\'s typos count once', async () => {
      const names = Array.from({ length: 10 }, (_, i) => `kisi${i}`)
      for (const name of [...names, 'bir']) await createUser(t.db, { username: name, password: PASSWORD })
      for (const name of names) expect((await login(agent(t.request), name, 'yanlis-parola-1', '10.5.0.1')).status).toBe(401)
      // an eleventh username from that address waits, and its account is not touched
      const refused = await login(agent(t.request), 'bir', 'yanlis-parola-1', '10.5.0.1')
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' })
      expect(refused.headers.get('retry-after')).toBe('900')
      const [bir] = await t.db.select().from(appUser).where(eq(appUser.username, 'bir'))
      expect(bir!.failedLogins).toBe(0)
      // a username already counted is the account lockout's business: tried again, it counts on the account
      expect((await login(agent(t.request), 'kisi0', 'yanlis-parola-2', '10.5.0.1')).status).toBe(401)
      expect((await t.db.select().from(appUser).where(eq(appUser.username, 'kisi0')))[0]!.failedLogins).toBe(2)
      // the owner, from another address, is not affected
      expect((await login(agent(t.request), 'bir', PASSWORD, '10.5.0.2')).status).toBe(200)
      // after the window the address starts again
      t.clock.advance(15 * 60_000 + 1)
      expect((await login(agent(t.request), 'bir', 'yanlis-parola-1', '10.5.0.1')).status).toBe(401)
    })

    it('one office behind one address: the right password of an account that signed in there, or from its browser, is never refused (issue 28 item 7)', async () => {
      await createUser(t.db, { username: 'mudur', password: PASSWORD })
      await createUser(t.db, { username: 'yeni', password: PASSWORD })
      const office = '10.7.0.1'
      // the manager signed in at the office before; a colleague's browser keeps its device cookie
      expect((await login(agent(t.request), 'mudur', PASSWORD, office)).status).toBe(200)
      const browser = agent(t.request)
      expect((await login(browser, 'yeni', PASSWORD, '10.7.9.9')).status).toBe(200)
      expect([...browser.jar.keys()]).toContain('ke_device')
      // someone at the office address sprays ten usernames
      for (let i = 0; i < 10; i++) expect((await login(agent(t.request), `yok${i}`, 'Sifre-123456!', office)).status).toBe(401)
      expect((await login(agent(t.request), 'yok10', 'Sifre-123456!', office)).status).toBe(429)
      // the manager's right password from any browser at the office (the address is known to the account)
      expect((await login(agent(t.request), 'mudur', PASSWORD, office)).status).toBe(200)
      // the colleague's right password from their own browser (the device cookie)
      expect((await login(browser, 'yeni', PASSWORD, office)).status).toBe(200)
      // a wrong password from a trusted client still counts on its account
      expect((await login(agent(t.request), 'mudur', 'yanlis-parola-1', office)).status).toBe(401)
      expect((await t.db.select().from(appUser).where(eq(appUser.username, 'mudur')))[0]!.failedLogins).toBe(1)
      // a stranger's right password from an unknown browser still waits: the sprayer's guesses stay bounded
      await createUser(t.db, { username: 'misafir', password: PASSWORD, email: 'misafir@example.com' })
      expect((await login(agent(t.request), 'misafir', PASSWORD, office)).status).toBe(429)
      // ... but the temporary password of "forgot password" proves the mailbox and signs in
      const temp = await forgot('misafir@example.com')
      expect((await login(agent(t.request), 'misafir', temp, office)).body).toMatchObject({ passwordExpired: true, username: 'misafir' })
      // a device cookie is the account's own: another username does not borrow it
      await createUser(t.db, { username: 'gezgin', password: PASSWORD })
      expect((await login(browser, 'gezgin', PASSWORD, office)).status).toBe(429)
    })

    it('holds the per-address budget against a parallel burst of distinct usernames too', async () => {
      const names = Array.from({ length: 24 }, (_, i) => `p${i}`)
      for (const name of names) await createUser(t.db, { username: name, password: PASSWORD })
      const answers = await Promise.all(names.map((name) => login(agent(t.request), name, 'yanlis-parola-1', '10.6.0.1')))
      expect(answers.filter((r) => r.status === 401)).toHaveLength(10)
      expect(answers.filter((r) => r.status === 429)).toHaveLength(14)
      const counted = (await t.db.select().from(appUser)).filter((u) => u.failedLogins > 0)
      expect(counted).toHaveLength(10)
    })

    it('bounds the accounts one address can lock: every failure counts toward three times the limit', async () => {
      const names = Array.from({ length: 8 }, (_, i) => `hedef${i}`)
      for (const name of names) await createUser(t.db, { username: name, password: PASSWORD })
      const statuses: number[] = []
      for (const name of names) for (let i = 0; i < 5; i++) statuses.push((await login(agent(t.request), name, 'yanlis-parola-1', '10.8.0.1')).status)
      expect(statuses.filter((s) => s === 401)).toHaveLength(30)
      const locked = (await t.db.select().from(appUser)).filter((u) => u.lockedAt !== null)
      expect(locked).toHaveLength(6)
    })

    it('takes the numbers from the Security page (a lower limit, a shorter window)', async () => {
      const admin = agent(t.request)
      expect((await login(admin, 'admin', TEST_ADMIN.password, '10.9.9.9')).status).toBe(200)
      const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
      const current = (await admin.get(`/company/settings/${companyId}?category=security`, { 'x-forwarded-for': '10.9.9.9' })).body.security as Record<string, unknown>
      expect(current).toMatchObject({ addressFailureLimit: 10, addressWindowMinutes: 15 })
      const saved = await admin.put('/company/settings/security', {
        version: current.version, complexity: 'veryComplex', uniqueAmongUsers: false, minLength: 12, expiryDays: 90, historyCount: 4, maxFailedLogins: 5,
        expiryWarningDays: 14, addressFailureLimit: 3, addressWindowMinutes: 2, currentPassword: TEST_ADMIN.password,
      }, { 'x-forwarded-for': '10.9.9.9' })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      for (const name of ['a1', 'a2', 'a3']) expect((await login(agent(t.request), name, 'yanlis-parola-1', '10.9.0.1')).status).toBe(401)
      const refused = await login(agent(t.request), 'a4', 'yanlis-parola-1', '10.9.0.1')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('120')
      t.clock.advance(2 * 60_000 + 1)
      expect((await login(agent(t.request), 'a4', 'yanlis-parola-1', '10.9.0.1')).status).toBe(401)
    })
  })

  // timing is measured on PGlite (in process: no network between the samples and the server)
  describe('mail outbox (issue 9 faults: SMTP down)', () => {
    it('queues the mail durably while SMTP is down, answers the user at once, and sends it when SMTP returns', async () => {
      await createUser(t.db, { username: 'posta', password: PASSWORD, email: 'posta@example.com' })
      const port = t.catcher!.port
      await t.catcher!.close()
      const res = await agent(t.request).post('/auth/forgotPassword', { email: 'posta@example.com' })
      expect(res.status).toBe(202)
      // the worker tried, failed, and keeps the row (sealed: no temporary password in clear)
      await expect.poll(async () => (await t.db.select().from(outbox))[0]?.attempts ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(1)
      const [pending] = await t.db.select().from(outbox)
      expect(pending).toMatchObject({ kind: 'mail', doneAt: null })
      expect(pending!.lastError).toBeTruthy()
      expect(Object.keys(pending!.payload).sort()).toEqual(['companyId', 'sealed', 'to'])
      const back = await startMailCatcher({ port })
      try {
        await expect.poll(() => back.mails.length, { timeout: 10_000 }).toBe(1)
        expect(back.mails[0]!.to).toEqual(['posta@example.com'])
        const temp = tempOf(back.mails[0]!.text)
        expect((await login(agent(t.request), 'posta', temp)).body).toMatchObject({ passwordExpired: true })
        await expect.poll(async () => (await t.db.select().from(outbox))[0]!.doneAt).not.toBeNull()
        expect((await t.db.select().from(outbox))[0]!.payload).toEqual({})
      } finally {
        await back.close()
      }
    })
  })
})
