import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { appUser, auditLog, role } from '../../src/server/db/schema.ts'
import { AUDIT_ACTIONS, AUDIT_FIELDS, AUDIT_SENTENCES, turkishCase } from '../../src/server/audit-texts.ts'
import { AUDIT_EXPORT_PAGE } from '../../src/server/services/audit-list.ts'
import { PERMISSION_STATUSES } from '../../src/domain/consents.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 7: the audit log read by a person. Every action the server writes has a sentence;
 * the list answers each entry as that sentence in the reader's language, with the actor and the
 * target by name and their pages' addresses (a deleted target by the name its entry kept), the
 * before/after as named, readable changes (no ids, no secrets); it filters by person, action,
 * target and period on the server; the CSV has the same filters and translated columns.
 */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** Every action string written to the audit table anywhere under src/server. */
function writtenActions(): string[] {
  const found = new Set<string>()
  for (const file of sourceFiles('src/server')) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\baudit(?:BySession|Row)?\(\s*c,\s*'([^']+)'\s*,/g)) found.add(m[1]!)
    // a row written straight into the table
    for (const m of text.matchAll(/auditLog\)\.values\(\{[^}]*?action:\s*'([^']+)'/g)) found.add(m[1]!)
    // consent.<status>: one per permission status
    if (/audit\(c, 'consent\.' \+ status\.toLowerCase\(\)/.test(text)) for (const s of PERMISSION_STATUSES) found.add(`consent.${s.toLowerCase()}`)
  }
  return [...found].sort()
}

describe('the audit log\'s sentences', () => {
  it('cover every action the server writes (a new action without a sentence fails here)', () => {
    const written = writtenActions()
    expect(written.length).toBeGreaterThan(50)
    const missing = written.filter((a) => !AUDIT_ACTIONS.includes(a))
    expect(missing).toEqual([])
    // and no sentence for an action nobody writes (a renamed action leaves none behind)
    expect(AUDIT_ACTIONS.filter((a) => !written.includes(a))).toEqual([])
    expect(Object.keys(AUDIT_SENTENCES)).toContain('user.status#removed')
  })

  it('give Turkish names their case endings by vowel harmony', () => {
    expect(`Mehmet Demir${turkishCase('Mehmet Demir', 'acc')}`).toBe("Mehmet Demir'i")
    expect(`Ayşe Yılmaz${turkishCase('Ayşe Yılmaz', 'acc')}`).toBe("Ayşe Yılmaz'ı")
    expect(`Ayşe${turkishCase('Ayşe', 'acc')}`).toBe("Ayşe'yi")
    expect(`Onur${turkishCase('Onur', 'acc')}`).toBe("Onur'u")
    expect(`Gül${turkishCase('Gül', 'dat')}`).toBe("Gül'e")
    expect(`Selin Aksoy${turkishCase('Selin Aksoy', 'dat')}`).toBe("Selin Aksoy'a")
    expect(`Ali${turkishCase('Ali', 'gen')}`).toBe("Ali'nin")
    expect(`Mehmet Öztürk${turkishCase('Mehmet Öztürk', 'gen')}`).toBe("Mehmet Öztürk'ün")
  })
})

type Part = { text?: string; actor?: string; target?: string; href?: string | null; deleted?: boolean }
type Item = {
  id: string; action: string; actionName: string; text: string; sentence: Part[]
  who: { name: string; href: string | null }; what: { label: string; href: string | null; deleted: boolean } | null
  changes: Array<{ field: string; label: string; before: string | null; after: string | null; added?: string[]; removed?: string[] }>
}

