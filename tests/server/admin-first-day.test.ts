import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, company } from '../../src/server/db/schema.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/** Issue 25: the administrator's first day. */
const PASSWORD = 'Güçlü-Parola-2026!'
const tckn = (nine: string) => nine + tcknCheckDigits(nine)

describe.each(dbKinds())('the administrator\'s first day on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    t = await createTestApp(kind)
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
  })
  afterEach(async () => { await t.close() })

  it('item 1: the seeded company saves a new name without the phone, VKN, size and sector it never had; a given one cannot be cleared', async () => {
    const info = await a.get(`/company/companyInfo/${companyId}`)
    expect(info.body).toMatchObject({ phone: null, taxNumber: null, size: null, sector: null })
    const body = { ...info.body }
    for (const k of ['id', 'logo']) delete body[k]
    const renamed = await a.put(`/company/${companyId}`, { ...body, name: 'Yeni Ad A.Ş.' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Yeni Ad A.Ş.', phone: null, taxNumber: null, size: null, sector: null })
    // once given, a field is required again
    const withPhone = await a.put(`/company/${companyId}`, { ...body, version: renamed.body.version, name: 'Yeni Ad A.Ş.', phone: '0212 555 12 34' })
    expect(withPhone.status).toBe(200)
    const cleared = await a.put(`/company/${companyId}`, { ...body, version: withPhone.body.version, phone: null })
    expect(cleared.status).toBe(400)
    expect(cleared.body.issues).toEqual([{ path: 'phone', code: 'required' }])
    // an invalid value is refused as before
    const bad = await a.put(`/company/${companyId}`, { ...body, version: withPhone.body.version, phone: '0212 555 12 34', taxNumber: '1234567891' })
    expect(bad.status).toBe(400)
    expect((await t.db.select().from(company))[0]!.name).toBe('Yeni Ad A.Ş.')
  })

  it('item 1: a seeded user\'s first name changes though seven details were never filled; a filled one cannot be cleared', async () => {
    const u = await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD })
    const loaded = await a.get(`/user/${u.id}`)
    const nulls = { gender: null, country: null, nationalId: null, passportNo: null, jobTitleId: null, workLocationId: null, mobilePhone: null, birthDate: null }
    expect(loaded.body).toMatchObject(nulls)
    const body = { firstName: 'Mehmet Ali', lastName: 'Öztürk', email: u.email, ...nulls, version: loaded.body.version }
    const ok = await a.put(`/user/${u.id}`, body)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body).toMatchObject({ firstName: 'Mehmet Ali', ...nulls })
    // the country chosen: the identity number of Türkiye is still excused (it was never there), a wrong one is not
    const tr = await a.put(`/user/${u.id}`, { ...body, version: ok.body.version, country: 'TR', mobilePhone: '0532 123 45 67' })
    expect(tr.status, JSON.stringify(tr.body)).toBe(200)
    const wrongId = await a.put(`/user/${u.id}`, { ...body, version: tr.body.version, country: 'TR', nationalId: '12345678901', mobilePhone: '0532 123 45 67' })
    expect(wrongId.body.issues).toEqual([{ path: 'nationalId', code: 'nationalId' }])
    // a filled detail is required from then on
    const cleared = await a.put(`/user/${u.id}`, { ...body, version: tr.body.version, country: null, mobilePhone: null })
    expect(cleared.status).toBe(400)
    expect(cleared.body.issues).toEqual([{ path: 'country', code: 'requiredSelection' }, { path: 'mobilePhone', code: 'required' }])
    // a user created complete keeps every field required
    const refs = await jobTitleAndLocation(a, companyId)
    const complete = {
      ...body, gender: 'male', country: 'TR', nationalId: tckn('512345678'), mobilePhone: '0532 123 45 67', birthDate: '1980-01-01',
      jobTitleId: refs.jobTitleId, workLocationId: refs.locationId,
    }
    const full = await a.put(`/user/${u.id}`, { ...complete, version: tr.body.version })
    expect(full.status, JSON.stringify(full.body)).toBe(200)
    const noTitle = await a.put(`/user/${u.id}`, { ...complete, jobTitleId: null, version: full.body.version })
    expect(noTitle.status).toBe(400)
    expect(noTitle.body.issues).toEqual([{ path: 'jobTitleId', code: 'requiredSelection' }])
    expect((await t.db.select().from(appUser).where(eq(appUser.id, u.id)))[0]!.jobTitleId).toBe(refs.jobTitleId)
  })
  it('item 13: GET /group/{company id} answers the company\'s groups (none yet: an empty list), filterByLevelType; one group under /group/{id}/detail', async () => {
    const none = await a.get(`/group/${companyId}`)
    expect(none.status).toBe(200)
    expect(none.body.items).toEqual([])
    const m = (await a.post('/group', { name: 'Müdürlük', level: 'management', parentId: null })).body
    const u = (await a.post('/group', { name: 'Birim', level: 'unit', parentId: m.id })).body
    await a.post('/group', { name: 'Ekip', level: 'team', parentId: u.id })
    const all = await a.get(`/group/${companyId}`)
    expect((all.body.items as Array<{ name: string; subgroups: number }>).map((g) => [g.name, g.subgroups])).toEqual([['Birim', 1], ['Ekip', 0], ['Müdürlük', 1]])
    const teams = await a.get(`/group/${companyId}?filterByLevelType=team`)
    expect((teams.body.items as Array<{ name: string }>).map((g) => g.name)).toEqual(['Ekip'])
    expect((await a.get(`/group/${companyId}?filterByLevelType=x`)).status).toBe(400)
    const one = await a.get(`/group/${u.id}/detail`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ id: u.id, name: 'Birim', level: 'unit', parentId: m.id, members: 0, roles: 0, subgroups: 1 })
    expect((await a.get(`/group/${companyId}/detail`)).status).toBe(404)
    expect((await a.get('/group/00000000-0000-4000-8000-000000000000/detail')).status).toBe(404)
    expect((await a.get('/group/not-an-id/detail')).status).toBe(404)
  })
  it('item 9: a ROLE_USER\'s dashboard carries only their own figures, no company-wide counts; an admin\'s the company\'s', async () => {
    await createUser(t.db, { username: 'calisan', password: PASSWORD, roles: ['ROLE_USER'] })
    await createUser(t.db, { username: 'diger', password: PASSWORD, roles: ['ROLE_USER'] })
    const own = agent(t.request)
    expect((await own.post('/auth/login', { username: 'calisan', password: PASSWORD })).status).toBe(200)
    // another user's sign-in and a lockout that are not the caller's
    expect((await agent(t.request).post('/auth/login', { username: 'diger', password: PASSWORD })).status).toBe(200)
    for (let i = 0; i < 6; i++) await agent(t.request).post('/auth/login', { username: 'diger', password: 'yanlis-parola-1' })
    const mine = await own.get('/dashboard')
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ scope: 'own', usersByStatus: null, sessions: null })
    const days = mine.body.daily as Array<{ signIns: number; lockouts: number }>
    expect(days.reduce((n, d) => n + d.signIns, 0)).toBe(1)
    expect(days.reduce((n, d) => n + d.lockouts, 0)).toBe(0)
    const all = await a.get('/dashboard')
    expect(all.body).toMatchObject({ scope: 'company', usersByStatus: { locked: 1 } })
    const everyone = all.body.daily as Array<{ signIns: number; lockouts: number }>
    expect(everyone.reduce((n, d) => n + d.signIns, 0)).toBe(3)
    expect(everyone.reduce((n, d) => n + d.lockouts, 0)).toBe(1)
  })
})
