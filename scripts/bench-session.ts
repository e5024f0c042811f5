/**
 * Session check cost (issue 9, standing proofs): side by side on one in-memory PGlite, 50 concurrent
 * clients, each with its own session, for a bounded time:
 *  - POST /auth/checkSessionValidity through the real app (requireSession + the user view);
 *  - the floor: a bare Hono route doing one indexed select of the session and one update of it.
 * Prints requests/s, p50, p99, errors and the ratio to the floor (target >= 0.5x). In process
 * (app.request), so that the figures are the server's work, not a load generator's.
 * BENCH_SESSION_CLIENTS (50) and BENCH_SESSION_SECONDS (5 per run; two runs each, interleaved).
 */
import { Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { createApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { staffSession } from '../src/server/db/schema.ts'
import { seedFirstCompany } from '../src/server/db/seed.ts'
import { createLogger } from '../src/server/services/logger.ts'
import { tokenHash } from '../src/server/services/sessions.ts'

const CLIENTS = Number(process.env.BENCH_SESSION_CLIENTS ?? 50)
const SECONDS = Number(process.env.BENCH_SESSION_SECONDS ?? 5)
const PASSWORD = 'Bench-Parola-2026!x'

const database = await openDatabase({ dataDir: 'memory://' })
await database.migrate()
await seedFirstCompany(database.db, { username: 'admin', password: PASSWORD, email: 'admin@example.com' })
const config = { ...loadConfig({ NODE_ENV: 'production' }), mailCatcher: false, cookieSecure: false, trustProxy: 'all' as const }
const app = createApp({ db: database.db, config, logger: createLogger('silent') })
const base = config.apiBase

// one session per client (each signs in from its own address: the per-IP limits stay out of the figures)
const cookies: string[] = []
for (let i = 0; i < CLIENTS; i++) {
  const res = await app.request(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', trxType: 'FRM', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  })
  if (res.status !== 200) throw new Error(`login answered ${res.status}`)
  cookies.push(res.headers.getSetCookie()[0]!.split(';')[0]!)
}

// the floor: what any session check must at least do, on the same database and machine
const floor = new Hono()
floor.post('/floor', async (c) => {
  const token = (c.req.header('cookie') ?? '').split('=')[1] ?? ''
  const [row] = await database.db.select().from(staffSession).where(eq(staffSession.tokenHash, tokenHash(token))).limit(1)
  if (!row) return c.json({ code: 'UNAUTHORIZED' }, 401)
  await database.db.update(staffSession).set({ lastSeenAt: new Date() }).where(eq(staffSession.id, row.id))
  return c.json({ ok: true, id: row.id })
})

type Result = { rps: number; p50: number; p99: number; errors: number; n: number }

async function run(call: (cookie: string) => Response | Promise<Response>): Promise<Result> {
  const times: number[] = []
  let errors = 0
  const end = performance.now() + SECONDS * 1000
  await Promise.all(cookies.map(async (cookie) => {
    while (performance.now() < end) {
      const started = performance.now()
      const res = await call(cookie)
      await res.arrayBuffer()
      times.push(performance.now() - started)
      if (res.status !== 200) errors++
    }
  }))
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!
  return { rps: times.length / SECONDS, p50: pct(0.5), p99: pct(0.99), errors, n: times.length }
}

const session = (cookie: string) => app.request(`${base}/auth/checkSessionValidity`, {
  method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM', cookie }, body: '{}',
})
const bare = (cookie: string) => floor.request('/floor', { method: 'POST', headers: { cookie } })

await run(session) // warm-up (JIT, caches)
const results: Record<'floor' | 'session', Result[]> = { floor: [], session: [] }
for (let i = 0; i < 2; i++) {
  results.floor.push(await run(bare))
  results.session.push(await run(session))
}
const best = (rs: Result[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a))
const f = best(results.floor)
const s = best(results.session)
const line = (name: string, r: Result) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`
console.log(`\nSession check cost on in-memory PGlite, ${CLIENTS} concurrent clients, ${SECONDS} s per run (best of 2, interleaved)`)
console.log(line('floor (select + update)', f))
console.log(line('POST /auth/checkSessionValidity', s))
console.log(`ratio: ${(s.rps / f.rps).toFixed(2)}x of the floor (target >= 0.5x)`)
await database.close()
if (s.errors > 0 || f.errors > 0) process.exitCode = 1
