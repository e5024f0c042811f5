import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { address, appUser, auditLog, company, jobTitle, role, userGroup, userRole } from '../../src/server/db/schema.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 2: the first user on a fresh install. The test database is what a new install
 * holds after its first start without demo data: migrated, the reference data, the first company,
 * its three system roles and the superadmin; no address, job title or group. The wizard's calls,
 * in its order: its lists, a job title and an address added in place, then POST /user.
 */
const tckn = (nine: string) => nine + tcknCheckDigits(nine)

describe.each(dbKinds())('the first user on a fresh install on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: true })
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // the superadmin's password meets the default policy: no forced change stands in the way
    expect(res.body.passwordExpired).toBe(false)
    companyId = (res.body.user as { companyId: string }).companyId
  })
  afterEach(async () => { await t.close() })

  it('starts with one company, its system roles and the superadmin only', async () => {
    expect(await t.db.select().from(company)).toHaveLength(1)
    expect((await t.db.select().from(appUser)).map((u) => u.username)).toEqual([TEST_ADMIN.username])
    expect((await t.db.select().from(role)).map((r) => r.name).sort()).toEqual(['ROLE_ADMIN', 'ROLE_SUPERADMIN', 'ROLE_USER'])
    expect(await t.db.select().from(address)).toEqual([])
    expect(await t.db.select().from(jobTitle)).toEqual([])
    expect(await t.db.select().from(userGroup)).toEqual([])
  })

  it('the wizard\'s lists answer (empty ones as empty lists), a job title and a work location are added in place, and the user is created', async () => {
    // the lists the wizard reads (src/web/flows/create-user.ts): none fails on an empty company
    const titles = await a.get(`/company/jobtitle/${companyId}`)
    expect(titles.status).toBe(200)
    expect(titles.body.items).toEqual([])
    const places = await a.get(`/party/address?entityname=company&entityid=${companyId}`)
    expect(places.status).toBe(200)
    expect(places.body.items).toEqual([])
    const groups = await a.get(`/group/${companyId}`)
    expect(groups.status).toBe(200)
    expect(groups.body.items).toEqual([])
    const roles = await a.get(`/role/${companyId}`)
    expect(roles.status).toBe(200)
    const roleId = Object.fromEntries((roles.body.items as Array<{ id: string; rolename: string }>).map((r) => [r.rolename, r.id]))
    expect(Object.keys(roleId).sort()).toEqual(['ROLE_ADMIN', 'ROLE_SUPERADMIN', 'ROLE_USER'])

    const personal = {
      username: 'ilk.kullanici', firstName: 'Zeynep', lastName: 'Kaya', gender: 'female', country: 'TR', nationalId: tckn('234567891'), passportNo: null,
      jobTitleId: '', workLocationId: '', email: 'zeynep.kaya@example.com', mobilePhone: '0532 765 43 21', birthDate: '1988-02-29',
      mainRole: roleId.ROLE_ADMIN, defaultRole: roleId.ROLE_ADMIN,
    }
    const addressStep = {
      status: 'create', addressid: 'create-new', locationtype: 'HQ', locationname: 'Ev', countrycode: 'DE', citycode: null, districtcode: null,
      suburbcode: null, zipcode: '10115', addresstext: 'Invalidenstraße 1, Berlin',
    }
    const groupRoles = { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null }
    const types = (await a.get('/lookup/locationTypes')).body as unknown as Array<{ value: string }>
    addressStep.locationtype = types[0]!.value

    // without a job title and a work location the server names both fields
    const missing = await a.post('/user', { personal, address: addressStep, groupRoles })
    expect(missing.status).toBe(400)
    expect(missing.body.issues).toEqual(expect.arrayContaining([
      { path: 'personal.jobTitleId', code: 'requiredSelection' },
      { path: 'personal.workLocationId', code: 'requiredSelection' },
    ]))
    expect(await t.db.select().from(appUser)).toHaveLength(1)

    // added in place: the company pages' own calls
    const level = ((await a.get('/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value
    const title = await a.post('/company/jobtitle', { title: 'Sigorta Uzmanı', experienceLevel: level, colorCode: '#1f4e79' })
    expect(title.status, JSON.stringify(title.body)).toBe(201)
    const place = await a.post(`/party/address?entityname=company&entityid=${companyId}`, {
      locationtype: types[0]!.value, locationname: 'Genel Müdürlük', countrycode: 'TR', citycode: '34', districtcode: null, suburbcode: null,
      zipcode: null, addresstext: 'Büyükdere Caddesi 1',
    })
    // a Turkish address needs its district: the refusal names the field, nothing is stored
    expect(place.status).toBe(400)
    expect(await t.db.select().from(address)).toEqual([])
    const placeOk = await a.post(`/party/address?entityname=company&entityid=${companyId}`, {
      locationtype: types[0]!.value, locationname: 'Genel Müdürlük', countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null,
      zipcode: '10115', addresstext: 'Friedrichstraße 1, Berlin',
    })
    expect(placeOk.status, JSON.stringify(placeOk.body)).toBe(201)
    // the wizard's lists now offer them
    expect((await a.get(`/company/jobtitle/${companyId}`)).body.items).toEqual([expect.objectContaining({ jobtitleid: title.body.jobtitleid, jobtitle: 'Sigorta Uzmanı' })])
    expect((await a.get(`/party/address?entityname=company&entityid=${companyId}`)).body.items)
      .toEqual([expect.objectContaining({ addressid: placeOk.body.addressid, locationname: 'Genel Müdürlük' })])

    const created = await a.post('/user', {
      personal: { ...personal, jobTitleId: title.body.jobtitleid, workLocationId: placeOk.body.addressid }, address: addressStep, groupRoles,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ username: 'ilk.kullanici', jobTitleId: title.body.jobtitleid, workLocationId: placeOk.body.addressid, status: 'active' })
    const [stored] = await t.db.select().from(appUser).where(eq(appUser.username, 'ilk.kullanici'))
    expect(stored).toMatchObject({ companyId, jobTitleId: title.body.jobtitleid, workLocationId: placeOk.body.addressid })
    const held = await t.db.select().from(userRole).where(eq(userRole.userId, stored!.id))
    expect(held).toEqual([expect.objectContaining({ roleId: roleId.ROLE_ADMIN, isMain: true, isDefault: true })])
    expect((await t.db.select().from(auditLog).where(eq(auditLog.target, stored!.id))).map((e) => e.action)).toContain('user.created')
    // the welcome mail with the temporary password, and the first sign-in asks for a new one
    await expect.poll(() => t.mails.filter((m) => m.to.includes('zeynep.kaya@example.com')).length).toBe(1)
    const temporary = /Geçici şifreniz: (\S+)/.exec(t.mails.find((m) => m.to.includes('zeynep.kaya@example.com'))!.text)![1]!
    const first = await agent(t.request).post('/auth/login', { username: 'ilk.kullanici', password: temporary })
    expect(first.body).toMatchObject({ passwordExpired: true, username: 'ilk.kullanici' })
  })
})
