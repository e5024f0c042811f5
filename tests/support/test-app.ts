import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { basename } from 'node:path'
import { expect, inject } from 'vitest'
import { createApp } from '../../src/server/app.ts'
import { loadConfig, type ServerConfig } from '../../src/server/config.ts'
import { openDatabase, type Database } from '../../src/server/db/client.ts'
import { createLogger } from '../../src/server/services/logger.ts'
import { createMailer, startMailCatcher, type MailCatcher } from '../../src/server/services/mail.ts'
import { createOutbox } from '../../src/server/services/outbox.ts'
import { purchaseDocumentJob } from '../../src/server/services/purchase.ts'
import { sweepPayments } from '../../src/server/services/payments.ts'
import { forgotPasswordJob } from '../../src/server/services/password-reset.ts'
import { mailSettingsResolver } from '../../src/server/services/mail-settings.ts'
import { keyFrom } from '../../src/server/services/secrets.ts'
import { createSmsCatcher } from '../../src/server/services/sms/catcher.ts'
import type { SmsPort } from '../../src/server/services/sms/port.ts'
import { ONE_ENGINE, SERVER_FILE_ENGINES } from './engines.ts'
import { adminQuery, withDatabase } from './global-setup.ts'

export type DbKind = 'pglite' | 'postgres'

/** Whether the run has a PostgreSQL (TEST_DATABASE_URL: its template was made by the global setup). */
export function hasPostgres(): boolean {
  return Boolean(inject('pgTemplate'))
}

/**
 * The database kinds the calling test file runs on, as tests/support/engines.ts lists it (one place,
 * one reason a file): `both` gives PGlite and, when the run has one, PostgreSQL; `one` gives the one
 * engine. A file that is not listed fails here, at once, with what to add.
 */
export function dbKinds(): DbKind[] {
  const state = (globalThis as unknown as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__
  const file = basename(expect.getState().testPath ?? state?.filepath ?? '')
  const choice = SERVER_FILE_ENGINES[file]
  if (!choice || choice.on === 'fixed') {
    throw new Error(`${file || 'this file'}: say in tests/support/engines.ts whether the database kind matters to it ('both', with why) or not ('one', with why)`)
  }
  if (choice.on === 'one') return [ONE_ENGINE === 'postgres' && hasPostgres() ? 'postgres' : 'pglite']
  return hasPostgres() ? ['pglite', 'postgres'] : ['pglite']
}

export type TestDatabase = Database & {
  /** Gives the database back: it is put back as seeded for the next test of the file, or dropped. */
  drop(): Promise<void>
  /** PostgreSQL: the database's URL (a second server process, a pool of its own, can open it). */
  url?: string
}

/**
 * A migrated and seeded database of the given kind, private to the caller until `drop()`.
 *
 * Loading the seeded PGlite dump costs about a CPU-second and copying the PostgreSQL template a
 * CREATE DATABASE, so a test file loads or copies one database per kind and lends it to test after
 * test: `drop()` puts it back exactly as seeded (tests/support/db-reset.ts) and the next caller gets
 * it. A caller that needs a second database at the same time gets another one. Once given back, the
 * caller's handle refuses every query (as a closed database would), so an app left running by a test
 * cannot write into the next test's database.
 */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  return kind === 'pglite' ? leasePglite() : leasePostgres()
}

const VERIFY = process.env.TEST_DB_VERIFY_RESET === '1'
/** PGlite instances put back and ready, and how each looked when seeded (TEST_DB_VERIFY_RESET). */
const idlePglite: PGlite[] = []
const idlePostgres: string[] = []
const seededFingerprint = new Map<PGlite | string, string>()
let pgliteLoads = 0
let resets = 0
let discarded = 0

async function leasePglite(): Promise<TestDatabase> {
  let client = idlePglite.pop()
  if (!client) {
    const dump = await readFile(inject('pgliteDump'))
    client = await PGlite.create('memory://', { extensions: { pg_trgm }, loadDataDir: new Blob([dump]) })
    pgliteLoads++
    if (VERIFY) seededFingerprint.set(client, await fingerprint((q) => client!.query<{ f: string }>(q).then((r) => r.rows)))
  }
  const real = client
  let released = false
  // the caller's handle: every method refuses once the database is given back
  const handle = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (released) throw new Error('the test database was given back (PGlite is closed for this caller)')
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  const db = await openDatabase({ pglite: handle })
  return {
    ...db,
    close: async () => {},
    async drop() {
      if (released) return
      released = true
      if (real.closed) return
      // the session as a new connection has it: no prepared statements (the session check's), settings, locks or temp tables
      await real.exec('DISCARD ALL')
      const { rows } = await real.query<{ ok: boolean }>('SELECT ke_reset.reset() AS ok')
      resets++
      if (!rows[0]!.ok) {
        discarded++
        await real.close()
        return
      }
      if (VERIFY) await verifyReset(seededFingerprint.get(real)!, (q) => real.query<{ f: string }>(q).then((r) => r.rows))
      idlePglite.push(real)
    },
  }
}

