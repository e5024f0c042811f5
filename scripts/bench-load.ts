/**
 * Load (issue 9 "standing proofs"): session-checked calls (POST /auth/checkSessionValidity) and a
 * public lookup (GET /lookup/companySizes) at CLIENTS concurrent clients over HTTP for SECONDS
 * each, on PGlite (in memory) and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh
 * database), side by side with two floors served by the same process on the same database: a bare
 * Hono route, and a bare Hono route doing one indexed select and one update (the least a session
 * check must do). Prints requests/s, p50, p99, errors, and the ratios to the floors.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import pg from 'pg'
import { createApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { openDatabase, type Database } from '../src/server/db/client.ts'
import { staffSession } from '../src/server/db/schema.ts'
import { seedFirstCompany, seedReferenceData } from '../src/server/db/seed.ts'
import { createLogger } from '../src/server/services/logger.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200)
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
const SESSIONS = 50
const PASSWORD = 'Bench-Parola-2026!x'
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || ''

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; total: number }

async function withDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' })
    return { database, drop: () => database.close() }
  }
  const name = `ke_bench_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  return {
    database,
    async drop() {
      await database.close()
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/** CLIENTS workers calling `call` until the deadline; latency of every answer, errors counted. */
async function load(name: string, call: (i: number) => Promise<boolean>): Promise<Result> {
  for (let i = 0; i < 20; i++) await call(i).catch(() => false) // warm-up, not counted
  const times: number[] = []
  let errors = 0
  const deadline = performance.now() + SECONDS * 1000
  const worker = async (i: number) => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      let ok = false
      try {
        ok = await call(i)
      } catch {
        ok = false
      }
      times.push(performance.now() - t0)
      if (!ok) errors++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => worker(i)))
  const elapsed = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0
  return { name, rps: times.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors, total: times.length }
}

async function bench(kind: 'pglite' | 'postgres'): Promise<Result[]> {
  const { database, drop } = await withDatabase(kind)
  const { db } = database
  await database.migrate()
  await seedReferenceData(db)
  await seedFirstCompany(db, { username: 'admin', password: PASSWORD, email: 'admin@example.com' })
  // each client through a trusted proxy hop with its own address: the per-IP sign-in throttle stays out of the figures
  const config = { ...loadConfig({ NODE_ENV: 'production' }), mailCatcher: false, cookieSecure: false, trustProxy: 1 as const, logLevel: 'silent' as const }
  const app = createApp({ db, config, logger: createLogger('silent') })
  const floors = new Hono()
  floors.get('/floor', (c) => c.text('ok'))
  floors.post('/floor-db', async (c) => {
    const id = c.req.query('id') ?? ''
    const [row] = await db.select({ id: staffSession.id, lastSeenAt: staffSession.lastSeenAt }).from(staffSession).where(eq(staffSession.id, id)).limit(1)
    if (!row) return c.text('missing', 404)
    await db.update(staffSession).set({ lastSeenAt: sql`now()` }).where(eq(staffSession.id, row.id))
    return c.text('ok')
  })
  floors.route('/', app)
  const server = createServer(getRequestListener(floors.fetch))
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const cookies: string[] = []
    for (let i = 0; i < SESSIONS; i++) {
      const res = await fetch(`${base}${config.apiBase}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', trxType: 'FRM', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`)
      cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '))
    }
    const ids = (await db.select({ id: staffSession.id }).from(staffSession)).map((r) => r.id)
    const ok = async (res: Response) => {
      await res.arrayBuffer()
      return res.status === 200
    }
    const ip = (i: number) => `203.0.113.${(i % 250) + 1}`
    return [
      await load('bare Hono route (floor)', (i) => fetch(`${base}/floor`, { headers: { 'x-forwarded-for': ip(i) } }).then(ok)),
      await load('indexed select + update (floor)', (i) => fetch(`${base}/floor-db?id=${ids[i % ids.length]}`, { method: 'POST' }).then(ok)),
      await load('checkSessionValidity', (i) => fetch(`${base}${config.apiBase}/auth/checkSessionValidity`, {
        method: 'POST', headers: { trxType: 'FRM', cookie: cookies[i % cookies.length]!, 'x-forwarded-for': ip(i) },
      }).then(ok)),
      await load('GET /lookup/companySizes', (i) => fetch(`${base}${config.apiBase}/lookup/companySizes`, { headers: { 'x-forwarded-for': ip(i) } }).then(ok)),
    ]
  } finally {
    server.closeAllConnections()
    await new Promise((ok) => server.close(ok))
    await drop()
  }
}

const kinds: Array<'pglite' | 'postgres'> = PG_URL ? ['pglite', 'postgres'] : ['pglite']
console.log(`\nLoad: ${CLIENTS} concurrent clients over HTTP, ${SECONDS} s per row, ${SESSIONS} sessions${PG_URL ? '' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL too)'}`)
console.log('database  call'.padEnd(44), '    req/s', '   p50 ms', '   p99 ms', ' errors', '  vs bare', ' vs sel+upd')
for (const kind of kinds) {
  const rows = await bench(kind)
  const bare = rows[0]!.rps
  const selUpd = rows[1]!.rps
  for (const r of rows) {
    console.log(
      `${kind.padEnd(9)} ${r.name}`.padEnd(44),
      r.rps.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(9), r.p99.toFixed(1).padStart(9),
      String(r.errors).padStart(7), `${(r.rps / bare).toFixed(2)}x`.padStart(9), `${(r.rps / selUpd).toFixed(2)}x`.padStart(11),
    )
  }
}
