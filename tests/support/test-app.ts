import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
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
import { withDatabase } from './global-setup.ts'

export type DbKind = 'pglite' | 'postgres'

/**
 * The database kinds a test file runs on: PGlite always; PostgreSQL too when TEST_DATABASE_URL is
 * set, unless the file says why the engine cannot change its outcome:
 * `dbKinds({ postgres: 'not needed: ...' })`. Keep the default wherever the engine can matter:
 * transactions, parallel requests and races, locks, SQL features and functions, the driver's errors,
 * money and authority. A new file without a reason runs on both.
 */
export function dbKinds(opts: { postgres?: `not needed: ${string}` } = {}): DbKind[] {
  if (opts.postgres) return ['pglite']
  return inject('pgTemplate') ? ['pglite', 'postgres'] : ['pglite']
}

/** A fresh, migrated and seeded database of the given kind, private to the caller. */
export async function openTestDatabase(kind: DbKind): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('pgliteDump'))
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) })
    return { ...db, drop: () => db.close() }
  }
  const url = process.env.TEST_DATABASE_URL!
  const template = inject('pgTemplate')!
  const name = `ke_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  await admin.end()
  const db = await openDatabase({ url: withDatabase(url, name) })
  return {
    ...db,
    /** The database's URL: a second server process (pool) can open the same database. */
    url: withDatabase(url, name),
    async drop() {
      await db.close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
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
    retryBaseMs: opts.retryBaseMs ?? 200, pollMs: 100,
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
