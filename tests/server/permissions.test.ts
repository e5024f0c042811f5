import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ROLE_BUNDLES, allPermissions, toPermissionStrings } from '../../src/domain/permission-catalogue.ts'
import { appUser, auditLog, company, role, userRole } from '../../src/server/db/schema.ts'
import { hashPassword } from '../../src/server/services/passwords.ts'
import { accessOf } from '../../src/server/services/route-access.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, testClock, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'

type Route = { method: string; path: string; handler: unknown }

/** Whether `pattern` (a Hono path, '*' and '/*' wildcards, ':param' segments) covers `path`. */
function covers(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === '/*') return true
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2)
    return path === prefix || path.startsWith(prefix + '/')
  }
  return pattern === path
}

/** The routes of `app` (method + path) that no declared access middleware covers. */
function undeclaredRoutes(app: unknown): { undeclared: string[]; kinds: Map<string, string>; count: number } {
  const routes = (app as { routes: Route[] }).routes
  const declared = routes.filter((r) => accessOf(r.handler))
  // the handlers that do the work, by method + path
  const endpoints = new Map<string, Route>()
  for (const r of routes) if (!accessOf(r.handler) && r.method !== 'ALL') endpoints.set(`${r.method} ${r.path}`, r)
  for (const r of routes) if (r.method === 'ALL' && !r.path.endsWith('*') && !accessOf(r.handler)) endpoints.set(`ALL ${r.path}`, r)
  const undeclared: string[] = []
  const kinds = new Map<string, string>()
  for (const [key, r] of endpoints) {
    const access = declared.filter((d) => (d.method === 'ALL' || d.method === r.method) && covers(d.path, r.path))
    if (access.length === 0) undeclared.push(key)
    else kinds.set(key, access.map((d) => accessOf(d.handler)!.kind).join('+'))
  }
  return { undeclared, kinds, count: endpoints.size }
}

describe('deny by default: every route the app registers declares who may call it', () => {
  it('walks every route: each is public, a session call, signed-in or permission-guarded', async () => {
    const t = await createTestApp('pglite')
    try {
      const { undeclared, kinds, count } = undeclaredRoutes(t.app)
      expect(count).toBeGreaterThan(20)
      expect(undeclared, 'routes that declare no access (add publicRoute(), signedIn() or permit())').toEqual([])
      // the administration calls are guarded by a permission, never public
      expect(kinds.get('GET /api/v1/audit')).toBe('permit')
      expect(kinds.get('GET /api/v1/user')).toBe('permit')
      expect(kinds.get('POST /api/v1/user/:id/reactivate')).toBe('permit')
      expect(kinds.get('POST /api/v1/auth/checkSessionValidity')).toBe('session')
      expect(kinds.get('POST /api/v1/auth/login')).toBe('public')
    } finally {
      await t.close()
    }
  })

  it('the walk reports a route that declares nothing', async () => {
    const { Hono } = await import('hono')
    const { publicRoute } = await import('../../src/server/services/route-access.ts')
    const api = new Hono()
    api.get('/lookup/x', publicRoute(), (c) => c.text('x'))
    api.get('/secret', (c) => c.text('x'))
    const app = new Hono().route('/api/v1', api)
    expect(undeclaredRoutes(app).undeclared).toEqual(['GET /api/v1/secret'])
  })
})

describe('the permission catalogue and the system role bundles', () => {
  it('gives the superadmin every catalogued permission, the admin a subset, the user less', () => {
    const superadmin = toPermissionStrings(ROLE_BUNDLES.ROLE_SUPERADMIN)
    const admin = toPermissionStrings(ROLE_BUNDLES.ROLE_ADMIN)
    const user = toPermissionStrings(ROLE_BUNDLES.ROLE_USER)
    expect(superadmin).toEqual(allPermissions().sort())
    for (const p of admin) expect(superadmin).toContain(p)
    for (const p of user) expect(admin).toContain(p)
    expect(admin).not.toContain('security:update')
    expect(admin).not.toContain('role:delete')
    expect(user).not.toContain('audit:read')
    expect(user).not.toContain('user:read')
  })

  it('drops cells the catalogue does not offer', () => {
    expect(toPermissionStrings([{ permtag: 'audit', actions: ['read', 'delete'] }, { permtag: 'nope', actions: ['read'] }])).toEqual(['audit:read'])
  })
})

