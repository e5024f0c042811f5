import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { toPermissionStrings, toRolePermissions, type RolePermission } from '../../src/domain/permission-catalogue.ts'
import { appUser, auditLog, role, userRole } from '../../src/server/db/schema.ts'
import { startMailCatcher, type MailCatcher } from '../../src/server/services/mail.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, testClock, type TestApp } from '../support/test-app.ts'

/**
 * Issue 28 items 1 and 2: no one reaches beyond their own permissions. ayse holds ROLE_ADMIN (all
 * but security:update, mailserver:update and role:delete) and ROLE_USER, as the demo data seeds her.
 */
const PASSWORD = 'Güçlü-Parola-2026!'
const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'

type Agent = ReturnType<typeof agent>
type RoleView = { id: string; rolename: string; roleType: string; groupId: string | null; gdprLevel: string; teamSize: number | null; isMainRole: boolean; permissions: RolePermission[]; version: number }

describe.each(dbKinds())('authority on %s', (kind) => {
  let t: TestApp
  let admin: Agent
  let roles: Record<string, string>
  let companyId: string
  let ayse: { id: string }
  let mehmet: { id: string }
  let y: Agent

  const signIn = async (username: string, password = PASSWORD) => {
    const x = agent(t.request)
    const res = await x.post('/auth/login', { username, password })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return x
  }
  const roleOf = async (a: Agent, id: string) => (await a.get(`/role/${id}`)).body as unknown as RoleView
  const roleBody = (r: RoleView, permissions: string[], extra: Record<string, unknown> = {}) => ({
    version: r.version, rolename: r.rolename, roleType: r.roleType, groupId: r.groupId, gdprLevel: r.gdprLevel, teamSize: r.teamSize,
    isMainRole: r.isMainRole, permissions: toRolePermissions(permissions), ...extra,
  })
  let refs: { jobTitleId: string; locationId: string }
  /** A valid PUT /user/{id} body: the user's names, e-mail and version with the company's job title and location. */
  const userBody = async (id: string, changes: Record<string, unknown> = {}) => {
    const d = (await admin.get(`/user/${id}`)).body
    return {
      firstName: d.firstName, lastName: d.lastName, gender: 'female', country: 'DE', nationalId: null, passportNo: 'P1234567',
      jobTitleId: refs.jobTitleId, workLocationId: refs.locationId, email: d.email, mobilePhone: '0532 123 45 67', birthDate: '1990-01-01',
      version: d.version, ...changes,
    }
  }
  const superadminMails = () => t.mails.filter((m) => m.subject === 'Güvenlik ayarı değiştirildi')

  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: true, clock: testClock(new Date('2026-11-23T09:00:00Z')) })
    admin = await signIn(TEST_ADMIN.username, TEST_ADMIN.password)
    roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.name, r.id]))
    ayse = await createUser(t.db, { username: 'ayse.yilmaz', password: PASSWORD, email: 'ayse.yilmaz@example.com', roles: ['ROLE_ADMIN', 'ROLE_USER'] })
    mehmet = await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, email: 'mehmet.demir@example.com', roles: ['ROLE_USER'] })
    companyId = (await t.db.select().from(appUser).where(eq(appUser.id, ayse.id)))[0]!.companyId
    y = await signIn('ayse.yilmaz')
    refs = await jobTitleAndLocation(admin, companyId)
  })
  afterEach(async () => { await t.close() })

  describe('the chain to the superadmin account (item 1)', () => {
    let listener: MailCatcher
    beforeEach(async () => { listener = await startMailCatcher() })
    afterEach(async () => { await listener.close() })

    /** A write of the chain; a re-authentication it asks for is answered with her own password, as an attacker would. */
    const write = async (method: 'put', path: string, body: Record<string, unknown>) => {
      const first = await y[method](path, body)
      return first.body?.code === 'REAUTH_REQUIRED' ? y[method](path, { ...body, currentPassword: PASSWORD }) : first
    }

    it('own SMTP listener, forgot password, sign-in as admin: refused at its first step, and nothing after it works', async () => {
      // 1. ayse adds mailserver:update (and what else she lacks) to her own role
      const own = await roleOf(y, roles.ROLE_ADMIN!)
      const widened = [...toPermissionStrings(own.permissions), 'mailserver:update', 'security:update', 'role:delete']
      const step1 = await write('put', `/role/${roles.ROLE_ADMIN}`, roleBody(own, widened))
      // 2. she points the company's mail server at her own SMTP listener
      const mailServer = (await y.get(`/company/settings/${companyId}?category=mailServer`)).body.mailServer as { version: number } | undefined
      const step2 = await write('put', '/company/settings/mailServer', {
        version: mailServer?.version ?? 1, security: 'none', host: '127.0.0.1', port: listener.port, authRequired: false, user: '', from: '',
      })
      // 3. "forgot password" for the superadmin's address
      expect((await agent(t.request).post('/auth/forgotPassword', { email: TEST_ADMIN.email })).status).toBe(202)
      await expect.poll(async () => { await t.outbox.drain(); return t.outbox.pending() }, { timeout: 15_000 }).toBe(0)
      // 4. she reads the temporary password from her listener
      const stolen = listener.mails.find((m) => m.to.includes(TEST_ADMIN.email))
      const temporary = stolen ? /: (\S+)\n/.exec(stolen.text)?.[1] : undefined
      // 5. and signs in as admin with it (a temporary password leads to the forced change first)
      let signedInAs: unknown = null
      if (temporary) {
        const x = agent(t.request)
        await x.post('/auth/login', { username: TEST_ADMIN.username, password: temporary })
        await x.post('/auth/changeExpiredPassword', { username: TEST_ADMIN.username, oldPassword: temporary, newPassword: NEW_PASSWORD })
        signedInAs = (await x.post('/auth/login', { username: TEST_ADMIN.username, password: NEW_PASSWORD })).body.user
      }

      expect(step1.status).toBe(403)
      expect(step1.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      expect(step2.status).toBe(403)
      expect(listener.mails).toEqual([])
      expect(signedInAs).toBeNull()
      // her role is as it was, the mail server untouched; the temporary password went to the superadmin's own mailbox
      expect(toPermissionStrings((await roleOf(admin, roles.ROLE_ADMIN!)).permissions)).toEqual(toPermissionStrings(own.permissions))
      expect((await admin.get(`/company/settings/${companyId}?category=mailServer`)).body.mailServer).toMatchObject({ host: '' })
      expect(t.mails.filter((m) => m.to.includes(TEST_ADMIN.email) && m.subject === 'Geçici şifreniz')).toHaveLength(1)
    })

    it('the same through the superadmin\'s e-mail address (item 2): refused, and the address never changes', async () => {
      const [superadmin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
      const res = await y.put(`/user/${superadmin!.id}`, await userBody(superadmin!.id, { email: 'ayse.yilmaz+admin@example.com' }))
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      expect((await agent(t.request).post('/auth/forgotPassword', { email: 'ayse.yilmaz+admin@example.com' })).status).toBe(202)
      await expect.poll(async () => { await t.outbox.drain(); return t.outbox.pending() }, { timeout: 15_000 }).toBe(0)
      expect(t.mails.filter((m) => m.to.includes('ayse.yilmaz+admin@example.com'))).toEqual([])
      expect((await t.db.select().from(appUser).where(eq(appUser.id, superadmin!.id)))[0]!.email).toBe(TEST_ADMIN.email)
    })
  })

  describe('role writes (item 1)', () => {
    it('an administrator cannot edit her own role, give a role what she lacks, or change ROLE_ADMIN\'s and ROLE_USER\'s bundles', async () => {
      const own = await roleOf(y, roles.ROLE_ADMIN!)
      const held = toPermissionStrings(own.permissions)
      // her own role: not even its team size
      expect((await y.put(`/role/${roles.ROLE_ADMIN}`, roleBody(own, held, { teamSize: 12 }))).body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // a new role with what she lacks
      const create = (permissions: string[], rolename = 'ROLE_POSTACI') => y.post('/role', {
        rolename, roleType: 'main', groupId: null, gdprLevel: 'SENSITIVE', teamSize: null, isMainRole: false, permissions: toRolePermissions(permissions),
      })
      const refused = await create(['mailserver:read', 'mailserver:update'])
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      expect((await t.db.select().from(role).where(eq(role.name, 'ROLE_POSTACI')))).toEqual([])
      // within her own: allowed
      const created = await create(['audit:read', 'profile:read'], 'ROLE_DENETCI')
      expect(created.status).toBe(201)
      // a custom role someone holds, widened with what she lacks
      await t.db.insert(userRole).values({ userId: mehmet.id, roleId: created.body.id as string, validUntil: new Date('2027-01-01T00:00:00Z') })
      const denetci = await roleOf(y, created.body.id as string)
      const widened = await y.put(`/role/${denetci.id}`, roleBody(denetci, ['audit:read', 'profile:read', 'security:update'], { currentPassword: PASSWORD }))
      expect(widened.status).toBe(403)
      expect(widened.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // ROLE_USER's bundle, even with permissions she holds: a superadmin's decision
      const user = await roleOf(y, roles.ROLE_USER!)
      const userRoleChange = await y.put(`/role/${user.id}`, roleBody(user, [...toPermissionStrings(user.permissions), 'address:read'], { currentPassword: PASSWORD }))
      expect(userRoleChange.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // and, as she holds it too, not even its team size
      expect((await y.put(`/role/${user.id}`, roleBody(user, toPermissionStrings(user.permissions), { teamSize: 40 }))).body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // a role holding more than she does is out of reach, even for its name
      const [strong] = await t.db.insert(role).values({ companyId, name: 'ROLE_GUVENLIK', owner: 'admin', gdprLevel: 'SENSITIVE', permissions: toRolePermissions(['security:read', 'security:update']) }).returning()
      const strongView = await roleOf(y, strong!.id)
      expect((await y.put(`/role/${strong!.id}`, roleBody(strongView, ['security:read', 'security:update'], { teamSize: 3 }))).body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // nothing was written, and only the allowed creation is audited
      expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'role.updated')))).toEqual([])
      expect((await roleOf(admin, roles.ROLE_ADMIN!)).version).toBe(own.version)
    })

    it('a change of permissions asks for the password again (a wrong one counts as a failed sign-in) and is mailed to every superadmin', async () => {
      await createUser(t.db, { username: 'ikinci', password: PASSWORD, email: 'ikinci@example.com', roles: ['ROLE_SUPERADMIN'] })
      const created = await y.post('/role', {
        rolename: 'ROLE_DENETCI', roleType: 'main', groupId: null, gdprLevel: 'CONFIDENTIAL', teamSize: null, isMainRole: false,
        permissions: toRolePermissions(['audit:read']),
      })
      expect(created.status).toBe(201)
      const r = await roleOf(y, created.body.id as string)
      const body = roleBody(r, ['audit:read', 'user:read'])
      const missing = await y.put(`/role/${r.id}`, body, { locale: 'en' })
      expect(missing.status).toBe(403)
      expect(missing.body).toEqual({ code: 'REAUTH_REQUIRED', message: 'Enter your password again to make this change' })
      const wrong = await y.put(`/role/${r.id}`, { ...body, currentPassword: 'yanlis-parola-1' })
      expect(wrong.status).toBe(403)
      expect(wrong.body).toMatchObject({ code: 'REAUTH_FAILED' })
      expect((await t.db.select().from(appUser).where(eq(appUser.id, ayse.id)))[0]!.failedLogins).toBe(1)
      // her session is still hers (403, never 401)
      expect((await y.get('/auth/permissions')).status).toBe(200)
      const saved = await y.put(`/role/${r.id}`, { ...body, currentPassword: PASSWORD })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      expect(toPermissionStrings(saved.body.permissions as RolePermission[])).toEqual(['audit:read', 'user:read'])
      expect((await t.db.select().from(appUser).where(eq(appUser.id, ayse.id)))[0]!.failedLogins).toBe(0)
      await expect.poll(() => superadminMails().length, { timeout: 10_000 }).toBe(2)
      expect(superadminMails().map((m) => m.to[0]).sort()).toEqual([TEST_ADMIN.email, 'ikinci@example.com'])
      expect(superadminMails()[0]!.text).toContain('(ayse.yilmaz)')
      expect(superadminMails()[0]!.text).toContain('Rol: ROLE_DENETCI')
      expect(superadminMails()[0]!.text).toContain('Eklenen: user:read')
      // a change that leaves the permissions alone asks for nothing, and tells nobody
      const renamed = await y.put(`/role/${r.id}`, roleBody(await roleOf(y, r.id), ['audit:read', 'user:read'], { teamSize: 4 }))
      expect(renamed.status).toBe(200)
      await t.outbox.drain()
      expect(superadminMails()).toHaveLength(2)
    })

    it('five wrong passwords lock the account and end its session', async () => {
      const created = await y.post('/role', {
        rolename: 'ROLE_DENETCI', roleType: 'main', groupId: null, gdprLevel: 'CONFIDENTIAL', teamSize: null, isMainRole: false, permissions: toRolePermissions(['audit:read']),
      })
      const r = await roleOf(y, created.body.id as string)
      for (let i = 0; i < 5; i++) expect((await y.put(`/role/${r.id}`, roleBody(r, ['user:read'], { currentPassword: `yanlis-${i}` }))).body.code).toBe('REAUTH_FAILED')
      expect((await t.db.select().from(appUser).where(eq(appUser.id, ayse.id)))[0]!.lockedAt).not.toBeNull()
      expect((await y.get('/auth/permissions')).status).toBe(401)
    })

    it('a superadmin changes ROLE_ADMIN\'s bundle and edits the role she holds herself', async () => {
      const adminRole = await roleOf(admin, roles.ROLE_ADMIN!)
      const res = await admin.put(`/role/${adminRole.id}`, roleBody(adminRole, [...toPermissionStrings(adminRole.permissions), 'mailserver:update'], { currentPassword: TEST_ADMIN.password }))
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const own = await roleOf(admin, roles.ROLE_SUPERADMIN!)
      expect((await admin.put(`/role/${own.id}`, roleBody(own, toPermissionStrings(own.permissions), { teamSize: 2 }))).status).toBe(200)
    })
  })

  describe('writes on another user (item 2)', () => {
    it('an administrator reaches users within her permissions, and no superadmin: profile, e-mail, photo, status, bulk, re-activation, roles, a new user', async () => {
      const [superadmin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
      const sid = superadmin!.id
      // within reach: mehmet (ROLE_USER)
      expect((await y.put(`/user/${mehmet.id}`, await userBody(mehmet.id, { firstName: 'Mehmet Ali' }))).status).toBe(200)
      // the superadmin: every write refused, with the same code
      const refusals = [
        await y.put(`/user/${sid}`, await userBody(sid, { firstName: 'Sistem Yeni' })),
        await y.put(`/user/${sid}`, await userBody(sid, { email: 'ayse.yilmaz+admin@example.com' })),
        await y.post(`/user/${sid}/status`, { status: 'suspended' }),
        await y.post(`/user/${sid}/status`, { status: 'removed' }),
        await y.del(`/user/${sid}/photo`),
        await y.put(`/user/${sid}/roles`, { version: 1, roles: [{ roleId: roles.ROLE_SUPERADMIN!, isMain: true, isDefault: true, validTo: null }, { roleId: roles.ROLE_USER!, isMain: false, isDefault: false, validTo: null }] }),
      ]
      for (const [i, res] of refusals.entries()) {
        expect(res.status, `write ${i}`).toBe(403)
        expect(res.body, `write ${i}`).toMatchObject({ code: 'ROLE_ESCALATION' })
      }
      // re-activating a locked superadmin is a write on them too
      await t.db.update(appUser).set({ lockedAt: t.clock.now() }).where(eq(appUser.id, sid))
      expect((await y.post(`/user/${sid}/reactivate`)).body).toMatchObject({ code: 'ROLE_ESCALATION' })
      await t.db.update(appUser).set({ lockedAt: null }).where(eq(appUser.id, sid))
      // bulk: each user as a single change; the superadmin refused with the code, mehmet suspended
      const bulk = await y.post('/user/status', { ids: [sid, mehmet.id], status: 'suspended' }, { locale: 'en' })
      expect(bulk.status).toBe(200)
      expect(bulk.body).toMatchObject({
        changed: 1,
        results: [
          { id: sid, ok: false, code: 'ROLE_ESCALATION', message: expect.stringContaining('beyond your own permissions') },
          { id: mehmet.id, ok: true },
        ],
      })
      // a second superadmin is protected alike, not only the last one
      const ikinci = await createUser(t.db, { username: 'ikinci', password: PASSWORD, roles: ['ROLE_SUPERADMIN'] })
      expect((await y.post(`/user/${ikinci.id}/status`, { status: 'removed' })).body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // a new user with a role beyond hers
      const before = (await t.db.select().from(appUser)).length
      const created = await y.post('/user', {
        personal: {
          username: 'yeni.super', firstName: 'Yeni', lastName: 'Kişi', gender: 'female', country: 'DE', nationalId: null, passportNo: 'P7654321',
          jobTitleId: refs.jobTitleId, workLocationId: refs.locationId,
          email: 'yeni.super@example.com', mobilePhone: '+905321234568', birthDate: '1990-01-01', mainRole: roles.ROLE_SUPERADMIN!, defaultRole: roles.ROLE_SUPERADMIN!,
        },
        address: { status: 'create', addressid: refs.locationId, locationtype: 'x', locationname: 'x', countrycode: 'TR', citycode: null, districtcode: null, suburbcode: null, zipcode: null, addresstext: 'x' },
        groupRoles: { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(403)
      expect(created.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      expect((await t.db.select().from(appUser)).length).toBe(before)
      // nothing about the superadmin changed
      const [after] = await t.db.select().from(appUser).where(eq(appUser.id, sid))
      expect(after).toMatchObject({ status: 'active', email: TEST_ADMIN.email, firstName: superadmin!.firstName })
      expect(await t.db.select().from(userRole).where(and(eq(userRole.userId, sid), eq(userRole.roleId, roles.ROLE_SUPERADMIN!)))).toHaveLength(1)
    })

    it('a user who holds one permission more than the administrator is out of her reach', async () => {
      const [extra] = await t.db.insert(role).values({ companyId, name: 'ROLE_POSTACI', owner: 'admin', gdprLevel: 'INTERNAL', permissions: toRolePermissions(['mailserver:update']) }).returning()
      await t.db.insert(userRole).values({ userId: mehmet.id, roleId: extra!.id, validUntil: new Date('2027-06-01T00:00:00Z') })
      expect((await y.post(`/user/${mehmet.id}/status`, { status: 'suspended' })).body).toMatchObject({ code: 'ROLE_ESCALATION' })
      // once that role has ended, he is within reach again
      await t.db.update(userRole).set({ validUntil: new Date('2026-11-01T00:00:00Z') }).where(eq(userRole.roleId, extra!.id))
      expect((await y.post(`/user/${mehmet.id}/status`, { status: 'suspended' })).status).toBe(200)
    })
  })

  if (kind === 'postgres') describe('under parallel writes (PostgreSQL)', () => {
    /** Holds a transaction open on a second connection while the app's request runs, then commits it. */
    async function whileHeld(statements: (client: pg.Client) => Promise<void>, request: () => Promise<{ status: number; body: Record<string, unknown> }>) {
      const client = new pg.Client({ connectionString: t.databaseUrl! })
      await client.connect()
      try {
        await client.query('BEGIN')
        await statements(client)
        const pending = request()
        // the request waits on the held rows; then the other transaction commits
        await new Promise((ok) => setTimeout(ok, 400))
        await client.query('COMMIT')
        return await pending
      } finally {
        await client.end()
      }
    }

    it('a promotion committed while her write waits is seen: the write is refused, never applied to a superadmin', async () => {
      const answer = await whileHeld(async (client) => {
        await client.query('UPDATE app_user SET roles_version = roles_version + 1 WHERE id = $1', [mehmet.id])
        await client.query('INSERT INTO user_role (user_id, role_id, is_main, is_default) VALUES ($1, $2, false, false)', [mehmet.id, roles.ROLE_SUPERADMIN])
      }, () => y.post(`/user/${mehmet.id}/status`, { status: 'suspended' }))
      expect(answer.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      expect((await t.db.select().from(appUser).where(eq(appUser.id, mehmet.id)))[0]!.status).toBe('active')
    })

    it('a role widened while her write waits is seen too', async () => {
      const [custom] = await t.db.insert(role).values({ companyId, name: 'ROLE_DENETCI', owner: 'admin', gdprLevel: 'SENSITIVE', permissions: toRolePermissions(['audit:read']) }).returning()
      await t.db.insert(userRole).values({ userId: mehmet.id, roleId: custom!.id, validUntil: new Date('2027-06-01T00:00:00Z') })
      const answer = await whileHeld(async (client) => {
        await client.query('UPDATE role SET permissions = $1::jsonb, version = version + 1 WHERE id = $2', [JSON.stringify(toRolePermissions(['audit:read', 'security:update'])), custom!.id])
      }, () => y.post(`/user/${mehmet.id}/status`, { status: 'suspended' }))
      expect(answer.body).toMatchObject({ code: 'ROLE_ESCALATION' })
      expect((await t.db.select().from(appUser).where(eq(appUser.id, mehmet.id)))[0]!.status).toBe('active')
    })

    it('twenty parallel attempts to widen her own role: none succeeds', async () => {
      const own = await roleOf(y, roles.ROLE_ADMIN!)
      const body = roleBody(own, [...toPermissionStrings(own.permissions), 'mailserver:update'], { currentPassword: PASSWORD })
      const answers = await Promise.all(Array.from({ length: 20 }, () => y.put(`/role/${own.id}`, body)))
      expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill('ROLE_ESCALATION'))
      expect((await roleOf(admin, own.id)).version).toBe(own.version)
    })
  })
})
