import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, company } from '../../src/server/db/schema.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/** Issue 25 item 4: per-user help for locked and forgetful staff (parallel writes: PGlite and PostgreSQL). */
const PASSWORD = 'Güçlü-Parola-2026!'
const tckn = (nine: string) => nine + tcknCheckDigits(nine)

describe.each(dbKinds())('per-user help (issue 25 item 4) on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: true })
    a = agent(t.request)
    expect((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
  })
  afterEach(async () => { await t.close() })
  const lockOut = async (username: string) => {
    for (let i = 0; i < 6; i++) await agent(t.request).post('/auth/login', { username, password: 'yanlis-parola-1' })
    expect((await t.db.select().from(appUser).where(eq(appUser.username, username)))[0]!.lockedAt).not.toBeNull()
  }

  it('a locked or suspended user with the right password is told to ask the administrator; a wrong password answers as for an unknown name', async () => {
    const known = await createUser(t.db, { username: 'bilinen', password: PASSWORD })
    await createUser(t.db, { username: 'yabanci', password: PASSWORD })
    // "bilinen" signed in here before (the address is trusted); "yabanci" never did
    expect((await agent(t.request).post('/auth/login', { username: 'bilinen', password: PASSWORD })).status).toBe(200)
    await lockOut('bilinen')
    await lockOut('yabanci')
    const right = await agent(t.request).post('/auth/login', { username: 'bilinen', password: PASSWORD })
    expect(right.status).toBe(403)
    expect(right.body).toMatchObject({ code: 'ACCOUNT_LOCKED' })
    expect(String(right.body.message)).toContain('yöneticinize başvurun')
    const unknown = await agent(t.request).post('/auth/login', { username: 'hic-yok', password: PASSWORD })
    const wrong = await agent(t.request).post('/auth/login', { username: 'bilinen', password: 'yanlis-parola-2' })
    const strange = await agent(t.request).post('/auth/login', { username: 'yabanci', password: PASSWORD })
    for (const r of [wrong, strange]) {
      expect(r.status).toBe(unknown.status)
      expect({ ...r.body, requestId: null }).toEqual({ ...unknown.body, requestId: null })
    }
    // unlocked by the administrator: the right password signs in again
    expect((await a.post(`/user/${known.id}/reactivate`)).status).toBe(200)
    expect((await a.post(`/user/${known.id}/status`, { status: 'suspended' })).status).toBe(200)
    const suspended = await agent(t.request).post('/auth/login', { username: 'bilinen', password: PASSWORD }, { locale: 'en' })
    expect(suspended.status).toBe(403)
    expect(suspended.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended. Please contact your administrator.' })
  })

  it('"Geçici şifre gönder": one transaction of the temporary password, its queued mail and the audit entry; the sign-in asks for a new password as "temporary"; the page lists sign-ins and failures', async () => {
    const u = await createUser(t.db, { username: 'unutkan', password: PASSWORD })
    await agent(t.request).post('/auth/login', { username: 'unutkan', password: 'yanlis-parola-1' })
    t.clock.advance(60_000)
    const sent = await a.post(`/user/${u.id}/temporaryPassword`)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body).toMatchObject({ email: 'unutkan@example.com', queued: true })
    let temp = ''
    await expect.poll(() => {
      temp = /(\S{16,})/.exec(t.mails.find((m) => m.to.includes('unutkan@example.com'))?.text ?? '')?.[1] ?? ''
      return temp.length
    }, { timeout: 10_000 }).toBeGreaterThan(15)
    t.clock.advance(60_000)
    const first = await agent(t.request).post('/auth/login', { username: 'unutkan', password: temp })
    expect(first.body).toMatchObject({ passwordExpired: true, reason: 'temporary' })
    const history = await a.get(`/user/${u.id}/signins`)
    expect(history.status).toBe(200)
    const actions = (history.body.events as Array<{ action: string; by: string | null }>).map((e) => e.action)
    expect(actions).toEqual(['auth.login.passwordExpired', 'user.temporaryPasswordSent', 'auth.login.failed'])
    expect((history.body.events as Array<{ by: string | null }>)[1]!.by).toBe(TEST_ADMIN.username)
    // an administrator cannot reach a superadmin (issue 28's rule, the same as other user writes)
    await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    const other = agent(t.request)
    await other.post('/auth/login', { username: 'yonetici', password: PASSWORD })
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
    const refused = await other.post(`/user/${admin!.id}/temporaryPassword`)
    expect(refused.status).toBe(403)
    expect((await other.get(`/user/${u.id}/signins`)).status).toBe(200)
    // a suspended user gets none, nothing is written
    const before = (await t.db.select().from(auditLog)).length
    await a.post(`/user/${u.id}/status`, { status: 'suspended' })
    const none = await a.post(`/user/${u.id}/temporaryPassword`)
    expect(none.status).toBe(409)
    expect(none.body.code).toBe('USER_NOT_ACTIVE')
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.temporaryPasswordSent'))).length).toBe(1)
    expect((await t.db.select().from(auditLog)).length).toBe(before + 1) // the suspension only
  })

  it('"Kilidi aç" in parallel: one unlock, one "not locked"; audited once', async () => {
    const u = await createUser(t.db, { username: 'kilitli', password: PASSWORD })
    await lockOut('kilitli')
    const b = agent(t.request, a.jar)
    const answers = await Promise.all([a.post(`/user/${u.id}/reactivate`), b.post(`/user/${u.id}/reactivate`)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.reactivated'))).length).toBe(1)
    expect((await t.db.select().from(appUser).where(eq(appUser.id, u.id)))[0]).toMatchObject({ lockedAt: null, failedLogins: 0 })
  })
})
