/**
 * One server under test for scripts/bench-session.ts, in a process of its own (so that the load
 * generator never shares its event loop), driven over the IPC channel:
 *  - `app`: the real app (createApp with the production configuration, the `info` request log to
 *    stdout, security headers, gzip, the envelope, the session check) on @hono/node-server, the way
 *    src/server/main.ts serves it; its staff sessions are inserted as startSession makes them.
 *  - `floor`: the physical floor: a bare Hono route on @hono/node-server doing one indexed select of
 *    the session by its token hash and one update of it, with the raw driver (PGlite's own client,
 *    or a pg.Pool of the app's size) and no ORM.
 * The database is in-memory PGlite, or a fresh PostgreSQL database (BENCH_TARGET_PG, the cluster's
 * URL) created here and dropped on exit. Messages: the child sends `{ ready, port, base, sessions }`; the
 * parent may send `{ inproc }` (an in-process run through `.request()`, answered `{ result }`) and
 * `{ stop }`.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { PGlite } from '@electric-sql/pglite'
import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { createApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { openDatabase, type Database } from '../src/server/db/client.ts'
import { appUser, staffSession } from '../src/server/db/schema.ts'
import { seedFirstCompany, syncSystemRoleBundles } from '../src/server/db/seed.ts'
import { createLogger } from '../src/server/services/logger.ts'
import { cookieName, newToken, tokenHash } from '../src/server/services/sessions.ts'
import { runInProcess, type InProcessRequest, type Session } from './bench-session-lib.ts'

const role = process.argv[2] as 'app' | 'floor'
const pgUrl = process.env.BENCH_TARGET_PG || ''
const sessions = Number(process.env.BENCH_TARGET_SESSIONS ?? 200)
const listRows = Number(process.env.BENCH_TARGET_LIST_ROWS ?? 1000)
if (role !== 'app' && role !== 'floor') throw new Error('usage: bench-session-target.ts app|floor')

/** A fresh PostgreSQL database of this process, dropped by the returned function. */
async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ke_bench_session_${role}_${process.pid}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

type Target = { fetch: (req: Request) => Response | Promise<Response>; base: string; sessions: Session[]; close(): Promise<void> }

async function appTarget(): Promise<Target> {
  const fresh = pgUrl ? await freshPgDatabase() : null
  const database: Database = await openDatabase(fresh ? { url: fresh.url } : { dataDir: 'memory://' })
  await database.migrate()
  await seedFirstCompany(database.db, { username: 'admin', password: 'Bench-Parola-2026!x', email: 'admin@example.com' })
  await syncSystemRoleBundles(database.db)
  const db = database.db
  // a list page worth reading: staff users (GET /user)
  await db.execute(sql`insert into app_user (company_id, username, first_name, last_name, email, password_hash, status)
    select c.id, 'kullanici' || g, (array['Ayşe','Mehmet','Zeynep','Burak','Elif','Ömer','Şule','İlker'])[1 + g % 8],
      (array['Yılmaz','Demir','Kaya','Çelik','Şahin','Öztürk','Arslan','Doğan'])[1 + (g / 8) % 8] || g,
      'kullanici' || g || '@example.com', 'x', 'active'
    from generate_series(1, ${listRows}) g, (select id from company limit 1) c`)
  await db.execute(sql`analyze`)
  // the production configuration (secure cookie, HSTS, CSP, gzip, the info request log to stdout)
  const config = { ...loadConfig({ NODE_ENV: 'production', DATABASE_URL: fresh?.url ?? '' }), mailCatcher: false }
  const app = createApp({ db, config, logger: createLogger(config.logLevel) })
  // one session per client, as startSession writes it at sign-in (the sign-in throttles stay out of the figures)
  const [admin] = await db.select().from(appUser).where(sql`${appUser.username} = 'admin'`).limit(1)
  const now = new Date()
  const tokens = Array.from({ length: sessions }, () => newToken())
  const rows = await db.insert(staffSession).values(tokens.map((token) => ({
    tokenHash: tokenHash(token), userId: admin!.id, companyId: admin!.companyId, activeRole: 'ROLE_SUPERADMIN', rememberMe: false,
    createdAt: now, lastSeenAt: now, absoluteExpiresAt: new Date(now.getTime() + config.sessionAbsoluteMs), ip: '127.0.0.1', userAgent: 'bench',
  }))).returning({ id: staffSession.id, tokenHash: staffSession.tokenHash })
  const idOf = new Map(rows.map((r) => [r.tokenHash, r.id]))
  return {
    fetch: app.fetch,
    base: config.apiBase,
    sessions: tokens.map((t) => ({ cookie: `${cookieName(config)}=${t}`, companyId: admin!.companyId, sessionId: idOf.get(tokenHash(t))!, role: 'ROLE_SUPERADMIN' })),
    async close() {
      await database.close()
      await fresh?.drop()
    },
  }
}

