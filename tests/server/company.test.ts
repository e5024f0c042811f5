import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { SMTPServer } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JOB_TITLE_COLOURS, contrastRatio, isValidVkn, normalizeTrPhone, textColourOn, vknCheckDigit } from '../../src/domain/company.ts'
import { appUser, auditLog, companySetting } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const LONG_PASSWORD = 'Uzun-Ve-Güçlü-Bir-Cümle-2026!'

describe('company rules', () => {
  it('checks the VKN check digit', () => {
    expect(isValidVkn('1234567890')).toBe(true)
    expect(isValidVkn('1234567891')).toBe(false)
    expect(isValidVkn('123456789')).toBe(false)
    expect(isValidVkn('12345678901')).toBe(false)
    for (let n = 0; n < 200; n++) {
      const first9 = String(Math.floor(Math.random() * 1e9)).padStart(9, '0')
      const check = vknCheckDigit(first9)
      expect(isValidVkn(first9 + check)).toBe(true)
      expect(isValidVkn(first9 + ((check + 1 + (n % 9)) % 10))).toBe(false)
    }
  })

  it('normalises Turkish phone numbers, landline and mobile', () => {
    expect(normalizeTrPhone('0212 555 12 34')).toBe('+902125551234')
    expect(normalizeTrPhone('+90 (532) 123-45-67')).toBe('+905321234567')
    expect(normalizeTrPhone('0612 555 12 34')).toBeNull()
    expect(normalizeTrPhone('12345')).toBeNull()
  })

  it('keeps every palette colour readable (4.5:1 with its text colour)', () => {
    for (const colour of JOB_TITLE_COLOURS) expect(contrastRatio(colour, textColourOn(colour)), colour).toBeGreaterThanOrEqual(4.5)
  })
})

