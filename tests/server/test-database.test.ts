import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLog, hometown } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, openTestDatabase, testDatabaseStats, type TestApp, type TestDatabase } from '../support/test-app.ts'

/**
 * The test database a file lends to test after test (issue 26 item 9, tests/support/db-reset.ts):
 * given back, it is put back exactly as seeded, every table's rows and every sequence, whatever the
 * test wrote; a table too large to copy that was written makes the next test load a fresh one; and
 * the handle given back refuses every query.
 */
const PASSWORD = 'Güçlü-Parola-2026!'

describe.each(dbKinds())('the test database put back between tests [%s]', { timeout: 120_000 }, (kind) => {
  let open: Array<TestApp | TestDatabase> = []
  afterEach(async () => {
    for (const o of open.splice(0)) await ('close' in o && 'app' in o ? o.close() : (o as TestDatabase).drop())
  })
  const fingerprint = async (db: TestDatabase['db']) =>
    ((await db.execute(sql`SELECT ke_reset.fingerprint() AS f`)) as unknown as { rows: Array<{ f: string }> }).rows[0]!.f

  it('after a test that wrote through the app (users, roles, sessions, audit, mail outbox, SMS codes, sequences), the next one finds the seeded rows', async () => {
    const probe = await openTestDatabase(kind)
    const seeded = await fingerprint(probe.db)
    await probe.drop()

    const t = await createTestApp(kind, {}, { mail: true })
    const a = agent(t.request)
    expect((await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    await createUser(t.db, { username: 'gecici', password: PASSWORD, roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    expect((await a.post('/notification/sendsms', { gsmNumber: '0532 111 22 33', smsSource: 'tss' })).status).toBe(200)
    expect((await a.post('/auth/forgotPassword', { email: TEST_ADMIN.email })).status).toBeLessThan(300)
    await t.db.update(auditLog).set({ actor: 'someone else' })
    const written = await fingerprint(t.db)
    expect(written).not.toBe(seeded)
    // the audit log's sequence moved: a fresh database's next number is what the next test gets too
    const changed = written.split('\n').filter((l) => !seeded.split('\n').includes(l)).map((l) => l.split(' ')[0])
    expect(changed).toEqual(expect.arrayContaining(['public.app_user', 'public.user_role', 'public.staff_session', 'public.audit_log', 'public.sms_code', 'public.outbox', 'public.rate_counter', 'public.audit_log_seq_seq']))
    await t.close()

    const loads = testDatabaseStats().loads
    const next = await openTestDatabase(kind)
    open.push(next)
    expect(await fingerprint(next.db)).toBe(seeded)
    if (kind === 'pglite') expect(testDatabaseStats().loads, 'the same PGlite database, not a fresh load').toBe(loads)
    const [entry] = await next.db.insert(auditLog).values({ action: 'probe' }).returning()
    const fresh = await openTestDatabase(kind)
    open.push(fresh)
    const [first] = await fresh.db.insert(auditLog).values({ action: 'probe' }).returning()
    expect(entry!.seq, 'the sequence was set back').toBe(first!.seq)
  })

  it('a change rolled back leaves nothing to put back; a committed one in a transaction is put back', async () => {
    const d = await openTestDatabase(kind)
    const seeded = await fingerprint(d.db)
    await expect(d.db.transaction(async (tx) => {
      await tx.insert(auditLog).values({ action: 'rolled back' })
      throw new Error('no')
    })).rejects.toThrow('no')
    await d.db.transaction(async (tx) => { await tx.delete(auditLog) })
    expect(await fingerprint(d.db)).not.toBe(seeded)
    await d.drop()
    const again = await openTestDatabase(kind)
    open.push(again)
    expect(await fingerprint(again.db)).toBe(seeded)
  })

  it('a test that wrote the 73,000 neighbourhoods (no copy kept) makes the next one start from a fresh database', async () => {
    const d = await openTestDatabase(kind)
    const seeded = await fingerprint(d.db)
    await d.db.update(hometown).set({ name: 'changed' }).where(sql`code = (SELECT min(code) FROM hometown)`)
    const discarded = testDatabaseStats().discarded
    await d.drop()
    expect(testDatabaseStats().discarded, 'that database is closed (PGlite) or dropped (PostgreSQL), not lent again').toBe(discarded + 1)
    const next = await openTestDatabase(kind)
    open.push(next)
    expect(await fingerprint(next.db)).toBe(seeded)
  })

  it('the session is a new one too: a statement the previous test prepared is gone (the session check prepares its own)', async () => {
    const d = await openTestDatabase(kind)
    await d.db.execute(sql.raw('PREPARE ke_probe AS SELECT 1'))
    await d.drop()
    const next = await openTestDatabase(kind)
    open.push(next)
    await next.db.execute(sql.raw('PREPARE ke_probe AS SELECT 1'))
  })

  it('the handle given back refuses every query, so an app left running cannot write into the next test', async () => {
    const d = await openTestDatabase(kind)
    await d.drop()
    await expect(d.db.select().from(auditLog).limit(1)).rejects.toThrow()
  })

  it('two databases at once are two databases', async () => {
    const a = await openTestDatabase(kind)
    const b = await openTestDatabase(kind)
    open.push(a, b)
    await a.db.insert(auditLog).values({ action: 'only in a' })
    const inB = await b.db.select().from(auditLog).where(sql`action = 'only in a'`)
    expect(inB).toEqual([])
  })
})
