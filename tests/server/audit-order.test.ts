import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 7: the audit log's order is fixed for entries with the same time (one
 * transaction's entries share `now()`): the time, then the write order `seq`, on every page and
 * every read. Before, the tie-breaker was the random id: the same time came back in id order,
 * unrelated to what happened first.
 */
describe.each(dbKinds())('the audit log\'s fixed order on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    t = await createTestApp(kind)
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
  })
  afterEach(async () => { await t.close() })

  it('entries of one instant come newest-written first, ascending with sort=at, the same on every read and page', async () => {
    const at = new Date('2026-01-01T10:00:00Z')
    // written one by one in this order, all at the same instant
    // not in alphabetical order, so that neither the action nor a random id could explain the result
    const actions = Array.from({ length: 25 }, (_, i) => `test.${String((i * 7) % 25).padStart(2, '0')}`)
    for (const action of actions) await t.db.insert(auditLog).values({ companyId, at, actor: 'zeynep', action, target: null })
    const read = async (query: string) => {
      const res = await a.get(`/audit?actor=zeynep&${query}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.items as Array<{ action: string; seq: number }>
    }
    const newest = await read('size=50')
    expect(newest.map((e) => e.action)).toEqual([...actions].reverse())
    expect(newest.map((e) => e.seq)).toEqual([...newest.map((e) => e.seq)].sort((x, y) => y - x))
    expect((await read('size=50&sort=at')).map((e) => e.action)).toEqual(actions)
    // pages of ten: together, the whole list once, in the same order; a second read is the same
    const paged = [...await read('size=10&page=1'), ...await read('size=10&page=2'), ...await read('size=10&page=3')]
    expect(paged.map((e) => e.action)).toEqual(newest.map((e) => e.action))
    expect((await read('size=50')).map((e) => e.seq)).toEqual(newest.map((e) => e.seq))
    // by action: the time and the write order decide among equal actions
    await t.db.insert(auditLog).values({ companyId, at, actor: 'zeynep', action: 'test.00', target: null })
    const byAction = await read('size=50&sort=action')
    expect(byAction.slice(0, 2).map((e) => e.action)).toEqual(['test.00', 'test.00'])
    expect(byAction[0]!.seq).toBeGreaterThan(byAction[1]!.seq)
  })
})