describe.each(dbKinds())('company settings on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: true })
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
  })
  afterEach(async () => { await t.close() })

  const general = (version: number, changes: Record<string, unknown> = {}) => ({
    version, name: 'Katılım Emeklilik ve Hayat A.Ş.', email: 'Bilgi@Example.com', phone: '0212 555 12 34', taxNumber: '1234567890',
    size: 'LARGE', sector: 'K', webPage: 'https://www.example.com', defaultCurrency: 'TRY', language: 'tr', timeZone: 'Europe/Istanbul', ...changes,
  })

  it('edits the general information: checked fields, normalised phone, conflicts, audit', async () => {
    const info = await a.get(`/company/companyInfo/${companyId}`)
    expect(info.status).toBe(200)
    const sizes = await a.get('/lookup/companySizes')
    const size = (sizes.body as unknown as Array<{ value: string }>)[0]!.value
    const bad = await a.put(`/company/${companyId}`, general(info.body.version as number, { taxNumber: '1234567891', email: 'x', phone: '123', size: 'HUGE', timeZone: 'Mars/Base' }))
    expect(bad.status).toBe(400)
    expect((bad.body.issues as Array<{ path: string; code: string }>).map((i) => `${i.path}:${i.code}`).sort())
      .toEqual(['email:email', 'phone:phone', 'taxNumber:taxNumber'])
    const semantic = await a.put(`/company/${companyId}`, general(info.body.version as number, { size: 'HUGE', timeZone: 'Mars/Base' }))
    expect((semantic.body.issues as Array<{ path: string }>).map((i) => i.path).sort()).toEqual(['size', 'timeZone'])
    const ok = await a.put(`/company/${companyId}`, general(info.body.version as number, { size }))
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body).toMatchObject({ phone: '+902125551234', email: 'bilgi@example.com', taxNumber: '1234567890', version: (info.body.version as number) + 1 })
    const stale = await a.put(`/company/${companyId}`, general(info.body.version as number, { size }))
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe('CONFLICT')
    expect((await a.put(`/company/${companyId}`, { ...general(ok.body.version as number, { size }), logo: 'x' })).status).toBe(400)
    expect((await a.get('/company/companyInfo/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'company.updated'))
    expect(entries).toHaveLength(1)
    expect(entries[0]!.detail).toMatchObject({ before: { phone: null }, after: { phone: '+902125551234' } })
  })

  it('lets a plain user read but not change the company', async () => {
    await createUser(t.db, { username: 'personel', password: PASSWORD, roles: ['ROLE_USER'] })
    const u = agent(t.request)
    await u.post('/auth/login', { username: 'personel', password: PASSWORD })
    expect((await u.get(`/company/companyInfo/${companyId}`)).status).toBe(200)
    expect((await u.put(`/company/${companyId}`, general(1))).status).toBe(403)
    expect((await u.get(`/company/settings/${companyId}?category=security`)).status).toBe(403)
    expect((await u.post('/company/jobtitle', { title: 'Uzman', experienceLevel: 'x', colorCode: '#1f4e79' })).status).toBe(403)
  })

  describe('logo', () => {
    const upload = (body: Uint8Array, type = 'image/png') => t.request(`/company/${companyId}/logo`, {
      method: 'POST', body: new Blob([body as Uint8Array<ArrayBuffer>]), headers: { 'content-type': type, trxType: 'FRM', cookie: [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })

    it('re-encodes a PNG with a trailing script: the served image has none of the uploaded extra bytes', async () => {
      const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: '#1f4e79' } }).png().toBuffer()
      const script = Buffer.from('<script>alert(document.cookie)</script>')
      const res = await upload(new Uint8Array(Buffer.concat([png, script])))
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ width: 512, height: 171 })
      const served = await t.request(`/images/company/${companyId}/logo`, { headers: { cookie: [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      const bytes = Buffer.from(await served.arrayBuffer())
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      expect(bytes.includes(script)).toBe(false)
      expect((await a.get(`/company/companyInfo/${companyId}`)).body.logo).toMatch(/\/images\/company\/.+\/logo\?v=\d+$/)
    })

    it('refuses an SVG with a script, HTML named .png, and a 20 MB file; nothing is stored', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
      expect((await upload(new Uint8Array(svg), 'image/svg+xml')).status).toBe(415)
      const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>')
      const asPng = await upload(new Uint8Array(html), 'image/png')
      expect(asPng.status).toBe(415)
      expect(((await asPng.json()) as { code: string }).code).toBe('UNSUPPORTED_IMAGE')
      const big = new Uint8Array(20 * 1024 * 1024)
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      expect((await upload(big)).status).toBe(413)
      const truncated = (await sharp({ create: { width: 50, height: 50, channels: 3, background: 'red' } }).png().toBuffer()).subarray(0, 60)
      expect((await upload(new Uint8Array(truncated))).status).toBe(415)
      expect((await t.request(`/images/company/${companyId}/logo`, { headers: { cookie: [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })).status).toBe(404)
    })
  })

  it('manages job titles: the readable palette only, the option list, conflicts', async () => {
    const levels = await a.get('/lookup/experiencelevels')
    const level = (levels.body as unknown as Array<{ value: string }>)[0]!.value
    expect((await a.post('/company/jobtitle', { title: 'Uzman', experienceLevel: level, colorCode: '#ffff00' })).body)
      .toMatchObject({ code: 'VALIDATION', issues: [{ path: 'colorCode', code: 'colorCode' }] })
    const created = await a.post('/company/jobtitle', { title: 'Kıdemli Uzman', experienceLevel: level, colorCode: '#1F4E79' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ jobtitle: 'Kıdemli Uzman', colorCode: '#1f4e79', textColour: '#ffffff', version: 1 })
    expect((await a.post('/company/jobtitle', { title: 'kıdemli uzman', experienceLevel: level, colorCode: '#eeeeee' })).body.code).toBe('JOB_TITLE_EXISTS')
    const list = await a.get(`/company/jobtitle/${companyId}`)
    expect(list.body.items).toEqual([expect.objectContaining({ jobtitle: 'Kıdemli Uzman', jobtitleid: created.body.jobtitleid })])
    const id = created.body.jobtitleid as string
    expect((await a.put(`/company/jobtitle/${id}`, { version: 1, title: 'Baş Uzman', experienceLevel: level, colorCode: '#eeeeee' })).body).toMatchObject({ textColour: '#000000', version: 2 })
    expect((await a.put(`/company/jobtitle/${id}`, { version: 1, title: 'X', experienceLevel: level, colorCode: '#eeeeee' })).status).toBe(409)
    expect((await a.del(`/company/jobtitle/${id}?version=2`)).status).toBe(200)
  })

  it('keeps addresses with the cascade down to a neighbourhood, whose postal code fills the zip code', async () => {
    const districts = (await a.get('/lookup/districts?countryCode=TR&cityCode=34')).body as unknown as Array<{ value: string }>
    const district = districts[0]!.value
    const suburbs = (await a.get(`/lookup/hometowns?countryCode=TR&cityCode=34&districtCode=${district}`)).body as unknown as Array<{ value: string; zipcode: string }>
    const types = (await a.get('/lookup/locationTypes')).body as unknown as Array<{ value: string }>
    const body = { locationtype: types[0]!.value, locationname: 'Genel Müdürlük', countrycode: 'TR', citycode: '34', districtcode: district, suburbcode: suburbs[0]!.value, zipcode: '', addresstext: 'Büyükdere Cad. No: 1' }
    const q = `?entityname=company&entityid=${companyId}`
    const wrongDistrict = await a.post('/party/address' + q, { ...body, citycode: '06' })
    expect(wrongDistrict.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'districtcode', code: 'requiredSelection' }] })
    expect((await a.post('/party/address' + q, { ...body, locationtype: 'RSD' })).status).toBe(400)
    const created = await a.post('/party/address' + q, body)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ status: 'edit', zipcode: suburbs[0]!.zipcode, version: 1 })
    const listed = await a.get('/party/address' + q)
    expect(listed.body.items).toHaveLength(1)
    const locations = await a.get('/company/locations')
    expect(locations.body.items).toEqual([{ locationname: 'Genel Müdürlük', addressid: created.body.addressid, locationtype: types[0]!.value }])
    expect((await a.get('/party/address?entityname=company&entityid=00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const abroad = await a.put(`/party/address/${created.body.addressid as string}`, { ...body, version: 1, countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null, zipcode: '10115' })
    expect(abroad.body).toMatchObject({ countrycode: 'DE', citycode: null, zipcode: '10115', version: 2 })
    const contacts = await a.get(`/party/contacts${q}&contacttype=email`)
    expect(contacts.body.items).toEqual([{ contacttype: 'email', value: 'info@example.com' }])
  })

  it('reads settings by category, never returns the SMTP password, and tests the mail server for real', async () => {
    const users = new Map([['mailer', 'Doğru-Şifre-1']])
    const received: string[] = []
    const smtp = new SMTPServer({
      secure: false, disabledCommands: ['STARTTLS'], authOptional: false, authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, _session, cb) {
        if (users.get(auth.username ?? '') === auth.password) cb(null, { user: auth.username })
        else cb(Object.assign(new Error('535 5.7.8 Kimlik doğrulama başarısız'), { responseCode: 535 }))
      },
      onData(stream, _s, cb) { let d = ''; stream.on('data', (c: Buffer) => (d += c.toString())); stream.on('end', () => { received.push(d); cb() }) },
    })
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', () => ok()))
    try {
      const port = (smtp.server.address() as AddressInfo).port
      const before = await a.get(`/company/settings/${companyId}?category=mailServer,security`)
      expect(before.body).toMatchObject({ mailServer: { port: 587, passwordSet: false }, security: { minLength: 12, ldap: false } })
      expect(Object.keys(before.body).sort()).toEqual(['mailServer', 'security'])
      const save = await a.put('/company/settings/mailServer', { version: (before.body.mailServer as { version: number }).version, security: 'none', host: '127.0.0.1', port, authRequired: true, user: 'mailer', password: 'Yanlış-Şifre', from: 'bildirim@example.com', currentPassword: TEST_ADMIN.password })
      expect(save.status, JSON.stringify(save.body)).toBe(200)
      expect(JSON.stringify(save.body)).not.toContain('Yanlış-Şifre')
      const [stored] = await t.db.select().from(companySetting).where(eq(companySetting.category, 'mailServer'))
      expect(JSON.stringify(stored!.data)).not.toContain('Yanlış-Şifre')
      const failed = await a.post('/company/settings/mailServer/test', { to: 'deneme@example.com' })
      expect(failed.body.ok).toBe(false)
      expect(failed.body.answer).toMatch(/535/)
      // the right password, without a restart; the other fields stay as saved
      const fixed = await a.put('/company/settings/mailServer', { version: save.body.version as number, security: 'none', host: '127.0.0.1', port, authRequired: true, user: 'mailer', password: 'Doğru-Şifre-1', from: 'bildirim@example.com', currentPassword: TEST_ADMIN.password })
      expect(fixed.body.passwordSet).toBe(true)
      const sent = await a.post('/company/settings/mailServer/test', { to: 'deneme@example.com' })
      expect(sent.body).toEqual({ ok: true, answer: '250 OK' })
      expect(received).toHaveLength(1)
      // the password stays when the form sends none
      const keep = await a.put('/company/settings/mailServer', { version: fixed.body.version as number, security: 'none', host: '127.0.0.1', port, authRequired: true, user: 'mailer', from: '', currentPassword: TEST_ADMIN.password })
      expect(keep.body.passwordSet).toBe(true)
      expect((await a.get(`/company/settings/${companyId}?category=nope`)).status).toBe(400)
    } finally {
      await new Promise<void>((ok) => smtp.close(() => ok()))
    }
  })

  it('previews a stricter password policy; at sign-in only a password that fails it must change (issue 28 item 6)', async () => {
    await createUser(t.db, { username: 'eski', password: PASSWORD })
    await createUser(t.db, { username: 'kuzey', password: LONG_PASSWORD })
    const current = (await a.get(`/company/settings/${companyId}?category=security`)).body.security as Record<string, unknown>
    const stricter = {
      version: current.version, complexity: 'veryComplex', uniqueAmongUsers: false, minLength: 20, expiryDays: 90, historyCount: 4, maxFailedLogins: 5,
      expiryWarningDays: 14, addressFailureLimit: 10, addressWindowMinutes: 15,
    }
    // the seeded superadmin's password was recorded under the default policy; the two fixtures' were not
    const preview = await a.post('/company/settings/security/preview', stricter)
    const total = (await t.db.select().from(appUser)).length
    expect(preview.body).toEqual({ users: total, affected: total })
    const unchanged = await a.post('/company/settings/security/preview', { ...stricter, minLength: 12 })
    expect(unchanged.body).toEqual({ users: total, affected: 2 })
    expect((await a.put('/company/settings/security', stricter)).body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    const saved = await a.put('/company/settings/security', { ...stricter, currentPassword: TEST_ADMIN.password })
    expect(saved.body).toMatchObject({ minLength: 20, affected: total, version: (current.version as number) + 1 })
    // nobody was forced by the save itself
    expect((await t.db.select().from(appUser)).filter((u) => u.mustChangePassword)).toEqual([])
    // 18 characters: fails the new minimum at sign-in, and must change
    const login = await agent(t.request).post('/auth/login', { username: 'eski', password: PASSWORD })
    expect(login.body).toMatchObject({ passwordExpired: true, policy: { minLength: 20 } })
    // 27 characters: meets it, signs in, and is recorded as meeting it
    const ok = await agent(t.request).post('/auth/login', { username: 'kuzey', password: LONG_PASSWORD })
    expect(ok.body).toMatchObject({ passwordExpired: false })
    const [kuzey] = await t.db.select().from(appUser).where(eq(appUser.username, 'kuzey'))
    expect(kuzey!.passwordPolicy).toEqual({ minLength: 20, complexity: 'veryComplex', rules: 2 })
    expect((await a.put('/company/settings/security', { ...stricter, currentPassword: TEST_ADMIN.password })).status).toBe(409)
    expect((await a.post('/company/settings/security/preview', { ...stricter, minLength: 4 })).status).toBe(400)
  })

  it('proposes the company currency to the public site once chosen, else none (spec 9 language rule)', async () => {
    expect(await (await t.request('/client/info')).json()).toMatchObject({ currency: null })
    const prefs = (await a.get(`/company/settings/${companyId}?category=preferences`)).body.preferences as Record<string, unknown>
    expect(prefs.defaultCurrency).toBe('LANGUAGE')
    const chosen = await a.put('/company/settings/preferences', { ...prefs, defaults: undefined, defaultCurrency: 'EUR' })
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
    expect(await (await t.request('/client/info')).json()).toMatchObject({ currency: 'EUR' })
    const back = await a.put('/company/settings/preferences', { ...chosen.body, defaults: undefined, defaultCurrency: 'LANGUAGE' })
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(await (await t.request('/client/info')).json()).toMatchObject({ currency: null })
    expect((await a.put('/company/settings/preferences', { ...back.body, defaults: undefined, defaultCurrency: 'GBP' })).status).toBe(400)
  })

  it('shortens the inactivity thresholds from the preferences, for the next session check', async () => {
    const prefs = (await a.get(`/company/settings/${companyId}?category=preferences`)).body.preferences as Record<string, unknown>
    expect(prefs).toMatchObject({ inactiveUserThresholdMinutes: 10, activityThrottleMinutes: 2, timeToLockMinutes: 0.5, logoutWaitMinutes: 30, defaults: { inactiveUserThresholdMinutes: 10 } })
    const saved = await a.put('/company/settings/preferences', {
      version: prefs.version, defaultCurrency: 'USD', language: 'en', timeZone: 'Europe/Istanbul',
      inactiveUserThresholdMinutes: 3, activityThrottleMinutes: 1, timeToLockMinutes: 0.5, logoutWaitMinutes: 15,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const check = await a.post('/auth/checkSessionValidity', {})
    expect(check.body.timing).toMatchObject({ inactiveMs: 180_000, throttleMs: 60_000, warningMs: 30_000, logoutWaitMs: 900_000 })
    expect((await a.get(`/company/companyInfo/${companyId}`)).body).toMatchObject({ defaultCurrency: 'USD', language: 'en' })
    const invalid = await a.put('/company/settings/preferences', { ...saved.body, defaults: undefined, version: saved.body.version, timeToLockMinutes: 5, inactiveUserThresholdMinutes: 3 })
    expect(invalid.status).toBe(400)
  })
})