/** The same columns as staff_session, so that the floor reads and writes rows of the same width. */
const FLOOR_TABLE = `create table staff_session (
  id uuid primary key default gen_random_uuid(), token_hash text not null, user_id uuid not null, company_id uuid not null,
  active_role text, remember_me boolean not null default false, created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(), absolute_expires_at timestamptz not null, locked_at timestamptz,
  inactive_seconds integer not null default 0, ended_at timestamptz, end_reason text, ip text, user_agent text);
  create unique index staff_session_token_uq on staff_session (token_hash)`
const FLOOR_SELECT = 'select * from staff_session where token_hash = $1 limit 1'
const FLOOR_UPDATE = 'update staff_session set last_seen_at = $1 where id = $2'

async function floorTarget(): Promise<Target> {
  type Query = (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>
  let query: Query
  let close: () => Promise<void>
  if (pgUrl) {
    const fresh = await freshPgDatabase()
    // the app's pool size (src/server/db/client.ts)
    const pool = new pg.Pool({ connectionString: fresh.url, max: 10 })
    query = (text, params) => pool.query(text, params)
    close = async () => {
      await pool.end()
      await fresh.drop()
    }
  } else {
    const client = await PGlite.create('memory://')
    query = (text, params) => client.query(text, params)
    close = () => client.close()
  }
  for (const statement of FLOOR_TABLE.split(';')) await query(statement, [])
  const made: Session[] = []
  for (let i = 0; i < sessions; i++) {
    const token = newToken()
    const { rows: [row] } = await query(`insert into staff_session (token_hash, user_id, company_id, active_role, absolute_expires_at)
      values ($1, gen_random_uuid(), gen_random_uuid(), 'ROLE_SUPERADMIN', now() + interval '8 hours') returning id, company_id`, [tokenHash(token)])
    // the app's cookie name, so that the floor parses a request of the same size
    made.push({ cookie: `__Host-ke_session=${token}`, companyId: String(row!.company_id), sessionId: String(row!.id), role: 'ROLE_SUPERADMIN' })
  }
  const floor = new Hono()
  floor.post('/floor', async (c) => {
    const cookie = c.req.header('cookie') ?? ''
    const token = cookie.slice(cookie.indexOf('=') + 1)
    const { rows: [row] } = await query(FLOOR_SELECT, [tokenHash(token)])
    if (!row) return c.json({ code: 'UNAUTHORIZED' }, 401)
    await query(FLOOR_UPDATE, [new Date(), row.id])
    return c.json({ ok: true, id: row.id })
  })
  return { fetch: floor.fetch, base: '', sessions: made, close }
}

const target = role === 'app' ? await appTarget() : await floorTarget()
const server: Server = createServer(getRequestListener(target.fetch))
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
const port = (server.address() as AddressInfo).port

// BENCH_TARGET_PROFILE=<file>: a CPU profile of the serving phase only (not the start-up), for `node scripts/bench-session.ts` with BENCH_SESSION_PROFILE
const profileFile = process.env.BENCH_TARGET_PROFILE || ''
const profiler = profileFile ? new (await import('node:inspector/promises')).Session() : null
if (profiler) {
  profiler.connect()
  await profiler.post('Profiler.enable')
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 })
  await profiler.post('Profiler.start')
}

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop')
    await (await import('node:fs/promises')).writeFile(profileFile, JSON.stringify(profile))
  }
  server.closeAllConnections()
  await new Promise((ok) => server.close(ok))
  await target.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())
process.on('message', (message: { inproc?: InProcessRequest; stop?: true; cpu?: true }) => {
  if (message.stop) void stop()
  // the process's CPU time so far (µs): per request, a figure a loaded machine disturbs far less than requests/s
  if (message.cpu) {
    const u = process.cpuUsage()
    process.send!({ cpu: u.user + u.system })
  }
  if (message.inproc) {
    void runInProcess(target.fetch, message.inproc).then((result) => process.send!({ result }))
  }
})
process.send!({ ready: true, port, base: target.base, sessions: target.sessions })
