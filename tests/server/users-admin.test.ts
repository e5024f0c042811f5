import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, auditLog, role, userGroup, userRole } from '../../src/server/db/schema.ts'
import { toCsv } from '../../src/server/services/csv.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, testClock, type TestApp } from '../support/test-app.ts'

/** Issue 14: the user list (search, filters, CSV, bulk status), PUT /user/{id}, photos, role expiry. */
const PASSWORD = 'Güçlü-Parola-2026!'
const tckn = (nine: string) => nine + tcknCheckDigits(nine)

describe('CSV through csv-stringify (services/csv.ts, issue 28 item 10)', () => {
  const cell = (value: string) => toCsv(['h'], [[value]]).replace(/^\uFEFF"h"\r\n/, '').replace(/\r\n$/, '')
  it('makes formula-looking cells text (OWASP CSV injection), full-width forms too, and quotes every cell', () => {
    expect(cell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"')
    for (const lead of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) expect(cell(`${lead}1+1`)).toBe(`"'${lead}1+1"`)
    expect(cell('Şükrü Öztürk, İzmir')).toBe('"Şükrü Öztürk, İzmir"')
    expect(cell('a=b')).toBe('"a=b"')
    expect(cell('')).toBe('""')
    expect(cell('satır\nsonu')).toBe('"satır\nsonu"')
  })
})

describe.each(dbKinds())('user administration on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let clock: ReturnType<typeof testClock>
  let roles: Record<string, string>
  let jobTitleId: string
  let locationId: string
  let companyId: string
  const cookie = (x: ReturnType<typeof agent>) => [...x.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const signIn = async (username: string) => {
    const x = agent(t.request)
    expect((await x.post('/auth/login', { username, password: PASSWORD })).status).toBe(200)
    return x
  }
  beforeEach(async () => {
    clock = testClock(new Date('2026-11-23T09:00:00Z'))
    t = await createTestApp(kind, {}, { clock })
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
    roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.name, r.id]))
    const refs = await jobTitleAndLocation(a, companyId)
    jobTitleId = refs.jobTitleId
    locationId = refs.locationId
  })
  afterEach(async () => { await t.close() })

  const details = (changes: Record<string, unknown> = {}) => ({
    firstName: 'Şule', lastName: 'Öztürk', gender: 'female', country: 'TR', nationalId: tckn('512345678'), passportNo: null,
    jobTitleId, workLocationId: locationId, email: 'sule.ozturk@example.com', mobilePhone: '0532 123 45 67', birthDate: '1988-02-29', version: 1, ...changes,
  })

  it('searches by name, username, e-mail and national ID; filters by status, group and role; sorts', async () => {
    const u1 = await createUser(t.db, { username: 'sule.ozturk', password: PASSWORD, email: 'sule@example.com' })
    const u2 = await createUser(t.db, { username: 'ilker.kaya', password: PASSWORD, email: 'ik@example.com', roles: ['ROLE_ADMIN'] })
    await t.db.update(appUser).set({ firstName: 'Şule', lastName: 'Çağlayan', nationalId: tckn('612345678') }).where(eq(appUser.id, u1.id))
    const [group] = await t.db.insert(userGroup).values({ companyId, name: 'Satış', level: 'team' }).returning({ id: userGroup.id })
    await t.db.update(appUser).set({ groupId: group!.id, status: 'suspended' }).where(eq(appUser.id, u2.id))
    const names = (res: { body: Record<string, unknown> }) => (res.body.items as Array<{ username: string }>).map((x) => x.username)
    expect(names(await a.get(`/user?q=${tckn('612345678')}`))).toEqual(['sule.ozturk'])
    expect(names(await a.get('/user?q=ik@exa'))).toEqual(['ilker.kaya'])
    expect(names(await a.get(`/user?q=${encodeURIComponent('şule ÇAĞ')}`))).toEqual(['sule.ozturk'])
    expect(names(await a.get('/user?q=ule.ozt'))).toEqual(['sule.ozturk'])
    expect(names(await a.get(`/user?group=${group!.id}`))).toEqual(['ilker.kaya'])
    expect(names(await a.get('/user?status=suspended'))).toEqual(['ilker.kaya'])
    expect(names(await a.get(`/user?role=${roles.ROLE_ADMIN}&sort=-username`))).toEqual(['ilker.kaya'])
    expect(names(await a.get(`/user?role=${roles.ROLE_SUPERADMIN}`))).toEqual([TEST_ADMIN.username])
    expect(names(await a.get('/user?sort=-email')).slice(0, 2)).toEqual(['sule.ozturk', 'ilker.kaya'])
    const listed = await a.get('/user?q=ilker')
    expect(listed.body).toMatchObject({ total: 1, items: [{ groupName: 'Satış', status: 'suspended', photo: null }] })
    expect((await a.get('/user?group=x')).status).toBe(400)
    expect((await a.get('/user?role=1')).status).toBe(400)
  })

  it('exports the filtered list as CSV: BOM, readable headers in the request\'s language, Turkish letters intact, formulas defused, audited', async () => {
    const u = await createUser(t.db, { username: 'sukru', password: PASSWORD, email: 'sukru@example.com' })
    await t.db.update(appUser).set({ firstName: '=cmd|" /C calc"!A0', lastName: '@SUM(1+1)*cmd|\' /C calc\'!A0', createdAt: new Date('2026-11-23T09:00:00Z') }).where(eq(appUser.id, u.id))
    await t.db.update(appUser).set({ lockedAt: clock.now() }).where(eq(appUser.id, u.id))
    await createUser(t.db, { username: 'baska', password: PASSWORD })
    const exported = async (locale: string) => {
      const res = await t.request('/user/export?q=sukru&sort=username', { headers: { cookie: cookie(a), trxType: 'FRM', locale } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('content-disposition')).toContain('attachment')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, '').split('\r\n')
    }
    const lines = await exported('tr')
    expect(lines[0]).toBe('"Kullanıcı adı","Ad","Soyad","E-posta","Durum","Kilitli","Grup","Roller","Oluşturulma (Europe/Istanbul)"')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toBe(`"sukru","'=cmd|"" /C calc""!A0","'@SUM(1+1)*cmd|' /C calc'!A0","sukru@example.com","Etkin","Evet","","ROLE_USER","2026-11-23 12:00:00"`)
    expect(lines[2]).toBe('')
    const english = await exported('en')
    expect(english[0]).toBe('"Username","First name","Last name","E-mail","Status","Locked","Group","Roles","Created (Europe/Istanbul)"')
    expect(english[1]).toContain('"Active","Yes"')
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.exported'))).toHaveLength(2)
    await createUser(t.db, { username: 'personel', password: PASSWORD })
    expect((await (await signIn('personel')).get('/user/export')).status).toBe(403)
  })

  it('changes status in bulk: the outcome per user, self and the last superadmin refused, sessions ended', async () => {
    const x = await createUser(t.db, { username: 'bir', password: PASSWORD })
    const y = await createUser(t.db, { username: 'iki', password: PASSWORD })
    const victim = await signIn('bir')
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.username, TEST_ADMIN.username))
    const res = await a.post('/user/status', { ids: [x.id, y.id, admin!.id], status: 'suspended' }, { locale: 'en' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'suspended', changed: 2,
      results: [
        { id: x.id, ok: true, message: 'User Suspended from the system!' },
        { id: y.id, ok: true, message: 'User Suspended from the system!' },
        { id: admin!.id, ok: false, code: 'SELF_STATUS', message: 'You cannot change the status of your own account' },
      ],
    })
    expect((await victim.get('/profile')).status).toBe(401)
    const back = await a.post('/user/status', { ids: [x.id], status: 'active' }, { locale: 'ru' })
    expect(back.body.results).toEqual([{ id: x.id, ok: true, message: 'Пользователь снова активирован!' }])
    // another admin cannot take the last superadmin along in a bulk change
    await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    const other = await signIn('yonetici')
    const last = await other.post('/user/status', { ids: [admin!.id, x.id], status: 'removed' })
    // (issue 28: a superadmin is beyond an administrator's reach altogether, the last one or not)
    expect(last.body.results).toMatchObject([{ id: admin!.id, ok: false, code: 'ROLE_ESCALATION' }, { id: x.id, ok: true, message: 'Kullanıcı sistemden kaldırıldı !' }])
    expect((await a.post('/user/status', { ids: [], status: 'removed' })).status).toBe(400)
    expect((await a.post('/user/status', { ids: ['x'], status: 'removed' })).status).toBe(400)
  })

  it('PUT /user/{id}: strict body, version conflict, duplicate e-mail as a field error, audit before/after', async () => {
    const u = await createUser(t.db, { username: 'sule', password: PASSWORD, email: 'sule@example.com' })
    await createUser(t.db, { username: 'dolu', password: PASSWORD, email: 'dolu@example.com' })
    const { version } = (await t.db.select().from(appUser).where(eq(appUser.id, u.id)))[0]!
    const ok = await a.put(`/user/${u.id}`, details({ version }))
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    // the new e-mail address waits for its confirmation (issue 28): the rest is saved at once
    expect(ok.body).toMatchObject({
      firstName: 'Şule', email: 'sule@example.com', pendingEmail: { email: 'sule.ozturk@example.com' }, mobilePhone: '+905321234567', version: version + 1,
      birthDate: '1988-02-29', jobTitle: 'Uzman', workLocation: 'Genel Müdürlük',
    })
    const stale = await a.put(`/user/${u.id}`, details({ version, firstName: 'Eski' }))
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe('CONFLICT')
    const dup = await a.put(`/user/${u.id}`, details({ version: version + 1, email: 'DOLU@example.com' }))
    expect(dup.status).toBe(409)
    expect(dup.body).toMatchObject({ code: 'USER_EXISTS', issues: [{ path: 'email', code: 'exists' }] })
    expect((await a.put(`/user/${u.id}`, { ...details({ version: version + 1 }), username: 'x' })).status).toBe(400)
    expect((await a.put(`/user/${u.id}`, details({ version: version + 1, nationalId: '12345678901' }))).body.issues).toEqual([{ path: 'nationalId', code: 'nationalId' }])
    expect((await a.put(`/user/${u.id}`, details({ version: version + 1, birthDate: '2015-01-01' }))).body.issues).toEqual([{ path: 'birthDate', code: 'adult' }])
    expect((await a.put(`/user/${u.id}`, details({ version: version + 1, jobTitleId: '00000000-0000-4000-8000-000000000000' }))).body.issues).toEqual([{ path: 'jobTitleId', code: 'requiredSelection' }])
    expect((await a.put('/user/00000000-0000-4000-8000-000000000000', details())).status).toBe(404)
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.updated'))
    expect(entry!.detail).toMatchObject({ before: { email: 'sule@example.com', version }, after: { firstName: 'Şule', email: 'sule@example.com', version: version + 1 }, emailChangeRequested: 'sule.ozturk@example.com' })
  })

  it('a user edits their own details and photo (profile:update), nobody else\'s, and not their job title or location', async () => {
    const me = await createUser(t.db, { username: 'kendim', password: PASSWORD, email: 'kendim@example.com' })
    const other = await createUser(t.db, { username: 'diger', password: PASSWORD })
    await t.db.update(appUser).set({ jobTitleId, workLocationId: locationId }).where(eq(appUser.id, me.id))
    const self = await signIn('kendim')
    const own = await self.put(`/user/${me.id}`, details({ email: 'kendim@example.com' }))
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect((await self.put(`/user/${other.id}`, details({ email: 'x@example.com' }))).status).toBe(403)
    const otherTitle = (await a.post('/company/jobtitle', { title: 'Müdür', experienceLevel: ((await a.get('/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value, colorCode: '#1f4e79' })).body.jobtitleid as string
    expect((await self.put(`/user/${me.id}`, details({ version: 2, jobTitleId: otherTitle }))).status).toBe(403)
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'teal' } }).png().toBuffer()
    const up = (x: ReturnType<typeof agent>, id: string) => t.request(`/user/${id}/photo`, { method: 'POST', body: new Blob([png]), headers: { 'content-type': 'image/png', trxType: 'FRM', cookie: cookie(x) } })
    expect((await up(self, me.id)).status).toBe(200)
    expect((await up(self, other.id)).status).toBe(403)
    expect((await self.get(`/images/user/${me.id}/photo`)).status).toBe(200)
    expect((await self.get(`/images/user/${other.id}/photo`)).status).toBe(403)
    expect((await self.get('/user')).status).toBe(403)
    expect((await self.get(`/user/${me.id}`)).body).toMatchObject({ username: 'kendim', photo: expect.stringMatching(/\/photo\?v=/) })
    expect((await self.get(`/user/userInfo/${me.id}`)).status).toBe(200)
    expect((await self.get(`/user/${other.id}`)).status).toBe(403)
    expect((await self.get(`/user/userInfo/${other.id}`)).status).toBe(403)
  })

  describe('photo', () => {
    let id: string
    beforeEach(async () => { id = (await createUser(t.db, { username: 'foto', password: PASSWORD })).id })
    const upload = (body: Uint8Array, type = 'image/png') => t.request(`/user/${id}/photo`, {
      method: 'POST', body: new Blob([body as Uint8Array<ArrayBuffer>]), headers: { 'content-type': type, trxType: 'FRM', cookie: cookie(a) },
    })

    it('re-encodes a PNG with a trailing script as a square PNG, served by the images call and named in the details and list', async () => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#1f4e79' } }).png().toBuffer()
      const script = Buffer.from('<script>alert(document.cookie)</script>')
      const res = await upload(new Uint8Array(Buffer.concat([png, script])))
      expect(res.status).toBe(200)
      const served = await t.request(`/images/user/${id}/photo`, { headers: { cookie: cookie(a) } })
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      const bytes = Buffer.from(await served.arrayBuffer())
      expect(bytes.includes(script)).toBe(false)
      const meta = await sharp(bytes).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256])
      expect((await a.get(`/user/${id}`)).body.photo).toMatch(/\/images\/user\/.+\/photo\?v=\d+$/)
      expect(((await a.get('/user?q=foto')).body.items as Array<{ photo: string }>)[0]!.photo).toMatch(/\/photo\?v=\d+$/)
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.photo.updated'))).toHaveLength(1)
      expect((await a.del(`/user/${id}/photo`)).status).toBe(200)
      expect((await t.request(`/images/user/${id}/photo`, { headers: { cookie: cookie(a) } })).status).toBe(404)
    })

    it('refuses an SVG, HTML named .png, a 20 MB file and a truncated PNG; nothing is stored', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
      expect((await upload(new Uint8Array(svg), 'image/svg+xml')).status).toBe(415)
      const asPng = await upload(new Uint8Array(Buffer.from('<!doctype html><html><script>alert(1)</script></html>')), 'image/png')
      expect(asPng.status).toBe(415)
      expect(await asPng.json()).toMatchObject({ code: 'UNSUPPORTED_PHOTO', message: 'Fotoğraf PNG, JPEG veya WebP biçiminde bir resim olmalıdır' })
      const big = new Uint8Array(20 * 1024 * 1024)
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      expect((await upload(big)).status).toBe(413)
      const truncated = (await sharp({ create: { width: 50, height: 50, channels: 3, background: 'red' } }).png().toBuffer()).subarray(0, 60)
      expect((await upload(new Uint8Array(truncated))).status).toBe(415)
      expect((await upload(new Uint8Array(0))).status).toBe(400)
      expect((await t.request(`/images/user/${id}/photo`, { headers: { cookie: cookie(a) } })).status).toBe(404)
    })
  })

  it('an expired other-group role stops granting its permissions the moment it expires', async () => {
    const u = await createUser(t.db, { username: 'gecici', password: PASSWORD })
    await t.db.insert(userRole).values({ userId: u.id, roleId: roles.ROLE_ADMIN!, validUntil: new Date(clock.now().getTime() + 60_000) })
    const x = await signIn('gecici')
    expect((await x.post('/auth/switchRole', { role: 'ROLE_ADMIN' })).status).toBe(200)
    expect((await x.get('/user')).status).toBe(200)
    clock.advance(59_000)
    expect((await x.get('/user')).status).toBe(200)
    clock.advance(1_000)
    expect((await x.get('/user')).status).toBe(403)
    expect((await x.get('/profile')).status).toBe(200)
  })
})
