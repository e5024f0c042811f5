import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../src/server/config.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 14: the audit list counts at most AUDIT_COUNT_CAP matches (10,000), or as far as
 * the page asked for and one row more; past that its `total` is a lower bound (`totalCapped`), and
 * the next page exists while rows come. An exact count(*) over a million rows cost ~340 ms.
 */
describe.each(dbKinds())('the audit list\'s capped count on %s', (kind) => {
  let t: TestApp
  afterEach(async () => { await t?.close() })

  async function start(cap?: number) {
    t = await createTestApp(kind, cap === undefined ? {} : { auditCountCap: cap })
    const a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const companyId = (res.body.user as { companyId: string }).companyId
    /** `n` entries by `actor`, one a second, the newest first written last */
    const write = (actor: string, n: number) => t.db.execute(sql`insert into audit_log (company_id, at, actor, action, target)
      select ${companyId}, timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second', ${actor}, 'test.entry', null
      from generate_series(1, ${n}) g`)
    const read = async (query: string) => {
      const r = await a.get(`/audit?${query}`)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { items: Array<{ actor: string }>; total: number; totalCapped: boolean; page: number; size: number }
    }
    return { write, read }
  }

  it('the default cap is 10,000', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).auditCountCap).toBe(10_000)
    expect(loadConfig({ NODE_ENV: 'test', AUDIT_COUNT_CAP: '50' }).auditCountCap).toBe(50)
    expect(() => loadConfig({ NODE_ENV: 'test', AUDIT_COUNT_CAP: 'many' })).toThrow(/AUDIT_COUNT_CAP/)
  })

  it('counts exactly up to the cap, then says "more than the cap"', async () => {
    const { write, read } = await start(30)
    await write('exact', 30)
    await write('over', 31)
    // 30 matches: the cap itself is still exact
    expect(await read('actor=exact&size=10')).toMatchObject({ total: 30, totalCapped: false })
    // 31 matches: more than 30
    const over = await read('actor=over&size=10')
    expect(over).toMatchObject({ total: 30, totalCapped: true, page: 1, size: 10 })
    expect(over.items).toHaveLength(10)
  })

  it('past the cap the count reaches one row beyond the page asked for: a next page exists while rows come', async () => {
    const { write, read } = await start(30)
    await write('deep', 75)
    // page 3 of 10 ends at 30: still capped at 30, more to come
    expect(await read('actor=deep&size=10&page=3')).toMatchObject({ total: 30, totalCapped: true })
    // page 5 (rows 41-50) is past the cap: counted to 50 and one more
    const fifth = await read('actor=deep&size=10&page=5')
    expect(fifth).toMatchObject({ total: 50, totalCapped: true, page: 5 })
    expect(fifth.items).toHaveLength(10)
    // page 8 holds the last five rows: the count is exact again, no page after it
    const last = await read('actor=deep&size=10&page=8')
    expect(last).toMatchObject({ total: 75, totalCapped: false })
    expect(last.items).toHaveLength(5)
    // page 7 ends at 70 with five rows after it: counted to 70 and one more
    expect(await read('actor=deep&size=10&page=7')).toMatchObject({ total: 70, totalCapped: true })
    // one page past the end: nothing there, and the count says so
    expect(await read('actor=deep&size=10&page=9')).toMatchObject({ total: 75, totalCapped: false, items: [] })
  })

  it('filters are counted, not the whole log: a filter under the cap is exact', async () => {
    const { write, read } = await start(30)
    await write('many', 40)
    await write('few', 3)
    expect(await read('actor=few')).toMatchObject({ total: 3, totalCapped: false })
    expect(await read('actor=many')).toMatchObject({ total: 30, totalCapped: true })
    expect(await read('q=fe')).toMatchObject({ total: 3, totalCapped: false })
  })

  it('with the default cap, 10,001 matches read "10,000 and more"; 10,000 read exactly', async () => {
    const { write, read } = await start()
    await write('tenk', 10_000)
    expect(await read('actor=tenk')).toMatchObject({ total: 10_000, totalCapped: false })
    await write('tenk', 1)
    expect(await read('actor=tenk')).toMatchObject({ total: 10_000, totalCapped: true })
  })
})
