import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeGroupTree, type GroupTreeWire } from '../../src/domain/groups.ts'
import { ROLE_BUNDLES, allPermissions } from '../../src/domain/permission-catalogue.ts'
import { PERMISSIONS_STAMP_HEADER, permissionsStamp } from '../../src/domain/permissions.ts'
import { appUser, auditLog, company, role, userGroup, userRole } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
type Group = { id: string; version: number; parentId: string | null; level: string; name: string }
type Role = { id: string; version: number; rolename: string; permissions: Array<{ permtag: string; actions: string[] }>; gdprLevel: string; owner: string }

describe.each(dbKinds())('organisation tree and roles on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  beforeEach(async () => {
    t = await createTestApp(kind)
    a = agent(t.request)
    expect((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
  })
  afterEach(async () => { await t.close() })

  const create = async (name: string, level: string, parentId: string | null = null) => {
    const res = await a.post('/group', { name, level, parentId })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as unknown as Group
  }

  it('builds a tree, refuses a wrong level with "Hatalı Seviye" and a cycle, and moves atomically', async () => {
    const m = await create('Genel Müdürlük', 'management')
    const u1 = await create('Satış', 'unit', m.id)
    const u2 = await create('Operasyon', 'unit', m.id)
    const team = await create('Bireysel Satış Ekibi', 'team', u1.id)
    const wrong = await a.post('/group', { name: 'Yanlış', level: 'management', parentId: u1.id })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'LEVEL_ERROR', message: 'Hatalı Seviye' })
    const wrongEn = await a.post('/group', { name: 'Wrong', level: 'unit', parentId: u2.id }, { locale: 'en' })
    expect(wrongEn.body.message).toBe('Level Error')
    // a unit under another unit: level error, nothing moved
    const bad = await a.post(`/group/${u1.id}/move`, { version: u1.version, parentId: u2.id })
    expect(bad.body.code).toBe('LEVEL_ERROR')
    const cycle = await a.post(`/group/${m.id}/move`, { version: m.version, parentId: team.id })
    expect(cycle.status).toBe(422)
    expect(cycle.body.code).toBe('GROUP_CYCLE')
    const [unchanged] = await t.db.select().from(userGroup).where(eq(userGroup.id, m.id))
    expect(unchanged!.parentId).toBeNull()
    // a valid move: the team goes to Operasyon
    const moved = await a.post(`/group/${team.id}/move`, { version: team.version, parentId: u2.id })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ parentId: u2.id, version: team.version + 1 })
    // a second move with the old version is a conflict, never an overwrite
    const stale = await a.post(`/group/${team.id}/move`, { version: team.version, parentId: u1.id })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe('CONFLICT')
    const tree = await a.get('/group')
    expect((tree.body.items as Group[]).find((g) => g.id === team.id)!.parentId).toBe(u2.id)
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'group.moved')))).toHaveLength(1)
  })

  it('two admins moving at once never corrupt the tree: one wins, the other is refused', async () => {
    const m1 = await create('Birinci Müdürlük', 'management')
    const u1 = await create('Birim A', 'unit', m1.id)
    const u2 = await create('Birim B', 'unit', m1.id)
    const team = await create('Ekip', 'team', u1.id)
    const b = agent(t.request)
    await b.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const results = await Promise.all([
      a.post(`/group/${team.id}/move`, { version: team.version, parentId: u2.id }),
      b.post(`/group/${team.id}/move`, { version: team.version, parentId: null }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const [row] = await t.db.select().from(userGroup).where(eq(userGroup.id, team.id))
    expect(row!.version).toBe(team.version + 1)
    const winner = results.find((r) => r.status === 200)!
    expect(row!.parentId).toBe((winner.body as unknown as Group).parentId)
  })

  it('answers GET /group/{id} with filterByLevelType for the company and for a subtree', async () => {
    const m = await create('Müdürlük', 'management')
    const u = await create('Birim', 'unit', m.id)
    await create('Ekip 1', 'team', u.id)
    await create('Ekip 2', 'team', m.id)
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
    const teams = await a.get(`/group/${companyId}?filterByLevelType=team`)
    expect((teams.body.items as Group[]).map((g) => g.name).sort()).toEqual(['Ekip 1', 'Ekip 2'])
    const sub = await a.get(`/group/${u.id}`)
    expect((sub.body.items as Group[]).map((g) => g.name).sort()).toEqual(['Birim', 'Ekip 1'])
    expect((await a.get(`/group/${u.id}?filterByLevelType=board`)).status).toBe(400)
    expect((await a.get('/group/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    // the org chart's lean tree (issue 25 item 14): by name, five fields each, no counts; a subtree; a level
    const tree = await a.get(`/group/${companyId}?view=tree`)
    expect(tree.status).toBe(200)
    // in columns, a parent by its index (issue 25 item 14)
    expect(tree.body).toEqual({
      ids: [u.id, expect.any(String), expect.any(String), m.id], names: ['Birim', 'Ekip 1', 'Ekip 2', 'Müdürlük'],
      levels: [1, 2, 2, 0], parents: [3, 0, 3, null], versions: [1, 1, 1, 1], outside: [],
    })
    expect(decodeGroupTree(tree.body as unknown as GroupTreeWire)).toEqual([
      { id: u.id, name: 'Birim', level: 'unit', parentId: m.id, version: 1 },
      { id: expect.any(String), name: 'Ekip 1', level: 'team', parentId: u.id, version: 1 },
      { id: expect.any(String), name: 'Ekip 2', level: 'team', parentId: m.id, version: 1 },
      { id: m.id, name: 'Müdürlük', level: 'management', parentId: null, version: 1 },
    ])
    // a subtree: its root's parent is not in the answer, so it is listed once outside it
    const leanSub = (await a.get(`/group/${u.id}?view=tree`)).body as unknown as GroupTreeWire
    expect(leanSub).toMatchObject({ names: ['Birim', 'Ekip 1'], parents: [2, 0], outside: [m.id] })
    expect(decodeGroupTree(leanSub).map((g) => g.parentId)).toEqual([m.id, u.id])
    // teams only: their parents outside the answer, each once
    const teamsWire = (await a.get(`/group/${companyId}?view=tree&filterByLevelType=team`)).body as unknown as GroupTreeWire
    expect(teamsWire).toMatchObject({ parents: [2, 3], outside: [u.id, m.id] })
    const leanTeams = decodeGroupTree(teamsWire)
    expect(leanTeams.map((g) => [g.name, g.parentId])).toEqual([['Ekip 1', u.id], ['Ekip 2', m.id]])
    expect((await a.get(`/group/${companyId}?view=full`)).status).toBe(400)
    expect((await a.get('/group/00000000-0000-4000-8000-000000000000?view=tree')).status).toBe(404)
  })

  it('serves the org chart\'s tree by its version: every group write shows at once, a refused one changes nothing, 304 for the version held (issue 25 item 14)', async () => {
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
    const read = async (etag?: string) => {
      const res = await t.request(`/group/${companyId}?view=tree`, { headers: { trxType: 'FRM', cookie: [...a.jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(etag ? { 'if-none-match': etag } : {}) } })
      return { status: res.status, etag: res.headers.get('etag')!, cache: res.headers.get('cache-control'), items: res.status === 200 ? decodeGroupTree((await res.json()) as GroupTreeWire) : null }
    }
    const empty = await read()
    expect(empty).toMatchObject({ status: 200, items: [], cache: 'private, no-cache' })
    const m = await create('Müdürlük', 'management')
    const afterCreate = await read()
    expect(afterCreate.items!.map((g) => g.name)).toEqual(['Müdürlük'])
    expect(afterCreate.etag).not.toBe(empty.etag)
    // the version held: 304 without a body; twice read, one answer
    expect((await read(afterCreate.etag)).status).toBe(304)
    expect((await read()).etag).toBe(afterCreate.etag)
    const u = await create('Birim', 'unit', m.id)
    const renamed = await a.put(`/group/${u.id}`, { name: 'Birim A', level: 'unit', version: u.version })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const afterRename = await read(afterCreate.etag)
    expect(afterRename.status).toBe(200)
    expect(afterRename.items).toEqual([
      { id: u.id, name: 'Birim A', level: 'unit', parentId: m.id, version: 2 },
      { id: m.id, name: 'Müdürlük', level: 'management', parentId: null, version: 1 },
    ])
    // a refused write (a stale version) bumps nothing: the same version, still 304
    expect((await a.put(`/group/${u.id}`, { name: 'Birim B', level: 'unit', version: u.version })).status).toBe(409)
    expect((await read(afterRename.etag)).status).toBe(304)
    const m2 = await create('Bölge', 'management')
    const moved = await a.post(`/group/${u.id}/move`, { version: 2, parentId: m2.id })
    expect(moved.status).toBe(200)
    expect((await read()).items!.find((g) => g.id === u.id)).toMatchObject({ parentId: m2.id, version: 3 })
    expect((await a.del(`/group/${u.id}?version=3`)).status).toBe(200)
    const afterDelete = await read()
    expect(afterDelete.items!.map((g) => g.name)).toEqual(['Bölge', 'Müdürlük'])
    // the filtered answers follow the version too
    expect(decodeGroupTree((await a.get(`/group/${companyId}?view=tree&filterByLevelType=unit`)).body as unknown as GroupTreeWire)).toEqual([])
  })

  it('sends the tree gzipped once per version to a client that accepts gzip: the same JSON, a weak ETag, 304 for it (issue 25 item 14)', async () => {
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
    // enough groups for an answer over the gzip threshold (1,024 characters)
    const m = await create('Genel Müdürlük', 'management')
    for (let i = 1; i <= 24; i++) await create(`Birim ${i}`, 'unit', m.id)
    const cookie = [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const read = (headers: Record<string, string>) => t.request(`/group/${companyId}?view=tree`, { headers: { trxType: 'FRM', cookie, ...headers } })
    const plain = await read({})
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(1024)
    const zipped = await read({ 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(zipped.headers.get('etag')).toBe(`W/${plain.headers.get('etag')}`)
    const bytes = new Uint8Array(await zipped.arrayBuffer())
    expect(bytes.byteLength).toBeLessThan(text.length / 2)
    expect(gunzipSync(bytes).toString('utf8')).toBe(text)
    expect(decodeGroupTree(JSON.parse(text) as GroupTreeWire)).toHaveLength(25)
    expect((await read({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.get('etag')! })).status).toBe(304)
    // a rename: a new version, gzipped anew (the old bytes are not served)
    const u1 = (decodeGroupTree(JSON.parse(text) as GroupTreeWire)).find((g) => g.name === 'Birim 1')!
    expect((await a.put(`/group/${u1.id}`, { name: 'Birim Bir', level: 'unit', version: u1.version })).status).toBe(200)
    const after = await read({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.get('etag')! })
    expect(after.status).toBe(200)
    expect(decodeGroupTree(JSON.parse(gunzipSync(new Uint8Array(await after.arrayBuffer())).toString('utf8')) as GroupTreeWire).map((g) => g.name)).toContain('Birim Bir')
  })

  it('sends "groups with counts" gzipped once per (tree, counts) version with an ETag: 304 while both hold, a new answer after a user joins a group or a group is renamed (issue 25 item 14)', async () => {
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
    const m = await create('Genel Müdürlük', 'management')
    for (let i = 1; i <= 12; i++) await create(`Birim ${i}`, 'unit', m.id)
    const cookie = [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const read = (headers: Record<string, string>, query = '') => t.request(`/group/${companyId}${query}`, { headers: { trxType: 'FRM', cookie, ...headers } })
    type Counted = Group & { members: number }
    const items = async (res: Response) => (JSON.parse(res.headers.get('content-encoding') === 'gzip' ? gunzipSync(new Uint8Array(await res.arrayBuffer())).toString('utf8') : await res.text()) as { items: Counted[] }).items
    const plain = await read({})
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('cache-control')).toBe('private, no-cache')
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(1024)
    const zipped = await read({ 'accept-encoding': 'gzip' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('etag')).toBe(`W/${plain.headers.get('etag')}`)
    expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString('utf8')).toBe(text)
    const held = plain.headers.get('etag')!
    expect((await read({ 'if-none-match': held })).status).toBe(304)
    // the same route without the id (`GET /group`) and a level filter are tagged alike, each its own
    const teams = await read({}, '?filterByLevelType=unit')
    expect(teams.headers.get('etag')).not.toBe(held)
    expect((await read({ 'if-none-match': teams.headers.get('etag')! }, '?filterByLevelType=unit')).status).toBe(304)
    // a user put in a group: the counts' version moves, the held tag is stale, the new count is sent
    const b1 = (JSON.parse(text) as { items: Counted[] }).items.find((g) => g.name === 'Birim 1')!
    const [someone] = await t.db.select().from(appUser).where(eq(appUser.username, 'admin'))
    await t.db.update(appUser).set({ groupId: b1.id }).where(eq(appUser.id, someone!.id))
    const afterJoin = await read({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.get('etag')! })
    expect(afterJoin.status).toBe(200)
    expect((await items(afterJoin)).find((g) => g.name === 'Birim 1')!.members).toBe(1)
    // a rename: the tree's version moves
    const tag = afterJoin.headers.get('etag')!
    expect((await a.put(`/group/${b1.id}`, { name: 'Birim Bir', level: 'unit', version: b1.version })).status).toBe(200)
    const afterRename = await read({ 'if-none-match': tag.replace(/^W\//, '') })
    expect(afterRename.status).toBe(200)
    expect((await items(afterRename)).map((g) => g.name)).toContain('Birim Bir')
  })

  it('"groups with counts" follows every write that moves a user or a role, by any path, also in parallel; other user writes keep its version (issue 25 item 14)', async () => {
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
    const m = await create('Müdürlük', 'management')
    const g1 = await create('Birim 1', 'unit', m.id)
    const g2 = await create('Birim 2', 'unit', m.id)
    type Counted = Group & { members: number; roles: number; subgroups: number }
    const counts = async () => Object.fromEntries(((await a.get(`/group/${companyId}`)).body.items as Counted[]).map((g) => [g.name, [g.members, g.roles, g.subgroups]]))
    const truth = async () => {
      const users = await t.db.select({ g: appUser.groupId }).from(appUser)
      const roles = await t.db.select({ g: role.groupId }).from(role)
      const n = (rows: Array<{ g: string | null }>, id: string) => rows.filter((r) => r.g === id).length
      return { 'Müdürlük': [n(users, m.id), n(roles, m.id), 2], 'Birim 1': [n(users, g1.id), n(roles, g1.id), 0], 'Birim 2': [n(users, g2.id), n(roles, g2.id), 0] }
    }
    expect(await counts()).toEqual({ 'Müdürlük': [0, 0, 2], 'Birim 1': [0, 0, 0], 'Birim 2': [0, 0, 0] })
    const version = async () => (await t.db.select({ v: company.groupCountsVersion }).from(company).where(eq(company.id, companyId)))[0]!.v
    // a user made in a group, by hand-written SQL (no service code): shown at the next read
    const u = await createUser(t.db, { username: 'ali.veli', password: PASSWORD, passwordHash: 'x' })
    await t.db.execute(sql`update app_user set group_id = ${g1.id}::uuid where id = ${u.id}::uuid`)
    expect((await counts())['Birim 1']).toEqual([1, 0, 0])
    // a write that leaves group_id alone (a name, a sign-in) keeps the counts' version
    const held = await version()
    await t.db.update(appUser).set({ firstName: 'Ali' }).where(eq(appUser.id, u.id))
    expect((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    expect(await version()).toBe(held)
    // many writes at once, each its own transaction, with reads between them: users made in, moved
    // between and taken out of groups, a role given a group, a user deleted
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(t.db, { username: `p${i}`, password: PASSWORD, passwordHash: 'x', roles: [] })))
    const [r0] = await t.db.select().from(role).limit(1)
    const writes = made.map((user, i) => async () => {
      await t.db.transaction(async (tx) => {
        await tx.update(appUser).set({ groupId: i % 2 ? g1.id : g2.id }).where(eq(appUser.id, user.id))
        if (i % 3 === 0) await tx.update(appUser).set({ groupId: i % 2 ? g2.id : m.id }).where(eq(appUser.id, user.id))
      })
      if (i % 4 === 0) await t.db.delete(appUser).where(eq(appUser.id, user.id))
    })
    const reads = Array.from({ length: 6 }, () => () => counts())
    await Promise.all([...writes, ...reads, async () => t.db.update(role).set({ groupId: g2.id }).where(eq(role.id, r0!.id))].map((f) => f()))
    expect(await counts()).toEqual(await truth())
    // a user's and a role's group taken away, and a user moved to another company's... group cleared by delete
    await t.db.update(role).set({ groupId: null }).where(eq(role.id, r0!.id))
    await t.db.update(appUser).set({ groupId: null }).where(eq(appUser.id, u.id))
    expect(await counts()).toEqual(await truth())
    expect((await counts())['Birim 2']![1]).toBe(0)
    // the teams-only read and a single group's read agree
    expect((await a.get(`/group/${g1.id}/detail`)).body).toMatchObject({ members: (await truth())['Birim 1']![0], roles: 0, subgroups: 0 })
  })

  it('refuses a group without name or type with the spec code, and deletes only empty groups', async () => {
    const missing = await a.post('/group', { name: ' ', level: 'nope', parentId: null })
    expect(missing.status).toBe(400)
    expect((missing.body.issues as Array<{ code: string }>).map((i) => i.code)).toContain('group.nameAndType')
    expect((await a.post('/group', { name: 'X', level: 'team', parentId: null, companyId: 'x' })).status).toBe(400)
    const m = await create('Dolu', 'management')
    const u = await create('Alt', 'unit', m.id)
    const del = await a.del(`/group/${m.id}?version=${m.version}`)
    expect(del.status).toBe(409)
    expect(del.body).toMatchObject({ code: 'GROUP_NOT_EMPTY', issues: [{ path: 'subgroups', code: '1' }] })
    expect((await a.del(`/group/${u.id}?version=${u.version + 1}`)).status).toBe(409)
    expect((await a.del(`/group/${u.id}`)).status).toBe(400)
    const okDel = await a.del(`/group/${u.id}?version=${u.version}`)
    expect(okDel.status).toBe(200)
    expect(await t.db.select().from(userGroup).where(eq(userGroup.id, u.id))).toHaveLength(0)
  })

  it('defines a role: ROLE_ prefix, catalogue cells only, the data-privacy rule, unique names', async () => {
    const base = { roleType: 'main', groupId: null, gdprLevel: 'INTERNAL', teamSize: 5, isMainRole: false }
    const noPrefix = await a.post('/role', { ...base, rolename: 'SATIS', permissions: [] })
    expect(noPrefix.status).toBe(400)
    expect(noPrefix.body.issues).toEqual([{ path: 'rolename', code: 'rolename.prefix' }])
    const notInCatalogue = await a.post('/role', { ...base, rolename: 'ROLE_X', permissions: [{ permtag: 'audit', actions: ['delete'] }] })
    expect(notInCatalogue.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'permissions', code: 'audit:delete' }] })
    const tooSensitive = await a.post('/role', { ...base, rolename: 'ROLE_X', permissions: [{ permtag: 'user', actions: ['read'] }, { permtag: 'company', actions: ['read'] }] })
    expect(tooSensitive.status).toBe(422)
    expect(tooSensitive.body).toMatchObject({ code: 'PERMISSION_LEVEL', issues: [{ path: 'permissions', code: 'user:read' }] })
    const ok = await a.post('/role', { ...base, rolename: 'ROLE_SATIS', permissions: [{ permtag: 'company', actions: ['read', 'update'] }, { permtag: 'group', actions: ['read'] }] })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body).toMatchObject({ rolename: 'ROLE_SATIS', owner: 'admin', version: 1, permissions: [{ permtag: 'company', actions: ['read', 'update'] }, { permtag: 'group', actions: ['read'] }] })
    expect((await a.post('/role', { ...base, rolename: 'ROLE_SATIS', permissions: [] })).body.code).toBe('ROLE_EXISTS')
    expect((await a.post('/role', { ...base, rolename: 'ROLE_Y', permissions: [], owner: 'SYSTEM' })).status).toBe(400)
  })

  it('keeps SYSTEM roles partly fixed: name, type, level and the superadmin bundle; other fields editable', async () => {
    const list = await a.get('/role?sort=rolename')
    const roles = list.body.items as Role[]
    expect(roles.map((r) => r.rolename)).toEqual(['ROLE_ADMIN', 'ROLE_SUPERADMIN', 'ROLE_USER'])
    const admin = roles.find((r) => r.rolename === 'ROLE_ADMIN')!
    const superadmin = roles.find((r) => r.rolename === 'ROLE_SUPERADMIN')!
    const body = (r: Role, changes: Record<string, unknown>) => ({
      version: r.version, rolename: r.rolename, roleType: 'main', groupId: null, gdprLevel: r.gdprLevel, teamSize: null, isMainRole: true, permissions: r.permissions, ...changes,
    })
    const put = (r: Role, changes: Record<string, unknown>) => a.put(`/role/${r.id}`, body(r, changes))
    const rename = await put(admin, { rolename: 'ROLE_BOSS', gdprLevel: 'PUBLIC' })
    expect(rename.status).toBe(422)
    expect(rename.body).toMatchObject({ code: 'SYSTEM_ROLE_FIXED', issues: [{ path: 'rolename', code: 'fixed' }, { path: 'gdprLevel', code: 'fixed' }] })
    const shrinkSuper = await put(superadmin, { permissions: [{ permtag: 'dashboard', actions: ['read'] }] })
    expect(shrinkSuper.status).toBe(422)
    // a change of permissions carries the caller's password again (issue 28)
    const teamSize = await put(admin, { teamSize: 12, permissions: ROLE_BUNDLES.ROLE_ADMIN.filter((p) => p.permtag !== 'audit'), currentPassword: TEST_ADMIN.password })
    expect(teamSize.status).toBe(200)
    expect(teamSize.body).toMatchObject({ teamSize: 12, version: admin.version + 1 })
    const stale = await put(admin, { teamSize: 13 })
    expect(stale.status).toBe(409)
    const [stored] = await t.db.select().from(role).where(eq(role.id, admin.id))
    expect(JSON.stringify(stored!.permissions)).not.toContain('audit')
    const entry = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'role.updated')))[0]!
    expect(JSON.stringify((entry.detail as { before: unknown }).before)).toContain('audit')
    expect((await a.del(`/role/${superadmin.id}`)).status).toBe(422)
    // a role in use cannot be deleted; an unused one can
    const extra = (await a.post('/role', { rolename: 'ROLE_GECICI', roleType: 'default', groupId: null, gdprLevel: 'PUBLIC', teamSize: null, isMainRole: false, permissions: [] })).body as unknown as Role
    const holder = await createUser(t.db, { username: 'tutucu', password: PASSWORD, roles: ['ROLE_USER', 'ROLE_GECICI'] })
    const inUse = await a.del(`/role/${extra.id}`)
    expect(inUse.status).toBe(409)
    expect(inUse.body).toMatchObject({ code: 'ROLE_IN_USE', issues: [{ path: 'holders', code: '1' }] })
    await t.db.delete(userRole).where(eq(userRole.userId, holder.id))
    expect((await a.del(`/role/${extra.id}`)).status).toBe(200)
    expect(allPermissions().length).toBeGreaterThan(30)
  })

  it('a PUT /role change reaches a signed-in holder at the next request, with the new permissions stamp', async () => {
    const created = await a.post('/role', {
      rolename: 'ROLE_DENETCI', roleType: 'main', groupId: null, gdprLevel: 'CONFIDENTIAL', teamSize: null, isMainRole: true,
      permissions: [{ permtag: 'audit', actions: ['read'] }, { permtag: 'dashboard', actions: ['read'] }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const made = created.body as unknown as Role & { roleType: string; groupId: null; teamSize: null; isMainRole: boolean }
    await createUser(t.db, { username: 'denetci', password: PASSWORD, roles: ['ROLE_DENETCI'] })
    const h = agent(t.request)
    expect((await h.post('/auth/login', { username: 'denetci', password: PASSWORD })).status).toBe(200)
    const before = await h.get('/audit')
    expect(before.status).toBe(200)
    expect(before.headers.get(PERMISSIONS_STAMP_HEADER)).toBe(permissionsStamp(['audit:read', 'dashboard:read']))
    const { id, version, rolename, roleType, groupId, gdprLevel, teamSize, isMainRole } = made
    const changed = await a.put(`/role/${id}`, { version, rolename, roleType, groupId, gdprLevel, teamSize, isMainRole, permissions: [{ permtag: 'dashboard', actions: ['read'] }, { permtag: 'user', actions: ['read'] }], currentPassword: TEST_ADMIN.password })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    // refused at once, and the refusal tells the browser its permissions changed
    const after = await h.get('/audit')
    expect(after.status).toBe(403)
    expect(after.headers.get(PERMISSIONS_STAMP_HEADER)).toBe(permissionsStamp(['dashboard:read', 'user:read']))
    expect((await h.get('/user')).status).toBe(200)
    expect((await h.get('/auth/permissions')).body).toMatchObject({ role: 'ROLE_DENETCI', permissions: ['dashboard:read', 'user:read'] })
  })

  it('answers GET /role/{id} with the spec filters, and refuses role writes to a plain user', async () => {
    const companyId = (await t.db.select().from(appUser).where(eq(appUser.username, 'admin')))[0]!.companyId
    const sys = await a.get(`/role/${companyId}?roleowner=SYSTEM&levelType=PUBLIC`)
    expect((sys.body.items as Role[]).map((r) => r.rolename)).toEqual(['ROLE_USER'])
    const any = await a.get(`/role/${companyId}?roleowner=SYSTEM&levelType=PUBLIC&filteroperator=or`)
    expect((any.body.items as Role[]).length).toBe(3)
    await createUser(t.db, { username: 'personel', password: PASSWORD, roles: ['ROLE_USER'] })
    const u = agent(t.request)
    await u.post('/auth/login', { username: 'personel', password: PASSWORD })
    expect((await u.get('/role')).status).toBe(200)
    expect((await u.post('/role', { rolename: 'ROLE_Z', roleType: 'main', groupId: null, gdprLevel: 'PUBLIC', teamSize: null, isMainRole: false, permissions: [] })).status).toBe(403)
    expect((await u.post('/group', { name: 'G', level: 'team', parentId: null })).status).toBe(403)
  })
})
