import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, role, userGroup, userRole } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, testClock, type TestApp } from '../support/test-app.ts'

/** Issue 14: a user's role assignments, `PUT /user/{id}/roles` (the complete list with its version). */
const PASSWORD = 'Güçlü-Parola-2026!'

type Assignment = { roleId: string; isMain: boolean; isDefault: boolean; validTo: string | null }
type Detail = { rolesVersion: number; roles: Array<{ id: string; name: string; isMain: boolean; isDefault: boolean; validTo: string | null; validUntil: string | null; groupName: string | null }> }

describe.each(dbKinds())('role assignments on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let clock: ReturnType<typeof testClock>
  let roles: Record<string, string>
  let mehmet: { id: string }
  const signIn = async (username: string, password = PASSWORD) => {
    const x = agent(t.request)
    expect((await x.post('/auth/login', { username, password })).status).toBe(200)
    return x
  }
  const detail = async (id: string) => (await a.get(`/user/${id}`)).body as unknown as Detail
  const current = async (id: string): Promise<{ version: number; list: Assignment[] }> => {
    const d = await detail(id)
    return { version: d.rolesVersion, list: d.roles.map((r) => ({ roleId: r.id, isMain: r.isMain, isDefault: r.isDefault, validTo: r.validTo })) }
  }
  /** A role defined through the roles API: audit:read (the "Audit log" menu entry) and the own profile. */
  const defineAuditor = async (groupId: string | null = null) => {
    const res = await a.post('/role', {
      rolename: 'ROLE_DENETCI', roleType: 'main', groupId, gdprLevel: 'CONFIDENTIAL', teamSize: null, isMainRole: false,
      permissions: [{ permtag: 'audit', actions: ['read'] }, { permtag: 'profile', actions: ['read', 'update'] }],
    })
    expect(res.status).toBe(201)
    return res.body.id as string
  }

  beforeEach(async () => {
    clock = testClock(new Date('2026-11-23T09:00:00Z'))
    t = await createTestApp(kind, {}, { clock })
    a = agent(t.request)
    expect((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.name, r.id]))
    mehmet = await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD })
  })
  afterEach(async () => { await t.close() })

  it('adds, re-dates and ends an assignment; the holder gets or loses it at their next request; audited', async () => {
    const auditor = await defineAuditor()
    const x = await signIn('mehmet.demir')
    expect((await x.get('/audit')).status).toBe(403)
    const before = await current(mehmet.id)
    expect(before.version).toBe(1)
    const added = await a.put(`/user/${mehmet.id}/roles`, { version: 1, roles: [...before.list, { roleId: auditor, isMain: false, isDefault: false, validTo: '2026-12-31' }] })
    expect(added.status).toBe(200)
    const d = added.body as unknown as Detail
    expect(d.rolesVersion).toBe(2)
    expect(d.roles.find((r) => r.name === 'ROLE_DENETCI')).toMatchObject({ validTo: '2026-12-31', validUntil: '2026-12-31T20:59:59.999Z', isMain: false })
    // his very next request knows the role: he can switch to it and read the audit log
    expect((await x.post('/auth/switchRole', { role: 'ROLE_DENETCI' })).status).toBe(200)
    expect((await x.get('/audit')).status).toBe(200)
    // a new date
    const later = (await current(mehmet.id)).list.map((r) => (r.roleId === auditor ? { ...r, validTo: '2027-01-15' } : r))
    const redated = await a.put(`/user/${mehmet.id}/roles`, { version: 2, roles: later })
    expect(redated.status).toBe(200)
    expect((redated.body as unknown as Detail).roles.find((r) => r.id === auditor)?.validTo).toBe('2027-01-15')
    // ended: gone at his next request, his active role falls back to the main one
    const ended = await a.put(`/user/${mehmet.id}/roles`, { version: 3, roles: before.list })
    expect(ended.status).toBe(200)
    expect(await t.db.select().from(userRole).where(eq(userRole.roleId, auditor))).toHaveLength(0)
    expect((await x.get('/audit')).status).toBe(403)
    expect((await x.get('/auth/permissions')).body).toMatchObject({ role: 'ROLE_USER' })
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.roles.updated'))
    expect(entries).toHaveLength(3)
    const last = entries.find((e) => (e.detail as { after: { version: number } }).after.version === 4)
    expect(last?.target).toBe(mehmet.id)
    expect(last?.detail).toMatchObject({
      before: { roles: [{ role: 'ROLE_DENETCI', validTo: '2027-01-15' }, { role: 'ROLE_USER', isMain: true, isDefault: true, validTo: null }], version: 3 },
      after: { roles: [{ role: 'ROLE_USER', isMain: true, isDefault: true, validTo: null }], version: 4 },
    })
  })

  it('an assigned role stops granting the moment its valid-to day ends in Türkiye', async () => {
    const auditor = await defineAuditor()
    const list = (await current(mehmet.id)).list
    expect((await a.put(`/user/${mehmet.id}/roles`, { version: 1, roles: [...list, { roleId: auditor, isMain: false, isDefault: false, validTo: '2026-11-24' }] })).status).toBe(200)
    clock.set(new Date('2026-11-24T20:58:00.000Z'))
    const x = await signIn('mehmet.demir')
    expect((await x.post('/auth/switchRole', { role: 'ROLE_DENETCI' })).status).toBe(200)
    clock.set(new Date('2026-11-24T20:59:59.000Z'))
    expect((await x.get('/audit')).status).toBe(200)
    clock.set(new Date('2026-11-24T21:00:00.000Z'))
    expect((await x.get('/audit')).status).toBe(403)
    expect((await x.get('/profile')).status).toBe(200)
  })

  it('marks the main and the default role: exactly one each, neither with an end date', async () => {
    const { list } = await current(mehmet.id)
    const admin = { roleId: roles.ROLE_ADMIN!, isMain: true, isDefault: false, validTo: null }
    const res = await a.put(`/user/${mehmet.id}/roles`, { version: 1, roles: [{ ...list[0]!, isMain: false }, admin] })
    expect(res.status).toBe(200)
    expect((res.body as unknown as Detail).roles.map((r) => [r.name, r.isMain, r.isDefault])).toEqual([['ROLE_ADMIN', true, false], ['ROLE_USER', false, true]])
    // his next sign-in starts on the new main role
    const x = await signIn('mehmet.demir')
    expect((await x.get('/auth/permissions')).body).toMatchObject({ role: 'ROLE_ADMIN' })
    const bad = await a.put(`/user/${mehmet.id}/roles`, { version: 2, roles: [{ ...list[0]!, isMain: true }, admin] }, { locale: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'VALIDATION', message: 'The data sent is not valid', issues: [{ path: 'roles', code: 'oneMain' }] })
    const noDefault = await a.put(`/user/${mehmet.id}/roles`, { version: 2, roles: [{ ...list[0]!, isDefault: false, isMain: true }] })
    expect(noDefault.body).toMatchObject({ issues: [{ path: 'roles', code: 'oneDefault' }] })
    const dated = await a.put(`/user/${mehmet.id}/roles`, { version: 2, roles: [{ ...list[0]!, validTo: '2027-01-01' }] })
    expect(dated.body).toMatchObject({ issues: [{ path: 'roles.0.validTo', code: 'mainNoValidTo' }] })
  })

  it('refuses bad lists with field codes: unknown roles, twice the same role, past dates, an other-group role without a date', async () => {
    const { list } = await current(mehmet.id)
    const [g] = await t.db.insert(userGroup).values({ companyId: (await t.db.select().from(appUser).where(eq(appUser.id, mehmet.id)))[0]!.companyId, name: 'Satış', level: 'team' }).returning()
    const auditor = await defineAuditor(g!.id)
    const put = (extra: Assignment[], version = 1) => a.put(`/user/${mehmet.id}/roles`, { version, roles: [...list, ...extra] })
    const other = { roleId: auditor, isMain: false, isDefault: false }
    expect((await put([{ ...other, validTo: null }])).body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'roles.1.validTo', code: 'validToRequired' }] })
    expect((await put([{ ...other, validTo: '2026-11-23' }])).body).toMatchObject({ issues: [{ path: 'roles.1.validTo', code: 'validToFuture' }] })
    expect((await put([{ ...other, validTo: '2026-10-01' }])).body).toMatchObject({ issues: [{ path: 'roles.1.validTo', code: 'validToFuture' }] })
    expect((await put([{ ...other, roleId: '00000000-0000-4000-8000-000000000000', validTo: '2027-01-01' }])).body).toMatchObject({ issues: [{ path: 'roles.1.roleId', code: 'rolesFromList' }] })
    expect((await put([{ ...list[0]!, isMain: false, isDefault: false }])).body).toMatchObject({ issues: [{ path: 'roles.1.roleId', code: 'rolesFromList' }] })
    // a role of the user's own group needs no date
    await t.db.update(appUser).set({ groupId: g!.id }).where(eq(appUser.id, mehmet.id))
    expect((await put([{ ...other, validTo: null }])).status).toBe(200)
    // malformed input is a 400, never a 5xx
    for (const body of [{}, { version: 2 }, { version: 2, roles: [] }, { version: 2, roles: [{ roleId: 'x', isMain: true, isDefault: true, validTo: null }] },
      { version: 2, roles: list, extra: 1 }, { version: 'a', roles: list }, { version: 2, roles: [{ ...list[0]!, validTo: '2027-02-30' }] }]) {
      const res = await a.put(`/user/${mehmet.id}/roles`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toHaveProperty('message')
    }
    expect((await a.put('/user/not-a-uuid/roles', { version: 1, roles: list })).status).toBe(404)
    expect((await a.put('/user/00000000-0000-4000-8000-000000000000/roles', { version: 1, roles: list })).status).toBe(404)
  })

  it('a stale list is a conflict and changes nothing', async () => {
    const { list } = await current(mehmet.id)
    expect((await a.put(`/user/${mehmet.id}/roles`, { version: 1, roles: [...list, { roleId: roles.ROLE_ADMIN!, isMain: false, isDefault: false, validTo: null }] })).status).toBe(200)
    const stale = await a.put(`/user/${mehmet.id}/roles`, { version: 1, roles: list }, { locale: 'en' })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Someone else changed this record') })
    expect((await detail(mehmet.id)).roles.map((r) => r.name)).toEqual(['ROLE_ADMIN', 'ROLE_USER'])
    // two admins saving the same version at once: one wins, the other is a conflict
    const both = await Promise.all([
      a.put(`/user/${mehmet.id}/roles`, { version: 2, roles: list }),
      a.put(`/user/${mehmet.id}/roles`, { version: 2, roles: [...list, { roleId: roles.ROLE_ADMIN!, isMain: false, isDefault: false, validTo: '2027-03-01' }] }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await detail(mehmet.id)).rolesVersion).toBe(3)
  })

  it('needs user:update; nobody changes their own; an admin cannot hand out or take away superadmin', async () => {
    const { list } = await current(mehmet.id)
    const x = await signIn('mehmet.demir')
    expect((await x.put(`/user/${mehmet.id}/roles`, { version: 1, roles: list })).status).toBe(403)
    expect((await agent(t.request).put(`/user/${mehmet.id}/roles`, { version: 1, roles: list })).status).toBe(401)
    const ayse = await createUser(t.db, { username: 'ayse.yilmaz', password: PASSWORD, roles: ['ROLE_ADMIN', 'ROLE_USER'] })
    const y = await signIn('ayse.yilmaz')
    const own = (await current(ayse.id))
    const self = await y.put(`/user/${ayse.id}/roles`, { version: own.version, roles: own.list.filter((r) => r.isDefault).map((r) => ({ ...r, isMain: true })) }, { locale: 'en' })
    expect(self.status).toBe(422)
    expect(self.body).toMatchObject({ code: 'SELF_ROLES', message: 'You cannot change your own role assignments' })
    // ROLE_ADMIN may give ROLE_USER-level roles, but not ROLE_SUPERADMIN
    expect((await y.put(`/user/${mehmet.id}/roles`, { version: 1, roles: [...list, { roleId: roles.ROLE_ADMIN!, isMain: false, isDefault: false, validTo: null }] })).status).toBe(200)
    const escalate = await y.put(`/user/${mehmet.id}/roles`, { version: 2, roles: [...list, { roleId: roles.ROLE_SUPERADMIN!, isMain: false, isDefault: false, validTo: null }] }, { locale: 'ru' })
    expect(escalate.status).toBe(403)
    expect(escalate.body).toMatchObject({ code: 'ROLE_ESCALATION', message: expect.stringContaining('разрешения') })
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
    const adminList = await current(admin!.id)
    const takeAway = await y.put(`/user/${admin!.id}/roles`, { version: adminList.version, roles: [{ roleId: roles.ROLE_USER!, isMain: true, isDefault: true, validTo: null }] })
    expect(takeAway.status).toBe(403)
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.roles.updated'))).toHaveLength(1)
  })

  it('the company keeps an active superadmin whose superadmin role does not end', async () => {
    const ikinci = await createUser(t.db, { username: 'ikinci', password: PASSWORD, roles: ['ROLE_SUPERADMIN', 'ROLE_USER'] })
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
    // the caller's own superadmin role ends tomorrow: ikinci is the last one without an end
    await t.db.update(userRole).set({ validUntil: new Date('2026-11-24T20:59:59.999Z') }).where(eq(userRole.userId, admin!.id))
    const { list } = await current(ikinci.id)
    const userOnly = [{ roleId: roles.ROLE_USER!, isMain: true, isDefault: true, validTo: null }]
    const dated = list.map((r) => (r.roleId === roles.ROLE_SUPERADMIN ? { ...r, isMain: false, validTo: '2026-12-01' } : { ...r, isMain: true }))
    for (const roleList of [userOnly, dated]) {
      const res = await a.put(`/user/${ikinci.id}/roles`, { version: 1, roles: roleList }, { locale: 'en' })
      expect(res.status).toBe(422)
      expect(res.body).toMatchObject({ code: 'LAST_SUPERADMIN_ROLE', message: expect.stringContaining('last active superadmin') })
    }
    await t.db.update(userRole).set({ validUntil: null }).where(eq(userRole.userId, admin!.id))
    expect((await a.put(`/user/${ikinci.id}/roles`, { version: 1, roles: userOnly })).status).toBe(200)
  })
  it('two superadmins demoting each other at the same moment: one wins, the company keeps a superadmin', async () => {
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
    const ikinci = await createUser(t.db, { username: 'ikinci', password: PASSWORD, roles: ['ROLE_SUPERADMIN', 'ROLE_USER'] })
    const other = await signIn('ikinci')
    const userOnly = [{ roleId: roles.ROLE_USER!, isMain: true, isDefault: true, validTo: null }]
    const answers = await Promise.all([
      a.put(`/user/${ikinci.id}/roles`, { version: 1, roles: userOnly }),
      other.put(`/user/${admin!.id}/roles`, { version: (await current(admin!.id)).version, roles: userOnly }),
    ])
    // the loser is refused: by the last-superadmin rule, or (once the winner's change is committed) because it is no
    // superadmin any more: the authority rule (issue 28) then finds a caller below the user it writes on
    expect(answers.map((x) => x.status).sort()).toEqual([200, expect.any(Number)])
    const loser = answers.find((x) => x.status !== 200)!
    expect(['LAST_SUPERADMIN_ROLE', 'ROLE_ESCALATION', 'FORBIDDEN']).toContain(loser.body.code)
    const left = await t.db.select({ userId: userRole.userId }).from(userRole).where(eq(userRole.roleId, roles.ROLE_SUPERADMIN!))
    expect(left).toHaveLength(1)
  })
})
