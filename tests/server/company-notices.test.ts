import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const NEW_PASSWORD = 'Yepyeni-Parola-2027?'

/** Issue 12: the notification flags are honoured, and preference changes reach signed-in sessions. */
describe.each(dbKinds())('company notification flags on %s', (kind) => {
  let t: TestApp
  let admin: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    // several lockouts from one test client: the per-address limit would answer 429 first
    t = await createTestApp(kind, { loginFailuresPerIp: 100 }, { mail: true })
    admin = agent(t.request)
    const res = await admin.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
  })
  afterEach(async () => { await t.close() })

  async function setFlags(flags: { internalNotification: boolean; emailNotification: boolean }) {
    const current = (await admin.get(`/company/settings/${companyId}?category=notification`)).body.notification as { version: number }
    const saved = await admin.put('/company/settings/notification', { version: current.version, ...flags })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  }
  const mailsTo = (to: string, subject?: string) => t.mails.filter((m) => m.to.includes(to) && (subject === undefined || m.subject === subject))
  async function lockOut(username: string) {
    const a = agent(t.request)
    for (let i = 0; i < 5; i++) await a.post('/auth/login', { username, password: 'yanlis-parola' })
  }
  async function changeOwnPassword(username: string) {
    const a = agent(t.request)
    expect((await a.post('/auth/login', { username, password: PASSWORD })).status).toBe(200)
    const changed = await a.post('/profile/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    return a
  }

  it('sends the lockout, password-changed and re-activation notices only with e-mail notifications on; forgot-password always', async () => {
    await createUser(t.db, { username: 'acik', password: PASSWORD, email: 'acik@example.com' })
    await createUser(t.db, { username: 'kapali', password: PASSWORD, email: 'kapali@example.com' })
    await createUser(t.db, { username: 'degisen', password: PASSWORD, email: 'degisen@example.com' })
    await createUser(t.db, { username: 'sessiz', password: PASSWORD, email: 'sessiz@example.com' })

    // on (the default): lockout and password-changed notices are mailed
    await lockOut('acik')
    await changeOwnPassword('degisen')
    await expect.poll(() => mailsTo('acik@example.com', 'Hesabınız kilitlendi').length).toBe(1)
    await expect.poll(() => mailsTo('degisen@example.com', 'Şifreniz değiştirildi').length).toBe(1)
    expect(mailsTo('degisen@example.com')[0]!.text).toContain('Diğer oturumlarınız kapatıldı')

    await setFlags({ internalNotification: true, emailNotification: false })
    await lockOut('kapali')
    await changeOwnPassword('sessiz')
    const kapaliId = ((await admin.get('/tasks')).body.lockedAccounts as { id: string; username: string }[]).find((u) => u.username === 'kapali')!.id
    expect((await admin.post(`/user/${kapaliId}/reactivate`, {})).status).toBe(200)
    // forgot-password is asked for by the user: always sent; the outbox sends in order, so the notices would have come first
    expect((await agent(t.request).post('/auth/forgotPassword', { email: 'kapali@example.com' })).status).toBe(202)
    await expect.poll(() => mailsTo('kapali@example.com', 'Geçici şifreniz').length, { timeout: 10_000 }).toBe(1)
    expect(mailsTo('kapali@example.com').map((m) => m.subject)).toEqual(['Geçici şifreniz'])
    expect(mailsTo('sessiz@example.com')).toEqual([])

    // on again: the notices come back
    await setFlags({ internalNotification: true, emailNotification: true })
    await lockOut('sessiz')
    await expect.poll(() => mailsTo('sessiz@example.com', 'Hesabınız kilitlendi').length).toBe(1)
  })

  it('shows internal notices on the tasks page only with internal notifications on', async () => {
    await createUser(t.db, { username: 'kilitli', password: PASSWORD })
    await createUser(t.db, { username: 'mehmet', password: PASSWORD })
    await lockOut('kilitli')
    const mehmet = await changeOwnPassword('mehmet')
    const current = (await admin.get(`/company/settings/${companyId}?category=security`)).body.security as Record<string, unknown>
    const stricter = { version: current.version, complexity: 'veryComplex', uniqueAmongUsers: false, minLength: 20, expiryDays: 90, historyCount: 4, maxFailedLogins: 5, expiryWarningDays: 14, addressFailureLimit: 10, addressWindowMinutes: 15, currentPassword: TEST_ADMIN.password }
    const saved = await admin.put('/company/settings/security', stricter)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    type Notice = { kind: string; username: string | null; own: boolean; affected: number | null }
    const adminNotices = (await admin.get('/tasks')).body.notices as Notice[]
    expect(adminNotices).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'accountLocked', username: 'kilitli', own: false }),
      expect.objectContaining({ kind: 'policyForcedChange', affected: saved.body.affected }),
    ]))
    expect(adminNotices.some((n) => n.kind === 'passwordChanged')).toBe(false) // another user's change is theirs
    const own = (await mehmet.get('/tasks')).body.notices as Notice[]
    expect(own).toEqual([expect.objectContaining({ kind: 'passwordChanged', username: 'mehmet', own: true })])

    await setFlags({ internalNotification: false, emailNotification: true })
    expect((await admin.get('/tasks')).body.notices).toEqual([])
    expect((await mehmet.get('/tasks')).body.notices).toEqual([])
    // the locked account itself stays a task to act on
    expect(((await admin.get('/tasks')).body.lockedAccounts as { username: string }[]).map((u) => u.username)).toContain('kilitli')
  })

  it('answers each activity report with the current timing, so a preferences change reaches signed-in sessions', async () => {
    const first = await admin.post('/auth/activity', {})
    expect(first.body).toMatchObject({ ok: true, timing: { inactiveMs: 600_000, warningMs: 30_000 } })
    const prefs = (await admin.get(`/company/settings/${companyId}?category=preferences`)).body.preferences as { version: number }
    const saved = await admin.put('/company/settings/preferences', {
      version: prefs.version, defaultCurrency: 'TRY', language: 'tr', timeZone: 'Europe/Istanbul',
      inactiveUserThresholdMinutes: 1, activityThrottleMinutes: 0.25, timeToLockMinutes: 0.25, logoutWaitMinutes: 1,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const next = await admin.post('/auth/activity', {})
    expect(next.body.timing).toMatchObject({ inactiveMs: 60_000, throttleMs: 15_000, warningMs: 15_000, logoutWaitMs: 60_000 })
  })
})
