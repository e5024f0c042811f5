import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../src/server/config.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 14: the users list counts at most USER_COUNT_CAP matches (10,000), or as far as the
 * page asked for and one row more, as the audit list does: an exact count of 100,000 users cost
 * more than the page. Past the cap `total` is a lower bound (`totalCapped`) and the next page
 * exists while rows come; under it the count is exact.
 */
describe.each(dbKinds())('the users list\'s capped count on %s', (kind) => {
  let t: TestApp
  afterEach(async () => { await t?.close() })

  async function start(cap: number) {
    t = await createTestApp(kind, { userCountCap: cap })
    const a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    const companyId = (res.body.user as { companyId: string }).companyId
    const add = (prefix: string, n: number) => t.db.execute(sql`insert into app_user (company_id, username, first_name, last_name, email, password_hash, status)
      select ${companyId}, ${prefix} || lpad(g::text, 3, '0'), 'Bench', 'User', ${prefix} || g || '@example.com', 'x', 'active'
      from generate_series(1, ${n}) g`)
    const read = async (query: string) => {
      const r = await a.get(`/user?${query}`)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body as { items: Array<{ username: string }>; total: number; totalCapped: boolean; page: number; size: number }
    }
    return { add, read }
  }

  it('the default cap is 10,000', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).userCountCap).toBe(10_000)
    expect(loadConfig({ NODE_ENV: 'test', USER_COUNT_CAP: '50' }).userCountCap).toBe(50)
    expect(() => loadConfig({ NODE_ENV: 'test', USER_COUNT_CAP: 'many' })).toThrow(/USER_COUNT_CAP/)
  })

  it('counts exactly up to the cap, then says "more than the cap"; a filter under the cap is exact; a far page counts to itself', async () => {
    const { add, read } = await start(30)
    await add('kapsam', 40)
    const all = await read('q=kapsam&size=10')
    expect(all.items.map((u) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => `kapsam${String(i + 1).padStart(3, '0')}`))
    expect(all).toMatchObject({ total: 30, totalCapped: true })
    // fewer matches than the cap: exact
    const few = await read('q=kapsam01&size=10')
    expect(few).toMatchObject({ total: 10, totalCapped: false })
    // page 4 of 10 asks past the cap: counted as far as the page and one more (exact here: 40)
    const last = await read('q=kapsam&size=10&page=4')
    expect(last.items.map((u) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => `kapsam${String(i + 31).padStart(3, '0')}`))
    expect(last).toMatchObject({ total: 40, totalCapped: false })
    const third = await read('q=kapsam&size=10&page=3')
    expect(third).toMatchObject({ total: 30, totalCapped: true })
  })
})
