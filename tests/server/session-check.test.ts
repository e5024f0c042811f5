import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERMISSIONS_STAMP_HEADER, permissionsStamp } from '../../src/domain/permissions.ts'
import { toPermissionStrings, ROLE_BUNDLES } from '../../src/domain/permission-catalogue.ts'
import { appUser, role, staffSession, userRole } from '../../src/server/db/schema.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PASSWORD = 'Güçlü-Parola-2026!'
const ADMIN_PERMISSIONS = toPermissionStrings(ROLE_BUNDLES.ROLE_ADMIN)
const USER_PERMISSIONS = toPermissionStrings(ROLE_BUNDLES.ROLE_USER)

/**
 * What the session check's fast path (issue 27: one prepared statement, a per-role permission
 * cache, the stamp cached with it) must keep: every change made anywhere (another server process,
 * or by hand in SQL, without bumping any version) applies at the very next request.
 */
describe.each(dbKinds())('the session check on %s keeps every property at the next request', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let userId: string

  beforeEach(async () => {
    t = await createTestApp(kind)
    const user = await createUser(t.db, { username: 'hizli', password: PASSWORD, roles: ['ROLE_ADMIN', 'ROLE_USER'] })
    userId = user.id
    a = agent(t.request)
    expect((await a.post('/auth/login', { username: 'hizli', password: PASSWORD })).status).toBe(200)
  })
  afterEach(async () => { await t.close() })

  it('does not serve a cached permission set after the role changed by hand in SQL, and the stamp follows', async () => {
    const before = await a.get('/auth/permissions')
    expect(before.body).toEqual({ role: 'ROLE_ADMIN', permissions: ADMIN_PERMISSIONS })
    expect(before.headers.get(PERMISSIONS_STAMP_HEADER)).toBe(permissionsStamp(ADMIN_PERMISSIONS))
    expect((await a.get('/user')).status).toBe(200)
    // another process, or a person in psql: no version bump, nothing but the stored JSON changes
    await t.db.execute(sql`update role set permissions = '[{"permtag":"audit","actions":["read"]}]'::jsonb where name = 'ROLE_ADMIN'`)
    const refused = await a.get('/user')
    expect(refused.status).toBe(403)
    expect(refused.headers.get(PERMISSIONS_STAMP_HEADER)).toBe(permissionsStamp(['audit:read']))
    expect((await a.get('/auth/permissions')).body).toEqual({ role: 'ROLE_ADMIN', permissions: ['audit:read'] })
    // and back: the cache does not keep the narrowed set either
    await t.db.update(role).set({ permissions: ROLE_BUNDLES.ROLE_ADMIN }).where(eq(role.name, 'ROLE_ADMIN'))
    const again = await a.get('/user')
    expect(again.status).toBe(200)
    expect(again.headers.get(PERMISSIONS_STAMP_HEADER)).toBe(permissionsStamp(ADMIN_PERMISSIONS))
  })

  it('drops a role taken away, or past its validity on the app clock, at the next request', async () => {
    const [admin] = await t.db.select().from(role).where(eq(role.name, 'ROLE_ADMIN'))
    await t.db.update(userRole).set({ validUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(and(eq(userRole.userId, userId), eq(userRole.roleId, admin!.id)))
    // still valid on the app's clock (whatever the wall clock says)
    expect((await a.post('/auth/checkSessionValidity')).body).toMatchObject({ user: { roles: ['ROLE_ADMIN', 'ROLE_USER'], activeRole: 'ROLE_ADMIN' } })
    t.clock.advance(120_000)
    const after = await a.post('/auth/checkSessionValidity')
    expect(after.body).toMatchObject({ user: { roles: ['ROLE_USER'], activeRole: 'ROLE_USER', permissions: USER_PERMISSIONS } })
    expect((await a.get('/user')).status).toBe(403)
    // taken away outright
    await t.db.delete(userRole).where(eq(userRole.userId, userId))
    expect((await a.post('/auth/checkSessionValidity')).body).toMatchObject({ user: { roles: [], activeRole: null, permissions: [] } })
  })

  it('applies a lock set by another process at the next request, and its lifting too', async () => {
    expect((await a.get('/auth/permissions')).status).toBe(200)
    const lockedAt = t.clock.now()
    await t.db.update(staffSession).set({ lockedAt }).where(eq(staffSession.userId, userId))
    expect((await a.get('/auth/permissions')).body).toMatchObject({ code: 'LOCKED' })
    const validity = await a.post('/auth/checkSessionValidity')
    expect(validity.status).toBe(401)
    expect(validity.body).toMatchObject({ code: 'LOCKED', lockedAt: lockedAt.getTime() })
    await t.db.update(staffSession).set({ lockedAt: null }).where(eq(staffSession.userId, userId))
    expect((await a.get('/auth/permissions')).status).toBe(200)
  })

  it('enforces the idle and the absolute lifetime, the user status and an ended session at the next request', async () => {
    // idle past inactivity + warning + throttle slack (the defaults: 15 + 1 + 1 minutes): locked, and stored so
    t.clock.advance(17 * 60_000 + 1_000)
    expect((await a.get('/auth/permissions')).body).toMatchObject({ code: 'LOCKED' })
    const [idle] = await t.db.select().from(staffSession).where(eq(staffSession.userId, userId))
    expect(idle!.lockedAt).not.toBeNull()

    const b = agent(t.request)
    expect((await b.post('/auth/login', { username: 'hizli', password: PASSWORD })).status).toBe(200)
    // active every ten minutes, yet past the absolute lifetime (8 hours)
    for (let i = 0; i < 8 * 6 - 1; i++) {
      t.clock.advance(10 * 60_000)
      expect((await b.post('/auth/activity')).status).toBe(200)
    }
    t.clock.advance(10 * 60_000)
    expect((await b.get('/auth/permissions')).body).toMatchObject({ code: 'SESSION_EXPIRED' })

    const c = agent(t.request)
    expect((await c.post('/auth/login', { username: 'hizli', password: PASSWORD })).status).toBe(200)
    await t.db.update(appUser).set({ status: 'suspended' }).where(eq(appUser.id, userId))
    expect((await c.get('/auth/permissions')).status).toBe(401)
    // the session that asked is ended as the user's status requires
    const sessions = await t.db.select().from(staffSession).where(eq(staffSession.userId, userId))
    expect(sessions.map((s) => s.endReason).sort()).toEqual(['absolute', 'userStatus', null].sort())

    await t.db.update(appUser).set({ status: 'active' }).where(eq(appUser.id, userId))
    const d = agent(t.request)
    expect((await d.post('/auth/login', { username: 'hizli', password: PASSWORD })).status).toBe(200)
    expect((await d.get('/auth/permissions')).status).toBe(200)
    await t.db.execute(sql`update staff_session set ended_at = now() where ended_at is null`)
    expect((await d.get('/auth/permissions')).body).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('keeps working when a migration adds columns to the tables its prepared statement reads', async () => {
    // several at once: on PostgreSQL each pooled connection prepares the statement for itself
    const many = () => Promise.all(Array.from({ length: 12 }, () => a.post('/auth/checkSessionValidity')))
    for (const r of await many()) expect(r.status).toBe(200)
    await t.db.execute(sql`alter table staff_session add column probe_27 text`)
    await t.db.execute(sql`alter table app_user add column probe_27 text`)
    for (const r of await many()) {
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body).toMatchObject({ user: { username: 'hizli', activeRole: 'ROLE_ADMIN' } })
    }
  })

  it("never reads inside another caller's open transaction (it would see writes that are then rolled back)", async () => {
    let check: Promise<Awaited<ReturnType<typeof a.post>>> | null = null
    let answeredInside: number | null = null
    const outcome = await t.db.transaction(async (tx) => {
      await tx.update(staffSession).set({ lockedAt: t.clock.now() }).where(eq(staffSession.userId, userId))
      // asked while the transaction is open: the check must wait for it (PGlite, one connection)
      // or not see its write (PostgreSQL); it must never answer LOCKED from the rolled-back write
      check = a.post('/auth/checkSessionValidity')
      const first = await Promise.race([check, new Promise<null>((ok) => setTimeout(() => ok(null), 1_500))])
      answeredInside = first?.status ?? null
      throw new Error('rolled back')
    }).catch((e: Error) => e.message)
    expect(outcome).toBe('rolled back')
    const res = await check!
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // PGlite waits for the transaction; PostgreSQL answers from the committed row meanwhile
    expect(answeredInside).toBe(kind === 'pglite' ? null : 200)
    expect((await t.db.select().from(staffSession).where(eq(staffSession.userId, userId)))[0]!.lockedAt).toBeNull()
  })
})