describe.each(dbKinds())('permissions enforced on the server on %s', (kind) => {
  let t: TestApp
  let clock: ReturnType<typeof testClock>
  beforeEach(async () => {
    clock = testClock()
    t = await createTestApp(kind, {}, { mail: true, clock })
  })
  afterEach(async () => { await t.close() })

  const signIn = async (username: string, password: string) => {
    const a = agent(t.request)
    const res = await a.post('/auth/login', { username, password, rememberMe: false })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return { a, user: res.body.user as { companyId: string; activeRole: string; permissions: string[] } }
  }

  it('signs roles in with their bundles: superadmin and admin read the audit log, a plain user is refused', async () => {
    await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    await createUser(t.db, { username: 'personel', password: PASSWORD, roles: ['ROLE_USER'] })
    const sa = await signIn(TEST_ADMIN.username, TEST_ADMIN.password)
    expect(sa.user.permissions).toEqual(allPermissions().sort())
    expect((await sa.a.get('/audit')).status).toBe(200)
    const admin = await signIn('yonetici', PASSWORD)
    expect(admin.user.permissions).toContain('audit:read')
    expect((await admin.a.get('/audit')).status).toBe(200)
    expect((await admin.a.get('/user')).status).toBe(200)
    const user = await signIn('personel', PASSWORD)
    expect(user.user.permissions).toEqual(toPermissionStrings(ROLE_BUNDLES.ROLE_USER))
    const refused = await user.a.get('/audit')
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok' })
    expect((await user.a.get('/user')).status).toBe(403)
    // without a session: 401, never the data
    expect((await agent(t.request).get('/audit')).status).toBe(401)
  })

  it('refuses companyId and role_name headers that disagree with the session (403)', async () => {
    const sa = await signIn(TEST_ADMIN.username, TEST_ADMIN.password)
    expect((await sa.a.get('/audit', { companyId: sa.user.companyId, role_name: 'ROLE_SUPERADMIN' })).status).toBe(200)
    const otherCompany = await sa.a.get('/audit', { companyId: '00000000-0000-4000-8000-000000000000' })
    expect(otherCompany.status).toBe(403)
    expect(otherCompany.body.code).toBe('HEADER_MISMATCH')
    const otherRole = await sa.a.get('/audit', { role_name: 'ROLE_USER' })
    expect(otherRole.status).toBe(403)
  })

  it('scopes every read and write to the session company', async () => {
    const [other] = await t.db.insert(company).values({ name: 'Başka Şirket A.Ş.' }).returning()
    const [otherAdminRole] = await t.db.insert(role).values({ companyId: other!.id, name: 'ROLE_ADMIN', owner: 'SYSTEM', permissions: ROLE_BUNDLES.ROLE_ADMIN }).returning()
    const [stranger] = await t.db.insert(appUser).values({
      companyId: other!.id, username: 'yabanci', firstName: 'Yaban', lastName: 'Cı', email: 'yabanci@example.com', passwordHash: await hashPassword(PASSWORD),
    }).returning()
    await t.db.insert(userRole).values({ userId: stranger!.id, roleId: otherAdminRole!.id, isMain: true, isDefault: true })
    const victim = await createUser(t.db, { username: 'kurban', password: PASSWORD })
    await t.db.update(appUser).set({ lockedAt: clock.now(), failedLogins: 5 }).where(eq(appUser.id, victim.id))

    const foreign = await signIn('yabanci', PASSWORD)
    const list = await foreign.a.get('/user?size=100')
    expect(list.status).toBe(200)
    expect((list.body.items as Array<{ username: string }>).map((u) => u.username)).toEqual(['yabanci'])
    expect((await foreign.a.post(`/user/${victim.id}/reactivate`)).status).toBe(404)
    const audit = await foreign.a.get('/audit?size=100')
    expect((audit.body.items as Array<{ actor: string }>).every((e) => e.actor === 'yabanci')).toBe(true)
    const [still] = await t.db.select().from(appUser).where(eq(appUser.id, victim.id))
    expect(still!.lockedAt).not.toBeNull()
  })

  it('an other-group role grants its permissions only until its valid-until date', async () => {
    const u = await createUser(t.db, { username: 'gecici', password: PASSWORD, roles: ['ROLE_USER'] })
    const [adminRole] = await t.db.select().from(role).where(eq(role.name, 'ROLE_ADMIN'))
    await t.db.insert(userRole).values({ userId: u.id, roleId: adminRole!.id, validUntil: new Date(clock.now().getTime() + 60_000) })
    const { a } = await signIn('gecici', PASSWORD)
    expect((await a.get('/audit')).status).toBe(403)
    const switched = await a.post('/auth/switchRole', { role: 'ROLE_ADMIN' })
    expect(switched.status).toBe(200)
    expect((await a.get('/audit', { role_name: 'ROLE_ADMIN' })).status).toBe(200)
    clock.advance(61_000)
    await a.post('/auth/activity', {})
    expect((await a.get('/audit')).status).toBe(403)
  })

  it('a change to a role reaches its holders at their next request', async () => {
    await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    const { a } = await signIn('yonetici', PASSWORD)
    expect((await a.get('/audit')).status).toBe(200)
    // as every role write does (PUT /role/{id}), the version moves with the permissions
    await t.db.update(role).set({ permissions: [{ permtag: 'dashboard', actions: ['read'] }], version: sql`${role.version} + 1` }).where(eq(role.name, 'ROLE_ADMIN'))
    expect((await a.get('/audit')).status).toBe(403)
  })

  it('lists with the list convention and refuses unknown or malformed parameters', async () => {
    const { a } = await signIn(TEST_ADMIN.username, TEST_ADMIN.password)
    for (let i = 0; i < 3; i++) await createUser(t.db, { username: `kisi${i}`, password: PASSWORD })
    const page = await a.get('/user?page=2&size=10&sort=-username&q=kisi')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ total: 3, page: 2, size: 10, items: [] })
    const first = await a.get('/user?size=10&sort=-username&q=KISI')
    expect((first.body.items as Array<{ username: string }>).map((u) => u.username)).toEqual(['kisi2', 'kisi1', 'kisi0'])
    for (const bad of ['?page=0', '?size=7', '?sort=passwordHash', '?unknown=1', '?q=%00', '?status=deleted', '?page=1&page=2']) {
      const res = await a.get('/user' + bad)
      expect(res.status, bad).toBe(400)
      expect(res.body.code).toBe('VALIDATION')
    }
  })

  it('an admin re-activates a locked account: audited, the owner mailed, the password works again', async () => {
    const locked = await createUser(t.db, { username: 'kilitli', password: PASSWORD, email: 'kilitli@example.com' })
    for (let i = 0; i < 5; i++) await agent(t.request).post('/auth/login', { username: 'kilitli', password: 'yanlis-parola', rememberMe: false })
    expect((await agent(t.request).post('/auth/login', { username: 'kilitli', password: PASSWORD, rememberMe: false })).status).toBe(401)
    const { a } = await signIn(TEST_ADMIN.username, TEST_ADMIN.password)
    const lockedList = await a.get('/user?locked=true')
    expect((lockedList.body.items as Array<{ username: string }>).map((u) => u.username)).toEqual(['kilitli'])
    const res = await a.post(`/user/${locked.id}/reactivate`)
    expect(res.status).toBe(200)
    expect((await a.post(`/user/${locked.id}/reactivate`)).body.code).toBe('USER_NOT_LOCKED')
    expect((await a.post('/user/not-a-uuid/reactivate')).status).toBe(404)
    expect((await agent(t.request).post('/auth/login', { username: 'kilitli', password: PASSWORD, rememberMe: false })).status).toBe(200)
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.reactivated'))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actor: 'admin', target: locked.id, companyId: locked.companyId })
    expect(entries[0]!.detail).toMatchObject({ before: { failedLogins: expect.any(Number) }, after: { lockedAt: null, failedLogins: 0 } })
    expect((entries[0]!.detail as { before: { failedLogins: number } }).before.failedLogins).toBeGreaterThanOrEqual(5)
    await expect.poll(() => t.mails.filter((m) => m.to.includes('kilitli@example.com') && m.subject === 'Hesabınız yeniden etkinleştirildi').length).toBe(1)
    // the audit page finds it
    const audit = await a.get('/audit?action=user.reactivated')
    expect(audit.body).toMatchObject({ total: 1, items: [{ action: 'user.reactivated', actor: 'admin', target: locked.id }] })
    const prefix = await a.get('/audit?action=auth.&sort=-at&size=50')
    expect((prefix.body.items as Array<{ action: string }>).every((e) => e.action.startsWith('auth.'))).toBe(true)
  })

  it('a plain user cannot re-activate anyone', async () => {
    const locked = await createUser(t.db, { username: 'kilitli', password: PASSWORD })
    await t.db.update(appUser).set({ lockedAt: clock.now() }).where(eq(appUser.id, locked.id))
    await createUser(t.db, { username: 'personel', password: PASSWORD, roles: ['ROLE_USER'] })
    const { a } = await signIn('personel', PASSWORD)
    expect((await a.post(`/user/${locked.id}/reactivate`)).status).toBe(403)
  })
})
