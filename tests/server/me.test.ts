import { and, eq, isNull } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { toRolePermissions } from '../../src/domain/permission-catalogue.ts'
import { appUser, company, role, staffSession, userGroup, userRole } from '../../src/server/db/schema.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { setRolePermissions } from '../../src/server/services/sessions.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'
const DAY = 86_400_000
/** The bundle these tests give ROLE_ADMIN (ROLE_USER keeps none of them). */
const ADMIN_PERMISSIONS = ['dashboard:read', 'user:read', 'user:update', 'role:read']
/** ...and ROLE_USER only its own profile, so that the refusals are tested whatever the seeded bundles. */
const USER_PERMISSIONS = ['profile:read', 'profile:update']

describe.each(dbKinds())('top-menu endpoints (profile, tasks, password, dashboard, search) on %s', (kind) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(kind)
    await t.db.update(role).set({ permissions: toRolePermissions(ADMIN_PERMISSIONS) }).where(eq(role.name, 'ROLE_ADMIN'))
    await t.db.update(role).set({ permissions: toRolePermissions(USER_PERMISSIONS) }).where(eq(role.name, 'ROLE_USER'))
    await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN', 'ROLE_USER'] })
    await createUser(t.db, { username: 'calisan', password: PASSWORD, roles: ['ROLE_USER'], email: 'calisan.kisi@example.com' })
    // passwords changed "now" on the test clock
    await t.db.update(appUser).set({ passwordChangedAt: t.clock.now() })
  })
  afterEach(async () => { await t.close() })

  async function signIn(username: string) {
    const a = agent(t.request)
    const res = await a.post('/auth/login', { username, password: PASSWORD })
    expect(res.status).toBe(200)
    return a
  }

  it('refuses every endpoint without a session, in the request language', async () => {
    const a = agent(t.request)
    for (const path of ['/profile', '/profile/company', '/tasks', '/dashboard', '/search?q=ca']) {
      const res = await a.get(path, { locale: 'en' })
      expect(res.status, path).toBe(401)
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'You are not signed in, please sign in again' })
    }
    expect((await a.post('/profile/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401)
  })

  it('profile: the own details, roles and password expiry, never the hash', async () => {
    const a = await signIn('calisan')
    const res = await a.get('/profile')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      username: 'calisan', email: 'calisan.kisi@example.com', activeRole: 'ROLE_USER',
      roles: [{ name: 'ROLE_USER', isMain: true, isDefault: true, validUntil: null }],
      password: { daysLeft: 90, warn: false },
      policy: { minLength: 12, complexity: 'veryComplex' },
    })
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/)
  })

  it('profile/company: the own company\'s language, time zone and currency, for any signed-in role', async () => {
    const a = await signIn('calisan')
    // with the person's own language (none yet) and whether the browser's may come before the company's (issue 25 item 5),
    // and the company's name (the org chart's root, issue 25 item 10)
    expect((await a.get('/profile/company')).body).toEqual({ name: 'Katılım Emeklilik ve Hayat A.Ş.', language: 'tr', timeZone: 'Europe/Istanbul', defaultCurrency: 'LANGUAGE', personalLanguage: null, browserLanguage: true })
    await t.db.update(company).set({ language: 'en', timeZone: 'Europe/Berlin', defaultCurrency: 'USD' })
    expect((await a.get('/profile/company')).body).toEqual({ name: 'Katılım Emeklilik ve Hayat A.Ş.', language: 'en', timeZone: 'Europe/Berlin', defaultCurrency: 'USD', personalLanguage: null, browserLanguage: true })
  })

  it('dashboard: allowed with dashboard:read, refused (403) for a role without it', async () => {
    expect((await (await signIn('calisan')).get('/dashboard')).status).toBe(403)
    const a = await signIn('yonetici')
    // a lockout of a colleague: five wrong passwords
    for (let i = 0; i < 5; i++) await agent(t.request).post('/auth/login', { username: 'calisan', password: 'yanlis-parola-1' })
    const [u] = await t.db.select().from(appUser).where(eq(appUser.username, 'calisan'))
    const [r] = await t.db.select().from(role).where(eq(role.name, 'ROLE_ADMIN'))
    await t.db.update(userRole).set({ validUntil: new Date(t.clock.now().getTime() + 3 * DAY) }).where(and(eq(userRole.userId, u!.id)))
    await t.db.insert(userRole).values({ userId: u!.id, roleId: r!.id, validUntil: new Date(t.clock.now().getTime() + 30 * DAY) })
    const res = await a.get('/dashboard')
    expect(res.status).toBe(200)
    const body = res.body as { usersByStatus: Record<string, number>; sessions: { active: number }; daily: { day: string; signIns: number; lockouts: number }[]; expiringRoles: { username: string; role: string }[] }
    expect(body.usersByStatus.locked).toBe(1)
    expect(body.usersByStatus.active).toBeGreaterThanOrEqual(2)
    expect(body.sessions.active).toBe(1) // the locked colleague's session ended with the lockout
    expect(body.daily).toHaveLength(7)
    expect(body.daily.at(-1)).toEqual({ day: '2026-03-02', signIns: 2, lockouts: 1 })
    expect(body.daily[0]!.day).toBe('2026-02-24')
    // only the assignment within 14 days
    expect(body.expiringRoles).toEqual([expect.objectContaining({ username: 'calisan', role: 'ROLE_USER' })])
    // the period: the last 30 days on request; another period is the client's mistake (400, never 5xx)
    const month = (await a.get('/dashboard?days=30')).body as typeof body
    expect(month.daily).toHaveLength(30)
    expect(month.daily[0]!.day).toBe('2026-02-01')
    expect(month.daily.at(-1)).toEqual({ day: '2026-03-02', signIns: 2, lockouts: 1 })
    expect((await a.get('/dashboard?days=7')).body).toMatchObject({ daily: body.daily })
    for (const bad of ['days=31', 'days=abc', 'days=7&days=30', 'period=7']) {
      const refused = await a.get(`/dashboard?${bad}`, { locale: 'en' })
      expect(refused.status, bad).toBe(400)
      expect(refused.body).toMatchObject({ code: 'VALIDATION' })
    }
  })

  it('search: only what the active role may read; refused for a role that reads no users, groups or roles', async () => {
    const user = await signIn('calisan')
    expect((await user.get('/search?q=ca')).status).toBe(403)
    const a = await signIn('yonetici')
    const res = await a.get('/search?q=CALISAN.kisi')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ users: [{ username: 'calisan' }], groups: [], roles: [] })
    expect((await a.get('/search?q=role_ad')).body).toMatchObject({ users: [], roles: [{ name: 'ROLE_ADMIN' }] })
    // groups only with group:read
    const [co] = await t.db.select({ id: appUser.companyId }).from(appUser).where(eq(appUser.username, 'calisan'))
    await t.db.insert(userGroup).values({ companyId: co!.id, name: 'Satış Ekibi', level: 'team' })
    expect((await a.get('/search?q=sat')).body).toMatchObject({ groups: [] })
    const [adminRole] = await t.db.select().from(role).where(eq(role.name, 'ROLE_ADMIN'))
    await setRolePermissions(t.db, adminRole!.id, [...ADMIN_PERMISSIONS, 'group:read'])
    expect((await a.get('/search?q=EKIB')).body).toMatchObject({ groups: [{ name: 'Satış Ekibi', level: 'team' }] })
    // % and _ are literal
    expect((await a.get('/search?q=%25%25')).body).toMatchObject({ users: [], roles: [] })
    // without role:read, roles are not searched
    await setRolePermissions(t.db, adminRole!.id, ['user:read'])
    expect((await a.get('/search?q=role')).body).toMatchObject({ roles: [] })
    // bad input is a 400 in the request language, never a 5xx
    const bad = await a.get('/search?q=x', { locale: 'ru' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'VALIDATION' })
    expect((await a.get('/search?q=ab&extra=1')).status).toBe(400)
  })

  it('tasks: locked accounts for a role with user:update only; the own expiring role and password', async () => {
    for (let i = 0; i < 5; i++) await agent(t.request).post('/auth/login', { username: 'calisan', password: 'yanlis-parola-1' })
    const admin = await signIn('yonetici')
    const tasks = await admin.get('/tasks')
    expect(tasks.status).toBe(200)
    expect(tasks.body).toMatchObject({ lockedAccounts: [{ username: 'calisan', failedLogins: 5 }], password: null })
    // the same user under ROLE_USER does not review accounts
    expect((await admin.post('/auth/switchRole', { role: 'ROLE_USER' })).status).toBe(200)
    expect((await admin.get('/tasks')).body).toMatchObject({ lockedAccounts: [] })

    const [me] = await t.db.select().from(appUser).where(eq(appUser.username, 'yonetici'))
    await t.db.update(appUser).set({ passwordChangedAt: new Date(t.clock.now().getTime() - 80 * DAY) }).where(eq(appUser.id, me!.id))
    await t.db.update(userRole).set({ validUntil: new Date(t.clock.now().getTime() + 5 * DAY) }).where(and(eq(userRole.userId, me!.id), eq(userRole.isMain, false)))
    const own = (await admin.get('/tasks')).body as { password: { daysLeft: number; warn: boolean }; expiringRoles: { role: string; own: boolean }[] }
    expect(own.password).toMatchObject({ daysLeft: 10, warn: true })
    expect(own.expiringRoles).toEqual([expect.objectContaining({ role: 'ROLE_USER', own: true })])
  })

  it('change password while signed in: this session stays, the other sessions end; spec 5 refusals', async () => {
    const here = await signIn('calisan')
    const elsewhere = await signIn('calisan')
    const wrong = await here.post('/profile/password', { oldPassword: 'yanlis', newPassword: NEW_PASSWORD }, { locale: 'en' })
    expect(wrong).toMatchObject({ status: 400, body: { code: 'WRONG_PASSWORD', message: 'Your current password is incorrect' } })
    expect((await here.post('/profile/password', { oldPassword: PASSWORD, newPassword: 'kisa' })).body).toMatchObject({ code: 'PASSWORD_POLICY' })
    expect((await here.post('/profile/password', { oldPassword: PASSWORD, newPassword: PASSWORD })).body).toMatchObject({ code: 'PASSWORD_REUSED' })
    expect((await here.post('/profile/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, role: 'x' })).status).toBe(400)
    // the spec's custom header is required (cross-site forms cannot send it)
    const noHeader = await t.request('/profile/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...here.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    })
    expect(noHeader.status).toBe(403)
    expect((await here.post('/profile/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200)

    expect((await here.get('/profile')).status).toBe(200)
    expect((await elsewhere.get('/profile')).status).toBe(401)
    const [u] = await t.db.select().from(appUser).where(eq(appUser.username, 'calisan'))
    const open = await t.db.select().from(staffSession).where(and(eq(staffSession.userId, u!.id), isNull(staffSession.endedAt)))
    expect(open).toHaveLength(1)
    expect((await agent(t.request).post('/auth/login', { username: 'calisan', password: NEW_PASSWORD })).status).toBe(200)
  })
})
