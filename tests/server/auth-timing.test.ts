import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { appUser, companySetting } from '../../src/server/db/schema.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 9 item 4 (SECURITY.md): the answers of sign-in and forgot-password take the same time
 * whatever the case. A file of its own, because it times requests: `npm test` runs it in the
 * `timing` stage, after the browser lanes, on a quieter machine (scripts/test.ts), as it runs the
 * session check's budget; a browser beside it spoils single samples in bursts.
 */
const PASSWORD = 'Güçlü-Parola-2026!'
type Agent = ReturnType<typeof agent>
const login = (a: Agent, username: string, password: string, ip?: string) =>
  a.post('/auth/login', { username, password }, ip ? { 'x-forwarded-for': ip } : undefined)
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!

/**
 * Interleaved timing samples: each round runs every case once, in a shuffled order, and each sample
 * is divided by its round's mean, so that the load of a shared machine, which drifts from round to
 * round, cancels out. The median of each case's ratios must lie within `tolerance` of the others'.
 * `settle` runs untimed after each sample (work the answer left behind). A loaded 2-core machine
 * can still spoil one run: one retry.
 */
async function withinTolerance(cases: Array<() => Promise<unknown>>, rounds: number, tolerance: number, settle?: () => Promise<unknown>) {
  let last: number[] = []
  for (let attempt = 0; attempt < 2; attempt++) {
    const ratios: number[][] = cases.map(() => [])
    for (let round = 0; round < rounds; round++) {
      const order = cases.map((_, i) => i)
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1))
        ;[order[i], order[j]] = [order[j]!, order[i]!]
      }
      const times: number[] = []
      for (const i of order) {
        const started = performance.now()
        await cases[i]!()
        times[i] = performance.now() - started
        await settle?.()
      }
      const mean = times.reduce((a, b) => a + b, 0) / times.length
      times.forEach((ms, i) => ratios[i]!.push(ms / mean))
    }
    last = ratios.map(median)
    if (Math.max(...last) / Math.min(...last) < 1 + tolerance) return last
  }
  throw new Error(`median ratios ${last.map((m) => m.toFixed(3)).join(' / ')} differ by more than ${tolerance * 100}%`)
}

describe('sign-in timing on pglite (issue 9 item 4)', () => {
  const kind = 'pglite' as const
  it('answers forgotPassword before the slow work: a registered and an unknown address within 10%', async () => {
    const many = await createTestApp(kind, { trustProxy: 1 }, { mail: true })
    try {
      await createUser(many.db, { username: 'zaman', password: PASSWORD, email: 'zaman@example.com' })
      let n = 0
      const ask = (email: string) => agent(many.request).post('/auth/forgotPassword', { email }, { 'x-forwarded-for': `10.7.${n >> 8 & 255}.${n++ & 255}` })
      // the per-address limit (5 an hour) would make the known address cheaper after five: move the clock an hour each round
      await withinTolerance([
        async () => { many.clock.advance(3_600_001); await ask('zaman@example.com') },
        async () => { many.clock.advance(3_600_001); await ask('yok-boyle@example.com') },
      ], 31, 0.1, () => many.outbox.drain())
    } finally {
      await many.close()
    }
  }, 300_000)

  it('signs in wrong password, unknown user, locked account and a user with pending resets within 10%', async () => {
    const relaxed = await createTestApp(kind, { trustProxy: 1, loginFailuresPerIp: 100_000 }, { mail: true })
    try {
      const ali = await createUser(relaxed.db, { username: 'ali', password: PASSWORD, email: 'ali@example.com' })
      await relaxed.db.insert(companySetting).values({ companyId: ali.companyId, category: 'security', data: { maxFailedLogins: 100_000 } })
      const veli = await createUser(relaxed.db, { username: 'veli', password: PASSWORD })
      await relaxed.db.update(appUser).set({ lockedAt: new Date() }).where(eq(appUser.id, veli.id))
      await createUser(relaxed.db, { username: 'reset', password: PASSWORD, email: 'reset@example.com' })
      for (let i = 0; i < 3; i++) await agent(relaxed.request).post('/auth/forgotPassword', { email: 'reset@example.com' })
      await expect.poll(() => relaxed.mails.length, { timeout: 15_000 }).toBe(3)
      let n = 0
      const attempt = (username: string) => async () => {
        const res = await login(agent(relaxed.request), username, 'yanlis-parola', `10.8.${n >> 8 & 255}.${n++ & 255}`)
        expect(res.status).toBe(401)
      }
      await attempt('ali')() // warm-up
      await withinTolerance([attempt('kimse-yok'), attempt('ali'), attempt('veli'), attempt('reset')], 61, 0.1)
    } finally {
      await relaxed.close()
    }
  }, 300_000)
})
