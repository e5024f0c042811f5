import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, outbox, role, staffSession, userRole } from '../../src/server/db/schema.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 (with issue 28's rule): a write that grants power and its audit entry are one
 * transaction. POST /user (a new user with roles) and PUT /user/{id}/roles wrote their entry after
 * the transaction: an audit write that failed left a user (or roles) nobody could trace. So did
 * POST, PUT and DELETE /role. Here the database refuses the entry (a trigger) and nothing of the
 * write may remain.
 */
describe.each(dbKinds())('a new user and its audit entry are one transaction on %s', (kind) => {
  let t: TestApp
  afterEach(async () => { await t?.close() })

  async function start() {
    t = await createTestApp(kind, {}, { mail: false })
    const a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const companyId = (res.body.user as { companyId: string }).companyId
    const refs = await jobTitleAndLocation(a, companyId)
    const roleId = (await t.db.select().from(role).where(eq(role.name, 'ROLE_USER')))[0]!.id
    const body = (username: string) => ({
      personal: {
        username, firstName: 'Selin', lastName: 'Aksoy', gender: 'female', country: 'TR', nationalId: '123456789' + tcknCheckDigits('123456789'), passportNo: null,
        jobTitleId: refs.jobTitleId, workLocationId: refs.locationId, email: `${username}@example.com`, mobilePhone: '0532 123 45 67', birthDate: '1990-05-17',
        mainRole: roleId, defaultRole: roleId,
      },
      address: { status: 'create', addressid: refs.locationId, locationtype: 'x', locationname: 'x', countrycode: 'TR', citycode: null, districtcode: null, suburbcode: null, zipcode: null, addresstext: 'x' },
      groupRoles: { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null },
    })
    return { a, body, roleId }
  }

  /** The database refuses audit entries of `action` from now on. */
  async function refuseAudit(action: string) {
    await t.db.execute(sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin if new.action = '${action}' then raise exception 'audit refused'; end if; return new; end $$`))
    await t.db.execute(sql.raw('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()'))
  }

  it('POST /user: when the entry cannot be written, there is no user, no role, no address, no welcome mail', async () => {
    const { a, body } = await start()
    const mailsBefore = (await t.db.select({ id: outbox.id }).from(outbox)).length
    await refuseAudit('user.created')
    const res = await a.post('/user', body('selin.aksoy'))
    expect(res.status).toBe(500)
    expect(await t.db.select().from(appUser).where(eq(appUser.username, 'selin.aksoy'))).toEqual([])
    expect(await t.db.execute(sql`select 1 from user_role r left join app_user u on u.id = r.user_id where u.id is null`).then((r) => (r as unknown as { rows: unknown[] }).rows)).toEqual([])
    expect((await t.db.select({ id: outbox.id }).from(outbox)).length).toBe(mailsBefore)
    // once the entry can be written, the same request succeeds: user and entry together
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`)
    const again = await a.post('/user', body('selin.aksoy'))
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    const [user] = await t.db.select().from(appUser).where(eq(appUser.username, 'selin.aksoy'))
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.created'))
    expect(entries.map((e) => e.target)).toEqual([user!.id])
    expect(entries[0]).toMatchObject({ actor: TEST_ADMIN.username })
    expect(entries[0]!.detail).toMatchObject({ after: { username: 'selin.aksoy' } })
  })

  it('PUT /user/{id}/roles: when the entry cannot be written, the roles stay as they were', async () => {
    const { a, body, roleId } = await start()
    const created = await a.post('/user', body('burak.kaya'))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    const admin = (await t.db.select().from(role).where(eq(role.name, 'ROLE_ADMIN')))[0]!.id
    const before = await t.db.select().from(userRole).where(eq(userRole.userId, id))
    const version = (await t.db.select().from(appUser).where(eq(appUser.id, id)))[0]!.rolesVersion
    await refuseAudit('user.roles.updated')
    const roles = [{ roleId, isMain: true, isDefault: true, validTo: null }, { roleId: admin, isMain: false, isDefault: false, validTo: null }]
    const res = await a.put(`/user/${id}/roles`, { roles, version })
    expect(res.status, JSON.stringify(res.body)).toBe(500)
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, id))).toEqual(before)
    expect((await t.db.select().from(appUser).where(eq(appUser.id, id)))[0]!.rolesVersion).toBe(version)
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`)
    const again = await a.put(`/user/${id}/roles`, { roles, version })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await t.db.select().from(userRole).where(eq(userRole.userId, id))).map((r) => r.roleId).sort()).toEqual([roleId, admin].sort())
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.roles.updated'))).map((e) => e.target)).toEqual([id])
  })

  it('POST /user/{id}/status: when the entry cannot be written, the user keeps their status and their sessions (issue 25 item 14\'s move into services/users.ts)', async () => {
    const { a, body } = await start()
    const created = await a.post('/user', body('deniz.kara'))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.id, id)))[0]!.companyId
    await t.db.insert(staffSession).values({ userId: id, companyId, tokenHash: 'x'.repeat(64), ip: '127.0.0.1', userAgent: 'test', absoluteExpiresAt: new Date(Date.now() + 3_600_000) })
    const open = async () => (await t.db.select().from(staffSession).where(eq(staffSession.userId, id))).filter((r) => r.endedAt === null).length
    expect(await open()).toBe(1)
    await refuseAudit('user.status')
    const res = await a.post(`/user/${id}/status`, { status: 'suspended' })
    expect(res.status, JSON.stringify(res.body)).toBe(500)
    expect((await t.db.select().from(appUser).where(eq(appUser.id, id)))[0]!.status).toBe('active')
    expect(await open()).toBe(1)
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`)
    const again = await a.post(`/user/${id}/status`, { status: 'suspended' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await t.db.select().from(appUser).where(eq(appUser.id, id)))[0]!.status).toBe('suspended')
    expect(await open()).toBe(0)
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.status'))).map((e) => e.target)).toEqual([id])
  })

  it('POST, PUT and DELETE /role: when the entry cannot be written, the role is not created, changed or deleted', async () => {
    const { a } = await start()
    const base = { roleType: 'main', groupId: null, gdprLevel: 'INTERNAL', teamSize: 5, isMainRole: false }
    const permissions = [{ permtag: 'company', actions: ['read'] }]
    await refuseAudit('role.created')
    expect((await a.post('/role', { ...base, rolename: 'ROLE_SATIS', permissions })).status).toBe(500)
    expect(await t.db.select().from(role).where(eq(role.name, 'ROLE_SATIS'))).toEqual([])
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`)
    const created = await a.post('/role', { ...base, rolename: 'ROLE_SATIS', permissions })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    const [stored] = await t.db.select().from(role).where(eq(role.id, id))

    // a change of name and permissions (the caller's password again), refused with its entry
    await refuseAudit('role.updated')
    const change = { ...base, version: 1, rolename: 'ROLE_SATIS_2', permissions: [{ permtag: 'company', actions: ['read', 'update'] }], currentPassword: TEST_ADMIN.password }
    const updated = await a.put(`/role/${id}`, change)
    expect(updated.status, JSON.stringify(updated.body)).toBe(500)
    expect((await t.db.select().from(role).where(eq(role.id, id)))[0]).toEqual(stored)
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`)

    await refuseAudit('role.deleted')
    expect((await a.del(`/role/${id}`)).status).toBe(500)
    expect((await t.db.select().from(role).where(eq(role.id, id)))[0]).toEqual(stored)
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`)

    // with the entries written, each write goes through together with its entry
    expect((await a.put(`/role/${id}`, change)).status).toBe(200)
    expect((await a.del(`/role/${id}`)).status).toBe(200)
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.target, id))
    expect(entries.map((e) => e.action).sort()).toEqual(['role.created', 'role.deleted', 'role.updated'])
    expect(entries.find((e) => e.action === 'role.updated')!.detail).toMatchObject({ before: { rolename: 'ROLE_SATIS' }, after: { rolename: 'ROLE_SATIS_2' }, added: ['company:update'] })
  })
})
