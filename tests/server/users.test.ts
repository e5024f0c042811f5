import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, outbox, role, staffSession, userRole } from '../../src/server/db/schema.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, testClock, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const tckn = (nine: string) => nine + tcknCheckDigits(nine)

describe.each(dbKinds())('users on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  let roles: Record<string, string>
  let jobTitleId: string
  let locationId: string
  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: true, clock: testClock(new Date('2026-11-23T09:00:00Z')) })
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
    roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.name, r.id]))
    const refs = await jobTitleAndLocation(a, companyId)
    jobTitleId = refs.jobTitleId
    locationId = refs.locationId
  })
  afterEach(async () => { await t.close() })

  const body = (changes: { personal?: Record<string, unknown>; groupRoles?: Record<string, unknown>; address?: Record<string, unknown> } = {}) => ({
    personal: {
      username: 'selin.aksoy', firstName: 'Selin', lastName: 'Aksoy', gender: 'female', country: 'TR', nationalId: tckn('123456789'), passportNo: null,
      jobTitleId, workLocationId: locationId, email: 'selin.aksoy@example.com', mobilePhone: '0532 123 45 67', birthDate: '1990-05-17',
      mainRole: roles.ROLE_USER, defaultRole: roles.ROLE_USER, ...changes.personal,
    },
    address: { status: 'create', addressid: locationId, locationtype: 'x', locationname: 'x', countrycode: 'TR', citycode: null, districtcode: null, suburbcode: null, zipcode: null, addresstext: 'x', ...changes.address },
    groupRoles: { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null, ...changes.groupRoles },
  })

  it('creates a user with an other-group role: the valid-to rule first, then success, the welcome mail and the forced change', async () => {
    const noDate = await a.post('/user', body({ groupRoles: { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: roles.ROLE_ADMIN, validTo: null }] } }))
    expect(noDate.status).toBe(400)
    expect(noDate.body.issues).toEqual([{ path: 'groupRoles.selectedValid', code: 'validToRequired' }])
    // the main role is step 1's: an other-group role (it ends) cannot be made the main one
    const dated = await a.post('/user', body({ groupRoles: { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: roles.ROLE_ADMIN, validTo: '2099-01-01' }], selectedMain: roles.ROLE_ADMIN } }))
    expect(dated.status).toBe(400)
    expect(dated.body.issues).toEqual([{ path: 'groupRoles.selectedMain', code: 'mainNoValidTo' }])
    const past = await a.post('/user', body({ groupRoles: { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: roles.ROLE_ADMIN, validTo: '2026-01-01' }] } }))
    expect(past.body.issues).toEqual([{ path: 'groupRoles.selectedValid', code: 'validToFuture' }])
    const created = await a.post('/user', body({ groupRoles: { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: roles.ROLE_ADMIN, validTo: '2026-12-31' }] } }))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ username: 'selin.aksoy', mobilePhone: '+905321234567', status: 'active' })
    const assigned = created.body.roles as Array<{ name: string; isMain: boolean; validUntil: string | null }>
    expect(assigned.find((r) => r.name === 'ROLE_ADMIN')!.validUntil).toBe('2026-12-31T20:59:59.999Z')
    await expect.poll(() => t.mails.filter((m) => m.to.includes('selin.aksoy@example.com')).length, { timeout: 15_000 }).toBe(1)
    const mail = t.mails.find((m) => m.to.includes('selin.aksoy@example.com'))!
    const temporary = /Geçici şifreniz: (\S+)/.exec(mail.text)![1]!
    const login = await agent(t.request).post('/auth/login', { username: 'selin.aksoy', password: temporary })
    expect(login.body).toMatchObject({ passwordExpired: true, username: 'selin.aksoy' })
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.created'))).toHaveLength(1)
    const info = await a.get(`/user/userInfo/${created.body.id as string}`)
    expect(info.body).toMatchObject({ nationalId: tckn('123456789'), birthDate: '1990-05-17', country: 'TR' })
  })

  it('refuses duplicates by field, a minor, a wrong national ID, roles not from the list', async () => {
    expect((await a.post('/user', body())).status).toBe(201)
    const dupUser = await a.post('/user', body({ personal: { email: 'baska@example.com', nationalId: tckn('223456789') } }))
    expect(dupUser.body).toMatchObject({ code: 'USER_EXISTS', issues: [{ path: 'personal.username', code: 'exists' }] })
    const dupMail = await a.post('/user', body({ personal: { username: 'baska', nationalId: tckn('223456789'), email: 'SELIN.AKSOY@example.com' } }))
    expect(dupMail.body.issues).toEqual([{ path: 'personal.email', code: 'exists' }])
    const dupId = await a.post('/user', body({ personal: { username: 'baska', email: 'baska@example.com' } }))
    expect(dupId.body.issues).toEqual([{ path: 'personal.nationalId', code: 'exists' }])
    const minor = await a.post('/user', body({ personal: { username: 'genc', email: 'genc@example.com', nationalId: tckn('323456789'), birthDate: '2012-01-01' } }))
    expect(minor.body.issues).toEqual([{ path: 'personal.birthDate', code: 'adult' }])
    const badId = await a.post('/user', body({ personal: { username: 'yanlis', email: 'y@example.com', nationalId: '12345678901' } }))
    expect(badId.body.issues).toEqual([{ path: 'personal.nationalId', code: 'nationalId' }])
    const foreignRole = await a.post('/user', body({ personal: { username: 'rol', email: 'rol@example.com', nationalId: tckn('423456789'), mainRole: '00000000-0000-4000-8000-000000000000' } }))
    expect(foreignRole.body.issues).toEqual([{ path: 'personal.mainRole', code: 'rolesFromList' }])
    const passport = await a.post('/user', body({ personal: { username: 'hans', email: 'hans@example.com', country: 'DE', nationalId: null, passportNo: 'C01X00T47', mobilePhone: '+49 151 2345 6789' } }))
    expect(passport.status, JSON.stringify(passport.body)).toBe(201)
  })

  it('a double submit creates one user: the second of two parallel requests is refused on the username', async () => {
    const [one, two] = await Promise.all([a.post('/user', body()), a.post('/user', body())])
    expect([one.status, two.status].sort()).toEqual([201, 409])
    const refused = one.status === 409 ? one : two
    expect(refused.body).toMatchObject({ code: 'USER_EXISTS', issues: [{ path: 'personal.username', code: 'exists' }] })
    expect(typeof refused.body.message).toBe('string')
    expect(await t.db.select().from(appUser).where(eq(appUser.username, 'selin.aksoy'))).toHaveLength(1)
    // one welcome mail, not two
    await expect.poll(() => t.mails.filter((m) => m.to.includes('selin.aksoy@example.com')).length).toBe(1)
    await new Promise((ok) => setTimeout(ok, 300))
    expect(t.mails.filter((m) => m.to.includes('selin.aksoy@example.com'))).toHaveLength(1)
  })

  it('the welcome mail goes through the outbox, sealed (the temporary password is not readable in the row), only with e-mail notifications on', async () => {
    await t.outbox.stop()
    expect((await a.post('/user', body())).status).toBe(201)
    const rows = await t.db.select().from(outbox)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.kind).toBe('mail')
    expect(JSON.stringify(rows[0]!.payload)).not.toMatch(/Geçici şifre/)
    expect(t.mails.filter((m) => m.to.includes('selin.aksoy@example.com'))).toHaveLength(0)
    await t.outbox.drain()
    expect(t.mails.filter((m) => m.to.includes('selin.aksoy@example.com'))).toHaveLength(1)
    // flag off: the user is created, no mail is queued
    const settings = await a.get(`/company/settings/${companyId}?category=notification`)
    const off = await a.put('/company/settings/notification', { version: (settings.body.notification as { version: number }).version, internalNotification: true, emailNotification: false })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    const quiet = await a.post('/user', body({ personal: { username: 'sessiz', email: 'sessiz@example.com', nationalId: tckn('523456789') } }))
    expect(quiet.status).toBe(201)
    expect(await t.db.select().from(outbox)).toHaveLength(1)
  })

  it('the re-activation mail goes through the outbox too, only with e-mail notifications on', async () => {
    await t.outbox.stop()
    const locked = await createUser(t.db, { username: 'kilitli', password: PASSWORD, email: 'kilitli@example.com' })
    const other = await createUser(t.db, { username: 'kilitli2', password: PASSWORD, email: 'kilitli2@example.com' })
    for (const u of [locked, other]) await t.db.update(appUser).set({ lockedAt: new Date() }).where(eq(appUser.id, u.id))
    expect((await a.post(`/user/${locked.id}/reactivate`)).status).toBe(200)
    const rows = await t.db.select().from(outbox)
    expect(rows.map((r) => (r.payload as { to: string }).to)).toEqual(['kilitli@example.com'])
    await t.outbox.drain()
    expect(t.mails.filter((m) => m.to.includes('kilitli@example.com'))).toHaveLength(1)
    const settings = await a.get(`/company/settings/${companyId}?category=notification`)
    await a.put('/company/settings/notification', { version: (settings.body.notification as { version: number }).version, internalNotification: true, emailNotification: false })
    expect((await a.post(`/user/${other.id}/reactivate`)).status).toBe(200)
    expect(await t.db.select().from(outbox)).toHaveLength(1)
  })

  it('a duplicate refused in English names the field too', async () => {
    expect((await a.post('/user', body())).status).toBe(201)
    const dup = await a.post('/user', body({ personal: { email: 'baska@example.com', nationalId: tckn('223456789') } }), { locale: 'en' })
    expect(dup.status).toBe(409)
    expect(dup.body.issues).toEqual([{ path: 'personal.username', code: 'exists' }])
    expect(dup.body.message).toMatch(/[a-z]/i)
    expect(dup.body.message).not.toBe((await a.post('/user', body({ personal: { email: 'baska@example.com', nationalId: tckn('223456789') } }))).body.message)
  })

  it('suspends and removes with the spec messages, ends sessions at once, and guards self and the last superadmin', async () => {
    const target = await createUser(t.db, { username: 'hedef', password: PASSWORD })
    const victim = agent(t.request)
    expect((await victim.post('/auth/login', { username: 'hedef', password: PASSWORD })).status).toBe(200)
    const suspended = await a.post(`/user/${target.id}/status`, { status: 'suspended' })
    expect(suspended.body).toEqual({ status: 'suspended', message: 'Kullanıcı sistemden uzaklaştırıldı!' })
    expect((await victim.post('/auth/checkSessionValidity', {})).status).toBe(401)
    const sessions = await t.db.select().from(staffSession).where(eq(staffSession.userId, target.id))
    expect(sessions.every((s) => s.endedAt !== null)).toBe(true)
    const activated = await a.post(`/user/${target.id}/status`, { status: 'active' }, { locale: 'en' })
    expect(activated.body.message).toBe('User is Activated again !')
    const removed = await a.post(`/user/${target.id}/status`, { status: 'removed' }, { locale: 'en' })
    expect(removed.body.message).toBe('User is Removed from System !')
    expect((await a.post(`/user/${target.id}/status`, { status: 'active' })).body.code).toBe('USER_REMOVED')
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, 'admin'))
    expect((await a.post(`/user/${admin!.id}/status`, { status: 'suspended' })).body.code).toBe('SELF_STATUS')
    // an administrator cannot touch a superadmin at all (issue 28)
    await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    const other = agent(t.request)
    await other.post('/auth/login', { username: 'yonetici', password: PASSWORD })
    expect((await other.post(`/user/${admin!.id}/status`, { status: 'suspended' })).body.code).toBe('ROLE_ESCALATION')
    // a superadmin whose own superadmin role ends cannot suspend the only lasting one
    const gecici = await createUser(t.db, { username: 'gecici', password: PASSWORD, roles: ['ROLE_SUPERADMIN', 'ROLE_USER'] })
    await t.db.update(userRole).set({ validUntil: new Date(t.clock.now().getTime() + 86_400_000) }).where(eq(userRole.userId, gecici.id))
    const temporary = agent(t.request)
    expect((await temporary.post('/auth/login', { username: 'gecici', password: PASSWORD })).status).toBe(200)
    expect((await temporary.post('/auth/switchRole', { role: 'ROLE_SUPERADMIN' })).status).toBe(200)
    expect((await temporary.post(`/user/${admin!.id}/status`, { status: 'suspended' })).body.code).toBe('LAST_SUPERADMIN')
    // a plain user may not change anyone's status
    const plain = await createUser(t.db, { username: 'personel', password: PASSWORD })
    const p = agent(t.request)
    await p.post('/auth/login', { username: 'personel', password: PASSWORD })
    expect((await p.post(`/user/${plain.id}/status`, { status: 'suspended' })).status).toBe(403)
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, target.id))).not.toHaveLength(0)
  })

  it('sends no welcome mail while the company\'s e-mail notifications are off; "forgot password" still lets the new user in (issue 12)', async () => {
    const current = (await a.get(`/company/settings/${companyId}?category=notification`)).body.notification as { version: number }
    expect((await a.put('/company/settings/notification', { version: current.version, internalNotification: true, emailNotification: false })).status).toBe(200)
    const created = await a.post('/user', body())
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect((await agent(t.request).post('/auth/forgotPassword', { email: 'selin.aksoy@example.com' })).status).toBe(202)
    await expect.poll(() => t.mails.filter((m) => m.to.includes('selin.aksoy@example.com')).length, { timeout: 10_000 }).toBe(1)
    expect(t.mails.filter((m) => m.to.includes('selin.aksoy@example.com')).map((m) => m.subject)).toEqual(['Geçici şifreniz'])
  })
})
