import { desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { appUser, company, outbox } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 5: the language follows the person. Each staff member may store a language of
 * their own (PUT /profile/language); GET /profile/company tells the staff app that language and
 * whether the company lets a person without one see their browser's; the mails sent to a person
 * are in their language, never in the language of the administrator who caused them.
 */
const PASSWORD = 'Güçlü-Parola-2026!'

describe.each(dbKinds())('the language follows the person on %s', (kind) => {
  let t: TestApp
  afterEach(async () => { await t?.close() })

  async function start() {
    t = await createTestApp(kind, {}, { mail: false })
    const admin = agent(t.request)
    await admin.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    return admin
  }
  const lastSubjectTo = async (email: string) =>
    (await t.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.createdAt)).limit(1))[0]?.subject

  it('a person stores their own language; the staff app is told it with the company\'s defaults', async () => {
    await start()
    await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, roles: ['ROLE_USER'] })
    const me = agent(t.request)
    await me.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })
    expect((await me.get('/profile/company')).body).toMatchObject({ language: 'tr', personalLanguage: null, browserLanguage: true })
    const put = await me.put('/profile/language', { language: 'ru' })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect((await me.get('/profile/company')).body).toMatchObject({ personalLanguage: 'ru' })
    expect((await t.db.select({ locale: appUser.locale }).from(appUser).where(eq(appUser.username, 'mehmet.demir')))[0]!.locale).toBe('ru')
    // a new sign-in (another device) is told the same language
    const elsewhere = agent(t.request)
    await elsewhere.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })
    expect((await elsewhere.get('/profile/company')).body).toMatchObject({ personalLanguage: 'ru' })
    // none of their own again
    expect((await me.put('/profile/language', { language: null })).status).toBe(200)
    expect((await me.get('/profile/company')).body).toMatchObject({ personalLanguage: null })
    // a language the product has no translation for, or another field, is a clear 400
    const bad = await me.put('/profile/language', { language: 'de' }, { locale: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'VALIDATION' })
    expect((await me.put('/profile/language', { language: 'en', userId: 'x' })).status).toBe(400)
    // signed out: 401
    expect((await agent(t.request).put('/profile/language', { language: 'en' })).status).toBe(401)
  })

  it('the company may turn the browser\'s language off (Preferences)', async () => {
    const admin = await start()
    const companyId = (await t.db.select({ id: company.id }).from(company).limit(1))[0]!.id
    const read = async () => ((await admin.get(`/company/settings/${companyId}?category=preferences`)).body as { preferences: Record<string, unknown> }).preferences
    const prefs = await read()
    expect(prefs.browserLanguage).toBe(true)
    const { defaults: _d, ...body } = prefs
    const saved = await admin.put('/company/settings/preferences', { ...body, browserLanguage: false })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await admin.get('/profile/company')).body).toMatchObject({ browserLanguage: false })
    expect(await read()).toMatchObject({ browserLanguage: false })
    // not a boolean: a clear 400
    expect((await admin.put('/company/settings/preferences', { ...body, version: (saved.body as { version: number }).version, browserLanguage: 'yes' })).status).toBe(400)
  })

  it('a mail to a person is in their language, not the administrator\'s: a temporary password sent by an administrator, a forgotten password', async () => {
    const admin = await start()
    const ru = await createUser(t.db, { username: 'olga.ivanova', password: PASSWORD, email: 'olga@example.com', roles: ['ROLE_USER'] })
    await t.db.update(appUser).set({ locale: 'ru' }).where(eq(appUser.id, ru.id))
    const tr = await createUser(t.db, { username: 'ali.veli', password: PASSWORD, email: 'ali@example.com', roles: ['ROLE_USER'] })
    // the administrator works in English
    const en = { locale: 'en' }
    expect((await admin.post(`/user/${ru.id}/temporaryPassword`, {}, en)).status).toBe(200)
    expect(await lastSubjectTo('olga@example.com')).toBe('Ваш временный пароль')
    // no language of their own: the company's (Turkish), still not the administrator's English
    expect((await admin.post(`/user/${tr.id}/temporaryPassword`, {}, en)).status).toBe(200)
    expect(await lastSubjectTo('ali@example.com')).toBe('Geçici şifreniz')
    // the person's own "forgot password" request in English: English, as they asked
    await agent(t.request).post('/auth/forgotPassword', { email: 'ali@example.com' }, en)
    await t.outbox.drain()
    expect(await lastSubjectTo('ali@example.com')).toBe('Your temporary password')
    // ... unless they chose a language of their own
    await agent(t.request).post('/auth/forgotPassword', { email: 'olga@example.com' }, en)
    await t.outbox.drain()
    expect(await lastSubjectTo('olga@example.com')).toBe('Ваш временный пароль')
  })
})