describe.each(dbKinds())('the audit log read by a person on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  let mehmet: { id: string }
  let ayseId: string
  beforeEach(async () => {
    t = await createTestApp(kind)
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    expect(res.status).toBe(200)
    companyId = (res.body.user as { companyId: string }).companyId
    ayseId = (await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, TEST_ADMIN.username)))[0]!.id
    await t.db.update(appUser).set({ firstName: 'Ayşe', lastName: 'Yılmaz' }).where(eq(appUser.id, ayseId))
    mehmet = await createUser(t.db, { username: 'mehmet.demir', password: 'Uzun-Bir-Sifre-2026!', roles: ['ROLE_USER'] })
    await t.db.update(appUser).set({ firstName: 'Mehmet', lastName: 'Demir' }).where(eq(appUser.id, mehmet.id))
  })
  afterEach(async () => { await t.close() })

  const list = async (query: string, locale = 'tr') => {
    const res = await a.get(`/audit?${query}`, { locale })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as { items: Item[]; total: number }
  }

  it('says what happened as a sentence in the reader\'s language, with the actor and target by name and link', async () => {
    expect((await a.post(`/user/${mehmet.id}/status`, { status: 'removed' })).status).toBe(200)
    const tr = (await list('action=user.status')).items[0]!
    expect(tr.text).toBe("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı")
    expect(tr.sentence).toEqual([
      { actor: 'Ayşe Yılmaz', href: `/navbar/settings/users/${ayseId}` },
      { text: ', ' },
      { target: 'Mehmet Demir', href: `/navbar/settings/users/${mehmet.id}`, deleted: false },
      { text: "'i sistemden uzaklaştırdı" },
    ])
    expect(tr.actionName).toBe('Kullanıcı durumu değişti')
    expect(tr.changes).toEqual([{ field: 'status', label: 'Durum', before: 'Etkin', after: 'Sistemden uzaklaştırıldı' }])
    const en = (await list('action=user.status', 'en')).items[0]!
    expect(en.text).toBe('Ayşe Yılmaz removed Mehmet Demir from the system')
    expect(en.changes[0]).toMatchObject({ label: 'Status', before: 'Active', after: 'Removed from the system' })
    const ru = (await list('action=user.status', 'ru')).items[0]!
    expect(ru.text).toBe('Ayşe Yılmaz: пользователь Mehmet Demir удалён из системы')
  })

  it('names a deleted target by the name its entry kept, without a link', async () => {
    const created = await a.post('/role', {
      rolename: 'ROLE_DENETCI', roleType: 'main', groupId: null, gdprLevel: 'SENSITIVE', teamSize: 5, isMainRole: false,
      permissions: [{ permtag: 'audit', actions: ['read'] }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    const live = (await list('action=role.created')).items[0]!
    expect(live.text).toBe('Ayşe Yılmaz, ROLE_DENETCI rolünü oluşturdu')
    expect(live.what).toEqual({ label: 'ROLE_DENETCI', href: `/navbar/settings/roles/${id}`, deleted: false })
    expect(live.changes.find((c) => c.field === 'permissions')).toMatchObject({ label: 'Yetkiler', before: null, after: '1 yetki' })
    // no raw ids or keys: every change is a named field
    expect(live.changes.every((c) => c.label !== c.field && !/^[0-9a-f-]{36}$/.test(c.after ?? ''))).toBe(true)
    const deleted = await a.del(`/role/${id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    const after = await list('target=' + id)
    expect(after.items.map((e) => e.text)).toEqual(['Ayşe Yılmaz, ROLE_DENETCI (silindi) rolünü sildi', 'Ayşe Yılmaz, ROLE_DENETCI (silindi) rolünü oluşturdu'])
    expect(after.items[0]!.what).toEqual({ label: 'ROLE_DENETCI (silindi)', href: null, deleted: true })
    expect((await list('target=' + id, 'en')).items[0]!.text).toBe('Ayşe Yılmaz deleted the role ROLE_DENETCI (deleted)')
    // a job title by the name its entry kept (its view names it `jobtitle`)
    const { jobTitleId } = await jobTitleAndLocation(a, companyId)
    expect((await a.del(`/company/jobtitle/${jobTitleId}?version=1`)).status).toBe(200)
    const title = (await list('action=jobtitle.deleted')).items[0]!
    expect(title.text).toBe('Ayşe Yılmaz, Uzman (silindi) unvanını sildi')
    expect(title.changes.map((c) => c.label)).toEqual(['Unvan adı', 'Deneyim düzeyi', 'Renk'])
  })

  it('shows the fields that changed by name, ids as names, secrets never', async () => {
    const [r] = await t.db.select({ id: role.id }).from(role).where(eq(role.name, 'ROLE_USER'))
    await t.db.insert(auditLog).values({
      companyId, actor: TEST_ADMIN.username, action: 'user.roles.updated', target: mehmet.id,
      detail: { ip: '203.0.113.9', before: { roles: [], version: 1 }, after: { roles: [{ roleId: r!.id, isMain: true }], version: 2 } },
    })
    await t.db.insert(auditLog).values({
      companyId, actor: TEST_ADMIN.username, action: 'settings.mailServer.updated', target: companyId,
      detail: { before: { host: 'old.example.com', password: '[redacted]', apiKey: '[redacted]' }, after: { host: 'smtp.example.com', password: '[redacted]', passwordChanged: true } },
    })
    const roles = (await list('action=user.roles.updated')).items[0]!
    expect(roles.text).toBe("Ayşe Yılmaz, Mehmet Demir'in rollerini değiştirdi")
    expect(roles.changes).toEqual([{ field: 'roles', label: 'Roller', before: '', after: 'ROLE_USER' }])
    const mail = (await list('action=settings.mailServer.updated')).items[0]!
    expect(mail.changes).toEqual([
      { field: 'host', label: 'Sunucu', before: 'old.example.com', after: 'smtp.example.com' },
      { field: 'passwordChanged', label: 'Şifre değiştirildi', before: null, after: 'Evet' },
    ])
    expect(JSON.stringify(mail)).not.toMatch(/redacted|apiKey|password"/)
    expect(mail.what?.href).toBe('/navbar/settings/company/mail-server')
  })

  it('shows a role\'s permission change as the permissions added and removed by name, and lookup codes by their names (issue 25 item 7)', async () => {
    const base = { roleType: 'main', groupId: null, gdprLevel: 'INTERNAL', teamSize: 5, isMainRole: false }
    const created = await a.post('/role', { ...base, rolename: 'ROLE_SATIS', permissions: [{ permtag: 'company', actions: ['read', 'update'] }, { permtag: 'group', actions: ['read'] }] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const r = created.body as { id: string; version: number; rolename: string }
    const put = await a.put(`/role/${r.id}`, { ...base, rolename: 'ROLE_SATIS', version: r.version, currentPassword: TEST_ADMIN.password, permissions: [{ permtag: 'company', actions: ['read'] }, { permtag: 'group', actions: ['read', 'create'] }, { permtag: 'dashboard', actions: ['read'] }] })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const tr = (await list('action=role.updated')).items[0]!
    expect(tr.changes.find((c) => c.field === 'permissions')).toEqual({
      field: 'permissions', label: 'Yetkiler', before: '3 yetki', after: '4 yetki',
      added: ['Organizasyon ağacı: Ekleme', 'Gösterge paneli: Görüntüleme'], removed: ['Şirket bilgileri: Değiştirme'],
    })
    const en = (await list('action=role.updated', 'en')).items[0]!
    expect(en.changes.find((c) => c.field === 'permissions')).toMatchObject({ added: ['Organisation tree: Add', 'Dashboard: View'], removed: ['Company information: Change'] })
    expect(JSON.stringify(tr)).not.toMatch(/company:update|group:create|dashboard:read/)
    // the CSV says the same
    const csvRes = await t.request('/audit/csv?action=role.updated', { headers: { trxType: 'FRM', cookie: [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    const csv = await csvRes.text()
    expect(csv).toContain('Yetkiler: 3 yetki → 4 yetki (eklenen: Organizasyon ağacı: Ekleme, Gösterge paneli: Görüntüleme; kaldırılan: Şirket bilgileri: Değiştirme)')

    // a job title's experience level and an address's location type and country, by their names
    await jobTitleAndLocation(a, companyId)
    const level = ((await a.get('/lookup/experiencelevels', { locale: 'en' })).body as unknown as Array<{ value: string; name: string }>)[0]!
    const type = ((await a.get('/lookup/locationTypes', { locale: 'en' })).body as unknown as Array<{ value: string; name: string }>)[0]!
    const job = (await list('action=jobtitle.created', 'en')).items[0]!
    expect(job.changes.find((c) => c.field === 'experienceLevel')).toMatchObject({ after: level.name })
    expect(level.name).not.toBe(level.value)
    const place = (await list('action=address.created', 'en')).items[0]!
    expect(place.changes.find((c) => c.field === 'locationtype')).toMatchObject({ after: type.name })
    expect(place.changes.find((c) => c.field === 'countrycode')).toMatchObject({ after: 'Germany' })
    const placeTr = (await list('action=address.created')).items[0]!
    expect(placeTr.changes.find((c) => c.field === 'countrycode')).toMatchObject({ after: 'Almanya' })
  })

  it('filters by person (by or about them), action, target by name and period, on the server', async () => {
    const at = (d: string) => new Date(d)
    await t.db.insert(auditLog).values([
      { companyId, actor: 'mehmet.demir', action: 'auth.login', target: mehmet.id, at: at('2025-03-01T09:00:00Z') },
      { companyId, actor: TEST_ADMIN.username, action: 'user.updated', target: mehmet.id, at: at('2025-03-02T09:00:00Z'), detail: { before: { firstName: 'Mehmet' }, after: { firstName: 'Memo' } } },
      { companyId, actor: TEST_ADMIN.username, action: 'role.updated', target: null, at: at('2025-03-03T09:00:00Z') },
      { companyId, actor: 'mehmet.demir', action: 'auth.logout', target: mehmet.id, at: at('2025-03-04T09:00:00Z') },
      // by him, about nothing: found as his by the actor side alone
      { companyId, actor: 'mehmet.demir', action: 'auth.unlock.failed', target: null, at: at('2025-03-06T09:00:00Z') },
    ])
    const texts = async (q: string) => (await list(q)).items.map((e) => e.text)
    // the user's own events: as actor and as target
    expect(await texts(`user=${mehmet.id}`)).toEqual(['Mehmet Demir ekran kilidini açamadı (yanlış şifre)', 'Mehmet Demir oturumu kapattı', "Ayşe Yılmaz, Mehmet Demir'in bilgilerini değiştirdi", 'Mehmet Demir oturum açtı'])
    expect(await texts('actor=mehmet.demir')).toEqual(['Mehmet Demir ekran kilidini açamadı (yanlış şifre)', 'Mehmet Demir oturumu kapattı', 'Mehmet Demir oturum açtı'])
    expect(await texts(`action=user.updated&user=${mehmet.id}`)).toEqual(["Ayşe Yılmaz, Mehmet Demir'in bilgilerini değiştirdi"])
    // the target typed as a name finds entries about the user of that name
    expect((await list('target=Mehmet%20Demir&from=2025-03-01&to=2025-03-05')).total).toBe(3)
    expect((await list('target=mehmet.demir&from=2025-03-01&to=2025-03-05')).total).toBe(3)
    expect(await texts('from=2025-03-02&to=2025-03-04')).toEqual(['Ayşe Yılmaz, silinmiş bir kayıt rolünü değiştirdi', "Ayşe Yılmaz, Mehmet Demir'in bilgilerini değiştirdi"])
    expect((await list('action=auth.&from=2025-03-01&to=2025-03-05')).total).toBe(2)
    // a bad filter is a translated 400, not a 500
    const bad = await a.get('/audit?user=nope', { locale: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('The data sent is not valid')
    expect((await a.get('/audit?from=yesterday')).status).toBe(400)
    // someone else's company never shows
    expect(await texts(`user=00000000-0000-4000-8000-000000000000`)).toEqual([])
  })

  it('names the actions for the filter in the reader\'s language', async () => {
    const res = await a.get('/audit/actions', { locale: 'en' })
    expect(res.status).toBe(200)
    const items = res.body.items as Array<{ action: string; name: string }>
    expect(items).toHaveLength(AUDIT_ACTIONS.length)
    expect(items.find((i) => i.action === 'user.status')!.name).toBe('User status changed')
  })

  it('exports the filtered entries as CSV with translated columns, sentences and changes; the export is audited', async () => {
    await t.db.insert(auditLog).values([
      { companyId, actor: TEST_ADMIN.username, action: 'user.updated', target: mehmet.id, at: new Date('2026-03-02T09:00:00Z'), detail: { ip: '203.0.113.7', before: { firstName: 'Mehmet' }, after: { firstName: '=Memo' } } },
      { companyId, actor: TEST_ADMIN.username, action: 'role.updated', target: null, at: new Date('2026-03-03T09:00:00Z') },
    ])
    const res = await a.get(`/audit/csv?user=${mehmet.id}&from=2026-03-01&to=2026-03-05`, { locale: 'en' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"')
    const lines = (res.body as unknown as string).replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('"Time (Europe/Istanbul)","Event","Who","Action","Target","Changes","IP address","Request ID"')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toBe(`"2026-03-02 12:00:00","Ayşe Yılmaz changed the details of Mehmet Demir","Ayşe Yılmaz (admin)","User details changed","Mehmet Demir","First name: Mehmet → =Memo","203.0.113.7",""`)
    const tr = await a.get('/audit/csv?action=role.updated')
    const trLines = (tr.body as unknown as string).replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(trLines[0]).toContain('"Zaman (Europe/Istanbul)","Olay","Kim","İşlem","Kaynak","Değişiklikler"')
    expect(trLines).toHaveLength(2)
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit.exported'))
    expect(audits).toHaveLength(2)
    expect(audits[0]!.detail).toMatchObject({ filters: { user: mehmet.id, from: '2026-03-01', to: '2026-03-05' } })
  })

  it('streams a large export a page at a time, every row once in order, as the log stood when it began (issue 25 item 7)', async () => {
    const jar = new Map<string, string>()
    const b = agent(t.request, jar)
    expect((await b.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    // more rows than the old export's cap of 10,000, one a minute back from 2026-03-01
    const N = 10_600
    await t.db.execute(sql`insert into audit_log (company_id, at, actor, action, target, detail)
      select ${companyId}::uuid, timestamptz '2026-03-01T00:00:00Z' - (g * interval '1 minute'), ${TEST_ADMIN.username}, 'user.updated', ${mehmet.id}::uuid::text,
        jsonb_build_object('before', jsonb_build_object('firstName', 'A' || g), 'after', jsonb_build_object('firstName', 'B' || g))
      from generate_series(1, ${N}) g`)
    const res = await t.request('/audit/csv?action=user.updated', { headers: { trxType: 'FRM', locale: 'en', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let chunks = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks++
      text += decoder.decode(value, { stream: true })
      // an entry written while the export runs is not in it (it reads the log as it stood)
      if (chunks === 2) await t.db.insert(auditLog).values({ companyId, actor: TEST_ADMIN.username, action: 'user.updated', target: mehmet.id, at: new Date('2026-04-01T00:00:00Z'), detail: { before: { firstName: 'X' }, after: { firstName: 'LATE' } } })
    }
    // the header, then a part per page of AUDIT_EXPORT_PAGE rows: never one string built whole
    expect(chunks).toBe(1 + Math.ceil(N / AUDIT_EXPORT_PAGE))
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('"Time (Europe/Istanbul)","Event","Who","Action","Target","Changes","IP address","Request ID"')
    expect(lines).toHaveLength(N + 1)
    // newest first, each row once: g = 1 .. N in order
    expect(lines[1]).toBe('"2026-03-01 02:59:00","Ayşe Yılmaz changed the details of Mehmet Demir","Ayşe Yılmaz (admin)","User details changed","Mehmet Demir","First name: A1 → B1","",""')
    const firstNames = lines.slice(1).map((l) => /First name: A(\d+) → B/.exec(l)?.[1])
    expect(firstNames).toEqual(Array.from({ length: N }, (_, i) => String(i + 1)))
    expect(text).not.toContain('LATE')
    const [exported] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit.exported'))
    expect(exported!.detail).toMatchObject({ rows: N, filters: { action: 'user.updated' } })
  })

  it('refuses the list, the actions and the CSV without audit:read', async () => {
    const x = agent(t.request)
    expect((await x.get('/audit/csv')).status).toBe(401)
    expect((await x.post('/auth/login', { username: 'mehmet.demir', password: 'Uzun-Bir-Sifre-2026!' })).status).toBe(200)
    for (const path of ['/audit', '/audit/actions', '/audit/csv', `/audit?user=${mehmet.id}`]) expect((await x.get(path)).status).toBe(403)
  })
})

it('every field a before/after can hold has a readable name (a field without one is left out, never shown raw)', () => {
  for (const key of ['firstName', 'jobTitleId', 'workLocationId', 'groupId', 'parentId', 'rolename', 'permissions', 'host', 'minLength']) {
    expect(AUDIT_FIELDS[key]).toBeDefined()
  }
})
