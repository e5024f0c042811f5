import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { appUser, auditLog, company } from '../../src/server/db/schema.ts'
import { hashPassword } from '../../src/server/services/passwords.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 7: the audit log's person picker. GET /audit/people?q= finds the company's people by
 * name, surname, username or e-mail for a reader of the log (audit:read, without user:read too),
 * answers "who" only (id, username, names), at most `limit` (10 by default, 20 at most), never
 * another company's people nor a national ID's owner, and refuses bad input with a translated 400.
 * GET /audit/people/:id names the chosen person after a reload. The list's `as` narrows a person's
 * entries to what they did or what was done to them.
 */
type Person = { id: string; username: string; firstName: string; lastName: string }
const PASSWORD = 'Uzun-Bir-Sifre-2026!'

describe.each(dbKinds())('the audit log\'s person search on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  let mehmet: { id: string }
  let zeynep: { id: string }
  beforeEach(async () => {
    t = await createTestApp(kind)
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    expect(res.status).toBe(200)
    companyId = (res.body.user as { companyId: string }).companyId
    await t.db.update(appUser).set({ firstName: 'Ayşe', lastName: 'Yılmaz' }).where(eq(appUser.username, TEST_ADMIN.username))
    mehmet = await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, roles: ['ROLE_USER'] })
    await t.db.update(appUser).set({ firstName: 'Mehmet', lastName: 'Demir', nationalId: '10000000146' }).where(eq(appUser.id, mehmet.id))
    zeynep = await createUser(t.db, { username: 'zeynep.arslan', password: PASSWORD, email: 'z.arslan@firma.com.tr', roles: ['ROLE_USER'] })
    await t.db.update(appUser).set({ firstName: 'Zeynep', lastName: 'Arslan', status: 'removed' }).where(eq(appUser.id, zeynep.id))
  })
  afterEach(async () => { await t.close() })

  const people = async (query: string, who = a) => {
    const res = await who.get(`/audit/people?${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return (res.body as { items: Person[] }).items
  }
  const names = async (query: string, who = a) => (await people(query, who)).map((p) => p.username)

  it('finds a person by name, surname, full name, username or e-mail, removed people too, and answers only who they are', async () => {
    expect(await names('q=mehm')).toEqual(['mehmet.demir'])
    expect(await names('q=DEMIR')).toEqual(['mehmet.demir'])
    expect(await names('q=Mehmet%20Demir')).toEqual(['mehmet.demir'])
    expect(await names('q=mehmet.d')).toEqual(['mehmet.demir'])
    // removed from the system: still in the log, so still found
    expect(await names('q=arslan')).toEqual(['zeynep.arslan'])
    // an e-mail by its start (the local part differs from the username here)
    expect(await names('q=z.arslan%40')).toEqual(['zeynep.arslan'])
    expect(await names('q=z.arslan%40firma.com.tr')).toEqual(['zeynep.arslan'])
    // what the picker shows, and nothing more (no e-mail, national ID or status)
    expect(await people('q=demir')).toEqual([{ id: mehmet.id, username: 'mehmet.demir', firstName: 'Mehmet', lastName: 'Demir' }])
    // a national ID finds no one (a reader of the log may not probe them)
    expect(await people('q=1000000014')).toEqual([])
    // LIKE's wildcards are text, not "everyone"
    expect(await people('q=%25')).toEqual([])
    expect(await people('q=_')).toEqual([])
    expect(await people('q=qxzq')).toEqual([])
  })

  it('answers 10 people by default, as many as `limit` up to 20, names that start with the text first', async () => {
    const hash = await hashPassword(PASSWORD)
    await t.db.insert(appUser).values(Array.from({ length: 25 }, (_, i) => ({
      companyId, username: `kisi${String(i).padStart(2, '0')}`, firstName: `Ad${i}`, lastName: 'Yıldırım', email: `kisi${i}@example.com`, passwordHash: hash,
    })))
    // a surname that only contains the text (first by the alphabet) comes after those that start with it
    await t.db.insert(appUser).values({ companyId, username: 'ali.ak', firstName: 'Ali', lastName: 'Akyıldırım', email: 'ali@example.com', passwordHash: hash })
    const q = `q=${encodeURIComponent('yıldırım')}`
    expect(await people(q)).toHaveLength(10)
    expect(await people(`${q}&limit=20`)).toHaveLength(20)
    expect((await names(`${q}&limit=20`))).not.toContain('ali.ak')
    expect(await people(`${q}&limit=3`)).toEqual([
      expect.objectContaining({ firstName: 'Ad0' }), expect.objectContaining({ firstName: 'Ad1' }), expect.objectContaining({ firstName: 'Ad10' }),
    ])
    expect(await names('q=akyi')).toEqual([])
    expect(await names(`q=${encodeURIComponent('akyı')}`)).toEqual(['ali.ak'])
  })

  it('refuses bad input with a translated 400, never a 5xx', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(101)}`, 'q=ab%01', 'q=ab&limit=0', 'q=ab&limit=21', 'q=ab&limit=abc', 'q=ab&limit=-1', 'q=ab&limit=1.5',
      'q=ab&other=1', 'q=ab&q=cd']) {
      const res = await a.get(`/audit/people?${query}`, { locale: 'en' })
      expect(res.status, query).toBe(400)
      expect(res.body.message, query).toBe('The data sent is not valid')
    }
    const tr = await a.get('/audit/people?q=', { locale: 'tr' })
    expect(tr.body.message).toBe('Gönderilen bilgiler geçerli değil')
    // odd but valid text is searched, not refused
    for (const q of ["'; drop table app_user; --", '\\', 'ğüşıöç', '🙂🙂']) expect(await people(`q=${encodeURIComponent(q)}`)).toEqual([])
  })

  it('names the chosen person by id; another company\'s or an unknown id is 404', async () => {
    const res = await a.get(`/audit/people/${mehmet.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: mehmet.id, username: 'mehmet.demir', firstName: 'Mehmet', lastName: 'Demir' })
    expect((await a.get('/audit/people/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await a.get('/audit/people/nope')).status).toBe(404)
    const [other] = await t.db.insert(company).values({ name: 'Başka Şirket A.Ş.' }).returning()
    const [stranger] = await t.db.insert(appUser).values({
      companyId: other!.id, username: 'mehmet.baska', firstName: 'Mehmet', lastName: 'Başka', email: 'mb@example.com', passwordHash: await hashPassword(PASSWORD),
    }).returning()
    expect((await a.get(`/audit/people/${stranger!.id}`)).status).toBe(404)
    // nor found by the search
    expect(await names('q=mehmet')).toEqual(['mehmet.demir'])
  })

  it('serves a reader of the log who may not list users; refuses one who may not read the log, and no session', async () => {
    const made = await a.post('/role', {
      rolename: 'ROLE_DENETCI', roleType: 'main', groupId: null, gdprLevel: 'SENSITIVE', teamSize: 5, isMainRole: false,
      permissions: [{ permtag: 'audit', actions: ['read'] }],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    await createUser(t.db, { username: 'denetci', password: PASSWORD, roles: ['ROLE_DENETCI'] })
    const reader = agent(t.request)
    expect((await reader.post('/auth/login', { username: 'denetci', password: PASSWORD })).status).toBe(200)
    expect((await reader.get('/user?q=demir')).status).toBe(403)
    expect(await names('q=demir', reader)).toEqual(['mehmet.demir'])
    expect((await reader.get(`/audit/people/${mehmet.id}`)).status).toBe(200)

    const user = agent(t.request)
    expect((await user.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })).status).toBe(200)
    expect((await user.get('/audit/people?q=demir')).status).toBe(403)
    expect((await user.get(`/audit/people/${mehmet.id}`)).status).toBe(403)
    const nobody = agent(t.request)
    expect((await nobody.get('/audit/people?q=demir')).status).toBe(401)
  })

  it('filters a person\'s entries by what they did (as=actor) or what was done to them (as=target)', async () => {
    const at = (d: string) => new Date(d)
    await t.db.insert(auditLog).values([
      { companyId, actor: 'mehmet.demir', action: 'auth.login', target: mehmet.id, at: at('2025-03-01T09:00:00Z') },
      { companyId, actor: TEST_ADMIN.username, action: 'user.updated', target: mehmet.id, at: at('2025-03-02T09:00:00Z') },
      { companyId, actor: 'mehmet.demir', action: 'user.updated', target: zeynep.id, at: at('2025-03-03T09:00:00Z') },
      { companyId, actor: TEST_ADMIN.username, action: 'role.updated', target: null, at: at('2025-03-04T09:00:00Z') },
    ])
    const actions = async (query: string) => {
      const res = await a.get(`/audit?${query}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return (res.body as { items: Array<{ actor: string; target: string | null }> }).items.map((e) => `${e.actor}>${e.target === mehmet.id ? 'mehmet' : e.target === zeynep.id ? 'zeynep' : e.target}`)
    }
    expect(await actions(`user=${mehmet.id}`)).toEqual(['mehmet.demir>zeynep', `${TEST_ADMIN.username}>mehmet`, 'mehmet.demir>mehmet'])
    expect(await actions(`user=${mehmet.id}&as=actor`)).toEqual(['mehmet.demir>zeynep', 'mehmet.demir>mehmet'])
    expect(await actions(`user=${mehmet.id}&as=target`)).toEqual([`${TEST_ADMIN.username}>mehmet`, 'mehmet.demir>mehmet'])
    expect((await a.get(`/audit?user=${mehmet.id}&as=both`)).status).toBe(400)
  })
})