async function leasePostgres(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL!
  let name = idlePostgres.pop()
  if (!name) {
    name = `${inject('pgPrefix')}${Math.random().toString(36).slice(2, 10)}`
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')!}`)
    if (VERIFY) seededFingerprint.set(name, await withClient(withDatabase(url, name), (c) => fingerprint((q) => c.query<{ f: string }>(q).then((r) => r.rows))))
  }
  const own = withDatabase(url, name)
  const db = await openDatabase({ url: own })
  let released = false
  return {
    ...db,
    url: own,
    async drop() {
      if (released) return
      released = true
      await db.close()
      // connections of the test's own (a second server, a lock holder) end as DROP DATABASE would end them
      const ok = await withClient(own, async (c) => {
        await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
        const { rows } = await c.query<{ ok: boolean }>('SELECT ke_reset.reset() AS ok')
        resets++
        if (rows[0]!.ok && VERIFY) await verifyReset(seededFingerprint.get(name!)!, (q) => c.query<{ f: string }>(q).then((r) => r.rows))
        return rows[0]!.ok
      })
      if (ok) {
        idlePostgres.push(name!)
        return
      }
      discarded++
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

type Rows = (query: string) => Promise<Array<{ f: string }>>
/** Every table's rows and every sequence, digested (tests/support/db-reset.ts). */
async function fingerprint(rows: Rows): Promise<string> {
  return (await rows('SELECT ke_reset.fingerprint() AS f'))[0]!.f
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await work(c)
  } finally {
    await c.end()
  }
}

async function verifyReset(seeded: string, rows: Rows): Promise<void> {
  const now = await fingerprint(rows)
  if (now !== seeded) {
    const a = new Set(seeded.split('\n'))
    throw new Error(`TEST_DB_VERIFY_RESET: the database put back differs from the seeded one: ${now.split('\n').filter((l) => !a.has(l)).join(', ')}`)
  }
}

/** How many PGlite dumps this file loaded, how many databases it put back and how many it discarded instead. */
export function testDatabaseStats(): { loads: number; resets: number; discarded: number } {
  return { loads: pgliteLoads, resets, discarded }
}

/** Closes what the file's tests gave back (tests/support/server-setup.ts, after the file). */
export async function closeTestDatabases(): Promise<ReturnType<typeof testDatabaseStats>> {
  for (const client of idlePglite.splice(0)) await client.close()
  const url = process.env.TEST_DATABASE_URL
  for (const name of idlePostgres.splice(0)) await adminQuery(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  return testDatabaseStats()
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A clock the test moves by hand. */
export function testClock(start = new Date('2026-03-02T09:00:00Z')) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance(ms: number) { now += ms },
    set(date: Date) { now = date.getTime() },
  }
}

/** The real app on a real database, with its log lines captured; optionally real SMTP to a catcher. */
export async function createTestApp(
  kind: DbKind = 'pglite',
  overrides: Partial<ServerConfig> = {},
  opts: { mail?: boolean; clock?: ReturnType<typeof testClock>; retryBaseMs?: number; sms?: SmsPort } = {},
) {
  const database = await openTestDatabase(kind)
  const logs: string[] = []
  const config: ServerConfig = { ...loadConfig({ NODE_ENV: 'test' }), mailCatcher: false, cookieSecure: false, publicOrigin: 'http://localhost', mailServerAllow: ['127.0.0.1'], ...overrides }
  const logger = createLogger('debug', (line) => logs.push(line))
  const catcher: MailCatcher | null = opts.mail ? await startMailCatcher() : null
  const mail = opts.mail ? createMailer(mailSettingsResolver(database.db, catcher, keyFrom(config.secretsKey), config.mailServerAllow)) : undefined
  const clock = opts.clock ?? testClock()
  const outbox = createOutbox({
    db: database.db, mailer: mail, secretsKey: keyFrom(config.secretsKey), logger,
    handlers: { forgotPassword: forgotPasswordJob(clock), purchaseDocument: purchaseDocumentJob({ secretsKey: config.secretsKey, origin: () => config.publicOrigin }) },
    retryBaseMs: opts.retryBaseMs ?? 200, pollMs: 100, clock,
  })
  outbox.start()
  const smsCatcher = createSmsCatcher(() => clock.now())
  const app = createApp({ db: database.db, config, logger, mail, mailCatcher: catcher, clock, outbox, sms: opts.sms ?? smsCatcher, smsCatcher })
  return {
    app,
    db: database.db,
    /** The PostgreSQL database's URL (postgres only): a second connection can hold locks against the app. */
    databaseUrl: (database as { url?: string }).url ?? null,
    config,
    logs,
    clock,
    catcher,
    outbox,
    mails: catcher?.mails ?? [],
    /** Text messages the app sent to the built-in SMS catcher. */
    sms: smsCatcher.messages,
    request: (path: string, init?: RequestInit) => app.request(config.apiBase + path, init),
    /** The money path's sweep (what the server runs at start and every PAYMENT_SWEEP_MS), at the test clock's time. */
    sweep: () => sweepPayments(database.db, clock.now(), config.gateway.timeoutMs, logger),
    async close() {
      await outbox.stop()
      await catcher?.close()
      await database.drop()
    },
  }
}
