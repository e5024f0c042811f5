import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { DbHealth } from '../services/db-health.ts'
import { POOL_BUSY_CODE } from './pool-busy.ts'
import * as schema from './schema.ts'

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /**
   * Runs `work` (migrations, seeding) while no other server process on the same database does:
   * a PostgreSQL advisory lock, so that servers starting together on a fresh database do not race.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Advisory lock key held while a server migrates and seeds ('katilim' in ASCII). */
const STARTUP_LOCK = 0x6b6174696c696d

/**
 * The trigram extension (the user list's search index, issue 14). Created before the migrations
 * run, in code, so that a regenerated migration never loses it; PGlite loads it as a contrib module.
 */
const TRGM = 'CREATE EXTENSION IF NOT EXISTS pg_trgm'

/**
 * pg-pool answers "timeout exceeded when trying to connect" both when its connections are still
 * connecting to a database that does not answer (an outage) and when they are all connected and at
 * work (a burst, e.g. 99 sign-ins at once queueing on one user's row). The second is not an outage:
 * such a wait is given the code POOL_BUSY_CODE, which db-health and the error handler answer as
 * "busy, retry in a second" without starting the outage's fail-fast answers.
 */
function tagBusyWaits(pool: pg.Pool) {
  type Clients = { _clients?: Array<{ _connected?: boolean; _queryable?: boolean }> }
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: unknown, done?: unknown) => void) => Promise<unknown> | undefined
  const working = () => ((pool as unknown as Clients)._clients ?? []).some((c) => c._connected === true && c._queryable !== false)
  const tag = (err: Error | undefined) => err?.message === 'timeout exceeded when trying to connect' && working()
    ? Object.assign(new Error('every pooled connection is in use', { cause: err }), { code: POOL_BUSY_CODE })
    : err
  pool.connect = ((cb?: (err: Error | undefined, client?: unknown, done?: unknown) => void) => {
    if (typeof cb === 'function') return connect((err, client, done) => cb(tag(err), client, done))
    return (connect() as Promise<unknown>).catch((err: Error) => { throw tag(err) })
  }) as typeof pool.connect
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens PGlite (a folder, or `memory://`) or PostgreSQL (a connection URL). Both get the same
 * drizzle schema and the same migrations. `loadDataDir` starts PGlite from a dump (tests use it
 * to skip seeding); `pglite` uses an instance already open (tests lend one to test after test), which
 * `close()` then leaves open.
 */
export async function openDatabase(opts: { url?: string | null; dataDir?: string; loadDataDir?: Blob; pglite?: PGlite; health?: DbHealth; connectTimeoutMs?: number }): Promise<Database> {
  if (opts.url) {
    // a request waits this long for a connection, then answers 503 (db-health: the others at once)
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? 3_000 })
    tagBusyWaits(pool)
    // PostgreSQL may drop any connection (restart, failover, pg_terminate_backend, idle timeouts).
    // Without these handlers the 'error' event of an idle pooled client or of a checked-out
    // client would be unhandled and end the process; with them the client is discarded, the
    // outage is noted once, and the pool connects afresh on the next query.
    pool.on('error', (err) => opts.health?.down(err))
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.health?.down(err))
      opts.health?.up()
    })
    // A pooled PostgreSQL connection behaves like PGlite for drizzle's query builder; the type
    // differs only in the driver-specific result, which the app never touches.
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      async migrate() {
        await db.execute(sql.raw(TRGM))
        await migratePg(db as never, { migrationsFolder })
      },
      async exclusive(work) {
        const lock = await pool.connect()
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK])
          return await work()
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {})
          lock.release()
        }
      },
      close: () => pool.end(),
    }
  }
  const dataDir = opts.dataDir ?? 'memory://'
  if (!opts.pglite && !dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  const client = opts.pglite ?? await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) })
  const db = drizzlePglite(client, { schema })
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await db.execute(sql.raw(TRGM))
      await migratePglite(db, { migrationsFolder })
    },
    exclusive: (work) => work(),
    close: async () => { if (!opts.pglite) await client.close() },
    // exposed for tests that snapshot a seeded database
    ...({ pglite: client } as object),
  }
}
