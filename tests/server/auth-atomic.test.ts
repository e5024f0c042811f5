import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, passwordHistory, staffSession, tempPassword } from '../../src/server/db/schema.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { auditRefusal } from '../support/refuse-audit.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'

/**
 * Issue 26 item 3: the temporary-password sign-in and the password change write several rows; each
 * is one transaction. The database refuses the last statement (the audit entry) and nothing of the
 * change may remain. On both engines: transactions are what differs between PGlite and PostgreSQL.
 */
describe.each(dbKinds())('password writes are all or nothing on %s', (kind) => {
  let t: TestApp
  beforeEach(async () => { t = await createTestApp(kind, {}, { mail: true }) })
  afterEach(async () => {
    // the test database is reused by the next test: the refusal must not outlive this one
    await dropRefusal()
    await t.close()
  })

  const { refuse: refuseAudit, allow: allowAudit, drop: dropRefusal } = auditRefusal(() => t)

  /** What a password write touches, for one user. */
  async function state(userId: string) {
    const [user] = await t.db.select().from(appUser).where(eq(appUser.id, userId))
    return {
      hash: user!.passwordHash, mustChange: user!.mustChangePassword, lockedAt: user!.lockedAt, failedLogins: user!.failedLogins,
      history: (await t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).length,
      temps: (await t.db.select().from(tempPassword).where(eq(tempPassword.userId, userId))).map((r) => ({ used: !!r.usedAt, voided: !!r.voidedAt })),
      liveSessions: (await t.db.select().from(staffSession).where(eq(staffSession.userId, userId))).filter((s) => !s.endedAt).length,
    }
  }

  async function temporaryPassword(email: string): Promise<string> {
    const before = t.mails.length
    expect((await agent(t.request).post('/auth/forgotPassword', { email })).status).toBe(202)
    await expect.poll(() => t.mails.length, { timeout: 10_000 }).toBe(before + 1)
    return /Geçici şifreniz: (\S+)/.exec(t.mails.at(-1)!.text)![1]!
  }

  it('a temporary-password sign-in whose last statement fails leaves the password, the history, the lock and the sessions as they were', async () => {
    const user = await createUser(t.db, { username: 'can', password: PASSWORD, email: 'can@example.com' })
    // a live session that the sign-in would end, and a lock it would lift
    expect((await agent(t.request).post('/auth/login', { username: 'can', password: PASSWORD })).status).toBe(200)
    const temp = await temporaryPassword('can@example.com')
    await t.db.update(appUser).set({ lockedAt: new Date(), failedLogins: 5 }).where(eq(appUser.id, user.id))
    const before = await state(user.id)
    expect(before).toMatchObject({ liveSessions: 1, temps: [{ used: false, voided: false }] })

    await refuseAudit('auth.login.passwordExpired')
    const refused = await agent(t.request).post('/auth/login', { username: 'can', password: temp })
    expect(refused.status).toBe(500)
    // the attempt itself is counted before the password is checked (sign-in-failures.ts), apart from the write
    expect(await state(user.id)).toEqual({ ...before, failedLogins: before.failedLogins + 1 })
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.reactivated'))).toEqual([])

    // the temporary password was not spent: once the entry can be written, it signs in and does it all
    await allowAudit()
    const ok = await agent(t.request).post('/auth/login', { username: 'can', password: temp })
    expect(ok.body).toMatchObject({ passwordExpired: true, reason: 'temporary' })
    expect(await state(user.id)).toMatchObject({ mustChange: true, lockedAt: null, failedLogins: 0, history: before.history + 1, liveSessions: 0, temps: [{ used: true, voided: false }] })
    expect((await state(user.id)).hash).not.toBe(before.hash)
  })

  it('parallel sign-ins with one temporary password: one redeems it, with one history row and one entry; the rest are refused', async () => {
    const user = await createUser(t.db, { username: 'mert', password: PASSWORD, email: 'mert@example.com' })
    const temp = await temporaryPassword('mert@example.com')
    const before = await state(user.id)
    const answers = await Promise.all(Array.from({ length: 6 }, () => agent(t.request).post('/auth/login', { username: 'mert', password: temp })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401])
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ passwordExpired: true, reason: 'temporary' })
    expect(await state(user.id)).toMatchObject({ mustChange: true, history: before.history + 1, temps: [{ used: true, voided: false }] })
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.passwordExpired'))
    expect(entries.filter((e) => e.target === user.id)).toHaveLength(1)
  })

  it('a lockout whose audit entry fails leaves the account unlocked with its sessions; the next failure locks it and ends them together', async () => {
    const user = await createUser(t.db, { username: 'ece', password: PASSWORD, email: 'ece@example.com' })
    expect((await agent(t.request).post('/auth/login', { username: 'ece', password: PASSWORD })).status).toBe(200)
    // one failure short of the company's maximum: the next wrong password locks the account
    await t.db.update(appUser).set({ failedLogins: 5 }).where(eq(appUser.id, user.id))
    await refuseAudit('user.lockedOut')
    expect((await agent(t.request).post('/auth/login', { username: 'ece', password: 'Yanlış-Parola-1!' })).status).toBe(500)
    expect(await state(user.id)).toMatchObject({ lockedAt: null, liveSessions: 1 })
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.lockedOut'))).toEqual([])

    await allowAudit()
    expect((await agent(t.request).post('/auth/login', { username: 'ece', password: 'Yanlış-Parola-1!' })).status).toBe(401)
    const after = await state(user.id)
    expect(after.lockedAt).not.toBeNull()
    expect(after.liveSessions).toBe(0)
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.lockedOut'))).toHaveLength(1)
  })

  it('a password change whose last statement fails keeps the old password, its history and the other sessions', async () => {
    const user = await createUser(t.db, { username: 'deniz', password: PASSWORD, email: 'deniz@example.com' })
    const a = agent(t.request)
    expect((await a.post('/auth/login', { username: 'deniz', password: PASSWORD })).status).toBe(200)
    expect((await agent(t.request).post('/auth/login', { username: 'deniz', password: PASSWORD })).status).toBe(200)
    await temporaryPassword('deniz@example.com')
    const before = await state(user.id)
    expect(before).toMatchObject({ liveSessions: 2, temps: [{ used: false, voided: false }] })

    await refuseAudit('user.passwordChanged')
    const refused = await a.post('/profile/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expect(refused.status).toBe(500)
    expect(await state(user.id)).toEqual(before)
    expect((await agent(t.request).post('/auth/login', { username: 'deniz', password: PASSWORD })).status).toBe(200)

    await allowAudit()
    expect((await a.post('/profile/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200)
    expect(await state(user.id)).toMatchObject({ history: before.history + 1, temps: [{ used: false, voided: true }], liveSessions: 1 })
  })
})
