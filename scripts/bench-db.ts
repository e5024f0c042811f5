/**
 * The benchmarks' database and signed-in app: a fresh PostgreSQL database when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (dropped by `drop`), else in-memory PGlite; migrated and seeded with the
 * first company, whose superadmin `admin` is signed in (`cookie`).
 */
import pg from 'pg'
import { createApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { openDatabase, type Database } from '../src/server/db/client.ts'
import { seedFirstCompany, seedReferenceData } from '../src/server/db/seed.ts'
import { createLogger } from '../src/server/services/logger.ts'

const PASSWORD = 'Bench-Parola-2026!x'

export async function openBenchDatabase(prefix: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' })
    return { database, drop: () => database.close() }
  }
  const name = `${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const u = new URL(url)
  u.pathname = '/' + name
  const database = await openDatabase({ url: u.toString() })
  return {
    database,
    async drop() {
      await database.close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export async function seedBenchCompany(database: Database) {
  await database.migrate()
  await seedReferenceData(database.db)
  await seedFirstCompany(database.db, { username: 'admin', password: PASSWORD, email: 'admin@example.com' })
}

/** The app in process, and the cookie of the signed-in superadmin. */
export async function signedInApp(database: Database, onRequestLog?: (fields: Record<string, unknown>) => void) {
  const config = { ...loadConfig({ NODE_ENV: 'production' }), mailCatcher: false, cookieSecure: false }
  // onRequestLog: each request's log line (its `ms` is the time spent in the app, before gzip)
  const logger = onRequestLog ? createLogger('info', (line) => { const f = JSON.parse(line) as Record<string, unknown>; if (f.msg === 'request') onRequestLog(f) }) : createLogger('silent')
  const app = createApp({ db: database.db, config, logger })
  const login = await app.request(`${config.apiBase}/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`login answered ${login.status}`)
  return { app, config, cookie: login.headers.getSetCookie()[0]!.split(';')[0]! }
}
