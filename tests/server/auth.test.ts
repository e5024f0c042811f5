import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, staffSession, companySetting } from '../../src/server/db/schema.ts'
import { hash } from '@node-rs/argon2'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'

describe.each(dbKinds())('staff sign-in and sessions on %s', (kind) => {
  let t: TestApp
  beforeEach(async () => { t = await createTestApp(kind, {}, { mail: true }) })
  afterEach(async () => { await t.close() })

  const login = (a: ReturnType<typeof agent>, username: string, password: string, rememberMe = false) =>
    a.post('/auth/login', { username, password, rememberMe })

  it('signs the seeded superadmin in: user, roles, timing and an HttpOnly SameSite=Strict cookie', async () => {
    const a = agent(t.request)
    const res = await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      passwordExpired: false,
      user: { username: 'admin', roles: ['ROLE_SUPERADMIN'], activeRole: 'ROLE_SUPERADMIN', mainRole: 'ROLE_SUPERADMIN' },
      timing: { throttleMs: 120000, inactiveMs: 600000, warningMs: 30000, logoutWaitMs: 1800000, lockExpiryS: 1800 },
    })
    const cookie = res.setCookies.find((c) => c.startsWith('ke_session='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const token = a.jar.get('ke_session')!
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
    expect(JSON.stringify(res.body)).not.toContain(token)
    // only the SHA-256 of the token is stored
    const rows = await t.db.select().from(staffSession)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('hashes passwords with argon2id m=19456 t=2 p=1 and re-hashes weaker hashes at login', async () => {
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, 'admin'))
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const weak = await hash(PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 })
    await createUser(t.db, { username: 'eski', password: PASSWORD, passwordHash: weak })
    expect((await login(agent(t.request), 'eski', PASSWORD)).status).toBe(200)
    const [after] = await t.db.select().from(appUser).where(eq(appUser.username, 'eski'))
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('answers wrong password, unknown user and locked account identically, locks at the maximum and mails the owner', async () => {
    await createUser(t.db, { username: 'zeynep', password: PASSWORD, email: 'zeynep@example.com' })
    const a = agent(t.request)
    const unknown = await login(a, 'kimse', PASSWORD)
    expect(unknown.status).toBe(401)
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await login(a, 'zeynep', 'yanlis-parola'))
    for (const r of answers) expect({ status: r.status, body: r.body }).toEqual({ status: unknown.status, body: unknown.body })
    expect(unknown.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Kullanıcı adı veya şifre hatalı' })
    // locked now: the right password gets the same answer
    const locked = await login(a, 'zeynep', PASSWORD)
    expect({ status: locked.status, body: locked.body }).toEqual({ status: unknown.status, body: unknown.body })
    const [row] = await t.db.select().from(appUser).where(eq(appUser.username, 'zeynep'))
    expect(row!.lockedAt).not.toBeNull()
    await expect.poll(() => t.mails.filter((m) => m.to.includes('zeynep@example.com')).length).toBe(1)
    const mail = t.mails.find((m) => m.to.includes('zeynep@example.com'))!
    expect(mail.subject).toBe('Hesabınız kilitlendi')
    expect(mail.text).toContain('5 hatalı giriş')
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.lockedOut'))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.requestId).toBeTruthy()
  })

  // That an unknown user, a wrong password and a locked account take the same time is measured in
  // tests/server/auth-timing.test.ts (within 10%, more strictly than the factor 2 once checked here),
  // in npm test's quiet 'timing' stage: beside three browser lanes a ratio of medians is noise
  // (a factor above 2 once in CI while the same check passed alone)

  it('resets the failure counter on success', async () => {
    await createUser(t.db, { username: 'ayse', password: PASSWORD })
    const a = agent(t.request)
    for (let i = 0; i < 4; i++) await login(a, 'ayse', 'yanlis')
    expect((await login(a, 'ayse', PASSWORD)).status).toBe(200)
    const [row] = await t.db.select().from(appUser).where(eq(appUser.username, 'ayse'))
    expect(row!.failedLogins).toBe(0)
  })

  it('takes the inactivity timing from the company preferences (minutes), overridden by the server configuration', async () => {
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, 'admin'))
    await t.db.insert(companySetting).values({
      companyId: admin!.companyId, category: 'preferences',
      data: { inactiveUserThresholdMinutes: 15, activityThrottleMinutes: 3, logoutWaitMinutes: 45, timeToLockMinutes: 1 },
    })
    const res = await login(agent(t.request), TEST_ADMIN.username, TEST_ADMIN.password)
    expect(res.body.timing).toEqual({ throttleMs: 180000, inactiveMs: 900000, warningMs: 60000, logoutWaitMs: 2700000, lockExpiryS: 1800 })
    const overridden = await createTestApp(kind, { timing: { inactiveMs: 4000, warningMs: 3000 } })
    try {
      await overridden.db.insert(companySetting).values({ companyId: admin!.companyId, category: 'preferences', data: { inactiveUserThresholdMinutes: 15 } })
      const r = await login(agent(overridden.request), TEST_ADMIN.username, TEST_ADMIN.password)
      expect(r.body.timing).toMatchObject({ inactiveMs: 4000, warningMs: 3000, throttleMs: 120000 })
    } finally {
      await overridden.close()
    }
  })

  it('checks session validity, and 401 without a session', async () => {
    const a = agent(t.request)
    expect((await a.post('/auth/checkSessionValidity')).body).toMatchObject({ code: 'UNAUTHORIZED' })
    await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    const res = await a.post('/auth/checkSessionValidity')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ user: { username: 'admin' }, lockedAt: null })
  })

  it('locks on the server: every call but unlock and logout gets 401 LOCKED; unlock issues a new session id', async () => {
    const a = agent(t.request)
    await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    const before = a.jar.get('ke_session')!
    const lock = await a.post('/auth/lockSession', { inactivetime: 630 })
    expect(lock.status).toBe(200)
    expect(typeof lock.body.at).toBe('number')
    expect((await a.get('/auth/permissions')).body).toMatchObject({ code: 'LOCKED' })
    expect((await a.post('/auth/switchRole', { role: 'ROLE_ADMIN' })).body).toMatchObject({ code: 'LOCKED' })
    // 401 LOCKED while locked (issue 9 item 9; it answered 200 with the user before), with when and the timing only
    const validity = await a.post('/auth/checkSessionValidity')
    expect(validity.status).toBe(401)
    expect(validity.body).toMatchObject({ code: 'LOCKED', lockedAt: lock.body.at, timing: { lockExpiryS: 1800 } })
    expect(validity.body).not.toHaveProperty('user')
    expect(JSON.stringify(validity.body)).not.toContain('ROLE_SUPERADMIN')
    t.clock.advance(60_000)
    const unlock = await a.post('/auth/unlockSession', { password: TEST_ADMIN.password })
    expect(unlock.status).toBe(200)
    const after = a.jar.get('ke_session')!
    expect(after).not.toBe(before)
    expect((await a.get('/auth/permissions')).status).toBe(200)
    // the old token is dead
    const old = agent(t.request)
    old.jar.set('ke_session', before)
    expect((await old.get('/auth/permissions')).status).toBe(401)
    const [session] = await t.db.select().from(staffSession)
    expect(session!.inactiveSeconds).toBe(630 + 60)
  })

  it('logs out on a failed unlock (spec 4)', async () => {
    const a = agent(t.request)
    await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    await a.post('/auth/lockSession', { inactivetime: 0 })
    const res = await a.post('/auth/unlockSession', { password: 'yanlis-parola' })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' })
    expect((await a.post('/auth/checkSessionValidity')).status).toBe(401)
  })

  it('refuses to unlock a session locked for more than 1800 s: the user is logged out', async () => {
    const a = agent(t.request)
    await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    await a.post('/auth/lockSession', { inactivetime: 0 })
    t.clock.advance(1_800_000)
    expect((await a.post('/auth/checkSessionValidity')).body).toMatchObject({ code: 'LOCKED' }) // exactly 1800 s: still locked, not expired (was 200 before issue 9 item 9)
    t.clock.advance(1_001)
    const res = await a.post('/auth/unlockSession', { password: TEST_ADMIN.password })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'LOCK_EXPIRED' })
    expect((await a.post('/auth/checkSessionValidity')).status).toBe(401)
  })

  it('locks an idle session on the server even if the browser never asked', async () => {
    const a = agent(t.request)
    const res = await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    const timing = res.body.timing as { inactiveMs: number; warningMs: number; throttleMs: number }
    t.clock.advance(timing.inactiveMs + timing.warningMs + timing.throttleMs - 1_000)
    expect((await a.post('/auth/activity')).status).toBe(200)
    t.clock.advance(timing.inactiveMs + timing.warningMs + timing.throttleMs + 1_000)
    expect((await a.get('/auth/permissions')).body).toMatchObject({ code: 'LOCKED' })
  })

  it('ends a session at its absolute lifetime however active', async () => {
    const short = await createTestApp(kind, { sessionAbsoluteMs: 30 * 60_000 }, { clock: t.clock })
    try {
      const a = agent(short.request)
      await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
      for (let i = 0; i < 5; i++) {
        t.clock.advance(5 * 60_000)
        expect((await a.post('/auth/activity')).status).toBe(200)
      }
      t.clock.advance(5 * 60_000 + 1)
      expect((await a.post('/auth/activity')).body).toMatchObject({ code: 'SESSION_EXPIRED' })
    } finally {
      await short.close()
    }
  })

  it('logs out: records the inactive time, clears the cookie, and a replayed token gets 401', async () => {
    const a = agent(t.request)
    await login(a, TEST_ADMIN.username, TEST_ADMIN.password)
    const token = a.jar.get('ke_session')!
    const res = await a.post('/auth/logout', { inactivetime: 42 })
    expect(res.status).toBe(200)
    expect(res.setCookies.some((c) => /^ke_session=;/.test(c) || /Max-Age=0/.test(c))).toBe(true)
    const [session] = await t.db.select().from(staffSession)
    expect(session).toMatchObject({ endReason: 'logout', inactiveSeconds: 42 })
    const replay = agent(t.request)
    replay.jar.set('ke_session', token)
    expect((await replay.post('/auth/checkSessionValidity')).status).toBe(401)
    // logging out again, or without a session, is harmless
    expect((await agent(t.request).post('/auth/logout', {})).status).toBe(200)
  })

  it('refuses state-changing calls without the spec\'s custom headers (cross-site forms cannot set them)', async () => {
    const res = await t.request('/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN.password }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'MISSING_HEADER' })
  })

  it.each([
    [{ username: 'admin' }],
    [{ username: 'admin', password: 'x', extra: true }],
    [{ username: '', password: 'x' }],
    [{ username: 'admin', password: 'x'.repeat(129) }],
    [{ username: 5, password: 'x' }],
  ])('refuses a malformed login %j with 400', async (body) => {
    const res = await agent(t.request).post('/auth/login', body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION' })
  })

  it('switches the active role among the user\'s own roles only, and re-fetches permissions', async () => {
    await createUser(t.db, { username: 'mehmet', password: PASSWORD, roles: ['ROLE_ADMIN', 'ROLE_USER'] })
    const a = agent(t.request)
    const res = await login(a, 'mehmet', PASSWORD)
    expect(res.body).toMatchObject({ user: { activeRole: 'ROLE_ADMIN', roles: ['ROLE_ADMIN', 'ROLE_USER'] } })
    const sw = await a.post('/auth/switchRole', { role: 'ROLE_USER' })
    expect(sw.status).toBe(200)
    expect(sw.body).toMatchObject({ activeRole: 'ROLE_USER' })
    expect((await a.get('/auth/permissions')).body).toMatchObject({ role: 'ROLE_USER' })
    expect((await a.post('/auth/switchRole', { role: 'ROLE_SUPERADMIN' })).body).toMatchObject({ code: 'FORBIDDEN' })
  })

  describe('expired and forgotten passwords', () => {
    it('forces the change of an expired password, under the company policy and history', async () => {
      const user = await createUser(t.db, { username: 'elif', password: PASSWORD })
      await t.db.update(appUser).set({ passwordChangedAt: new Date(t.clock.now().getTime() - 91 * 86_400_000) }).where(eq(appUser.id, user.id))
      const a = agent(t.request)
      const res = await login(a, 'elif', PASSWORD)
      expect(res.body).toEqual({ passwordExpired: true, reason: 'expired', username: 'elif', policy: { minLength: 12, complexity: 'veryComplex' } })
      expect(a.jar.size).toBe(0) // no session until the password is changed
      const change = (oldPassword: string, newPassword: string) => a.post('/auth/changeExpiredPassword', { username: 'elif', oldPassword, newPassword })
      expect((await change('yanlis', NEW_PASSWORD)).body).toMatchObject({ code: 'INVALID_CREDENTIALS' })
      const weak = await change(PASSWORD, 'kisa')
      expect(weak.status).toBe(400)
      expect(weak.body).toMatchObject({ code: 'PASSWORD_POLICY' })
      expect((weak.body.issues as Array<{ code: string }>).map((i) => i.code)).toEqual(expect.arrayContaining(['tooShort', 'needsUpper', 'needsDigit', 'needsSpecial']))
      expect((await change(PASSWORD, PASSWORD)).body).toMatchObject({ code: 'PASSWORD_REUSED' })
      expect((await change(PASSWORD, 'Elif-Sifre-2026!x')).body).toMatchObject({ code: 'PASSWORD_POLICY' }) // contains the username
      expect((await change(PASSWORD, NEW_PASSWORD)).status).toBe(200)
      expect((await login(a, 'elif', PASSWORD)).status).toBe(401)
      const ok = await login(a, 'elif', NEW_PASSWORD)
      expect(ok.body).toMatchObject({ passwordExpired: false })
      // the previous password is in the history now
      await t.db.update(appUser).set({ mustChangePassword: true }).where(eq(appUser.id, user.id))
      expect((await change(NEW_PASSWORD, PASSWORD)).body).toMatchObject({ code: 'PASSWORD_REUSED' })
    })

    it('sends a temporary password: same answer for any address, valid 30 minutes, single use, forces a change', async () => {
      await createUser(t.db, { username: 'can', password: PASSWORD, email: 'can@example.com' })
      const a = agent(t.request)
      const known = await a.post('/auth/forgotPassword', { email: 'Can@Example.com' })
      const unknown = await a.post('/auth/forgotPassword', { email: 'nobody@example.com' })
      expect(known.status).toBe(202)
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body })
      await expect.poll(() => t.mails.length, { timeout: 10_000 }).toBe(1)
      expect(t.mails[0]!.to).toEqual(['can@example.com'])
      expect(t.mails[0]!.subject).toBe('Geçici şifreniz')
      const temp = /Geçici şifreniz: (\S+)/.exec(t.mails[0]!.text)![1]!
      // the current password keeps working until the temporary one is used
      expect((await login(a, 'can', PASSWORD)).body).toMatchObject({ passwordExpired: false })
      const withTemp = await login(agent(t.request), 'can', temp)
      expect(withTemp.body).toMatchObject({ passwordExpired: true, username: 'can' })
      expect((await login(agent(t.request), 'can', PASSWORD)).status).toBe(401) // replaced now
      const b = agent(t.request)
      expect((await b.post('/auth/changeExpiredPassword', { username: 'can', oldPassword: temp, newPassword: NEW_PASSWORD })).status).toBe(200)
      expect((await login(b, 'can', NEW_PASSWORD)).body).toMatchObject({ passwordExpired: false })
      expect((await login(b, 'can', temp)).status).toBe(401) // single use
    })

    it('lets a temporary password expire after 30 minutes', async () => {
      await createUser(t.db, { username: 'deniz', password: PASSWORD, email: 'deniz@example.com' })
      const a = agent(t.request)
      await a.post('/auth/forgotPassword', { email: 'deniz@example.com' })
      await expect.poll(() => t.mails.length).toBe(1)
      const temp = /: (\S+)\n/.exec(t.mails[0]!.text)![1]!
      t.clock.advance(30 * 60_000 + 1)
      expect((await login(a, 'deniz', temp)).status).toBe(401)
      expect((await login(a, 'deniz', PASSWORD)).status).toBe(200)
    })

    it('treats the other account as compromised when "unique among users" finds a collision', async () => {
      const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, 'admin'))
      await t.db.insert(companySetting).values({ companyId: admin!.companyId, category: 'security', data: { uniqueAmongUsers: true } })
      const other = await createUser(t.db, { username: 'baska', password: NEW_PASSWORD, email: 'baska@example.com' })
      await createUser(t.db, { username: 'burak', password: PASSWORD })
      await t.db.update(appUser).set({ mustChangePassword: true }).where(eq(appUser.username, 'burak'))
      const a = agent(t.request)
      const res = await a.post('/auth/changeExpiredPassword', { username: 'burak', oldPassword: PASSWORD, newPassword: NEW_PASSWORD })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'PASSWORD_POLICY' })
      expect((await login(agent(t.request), 'baska', NEW_PASSWORD)).status).toBe(401)
      await expect.poll(() => t.mails.filter((m) => m.to.includes('baska@example.com')).length).toBe(1)
      const [row] = await t.db.select().from(appUser).where(eq(appUser.id, other.id))
      expect(row!.mustChangePassword).toBe(true)
    })
  })
})
