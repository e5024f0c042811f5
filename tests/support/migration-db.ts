import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { withDatabase } from './global-setup.ts'

/**
 * What the migration tests share: the project's migrations folder cut before a given migration (a
 * database as an earlier main left it), and an empty database of either kind to migrate.
 */
export const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url))
export type Journal = { entries: Array<{ idx: number; tag: string; when: number }> }

/** A copy of the migrations folder with only the migrations before the first one `cut` picks. */
export async function migrationsBefore(cut: (tag: string) => boolean): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ke-migrations-'))
  await cp(MIGRATIONS, dir, { recursive: true })
  const journal = JSON.parse(await readFile(join(dir, 'meta/_journal.json'), 'utf8')) as Journal
  const at = journal.entries.findIndex((e) => cut(e.tag))
  if (at <= 0) throw new Error('migrationsBefore: no migration to cut at after the first')
  for (const e of journal.entries.slice(at)) await rm(join(dir, `${e.tag}.sql`))
  journal.entries = journal.entries.slice(0, at)
  await writeFile(join(dir, 'meta/_journal.json'), JSON.stringify(journal))
  return dir
}

export type Engine = {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>
  migrate(folder: string): Promise<void>
  close(): Promise<void>
}

/** An empty database (in-memory PGlite, or a new PostgreSQL database on TEST_DATABASE_URL, dropped on close). */
export async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<Engine> {
  if (kind === 'pglite') {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } })
    const db = drizzlePglite(client)
    return {
      query: async <T,>(text: string) => (await client.query<T>(text)).rows,
      async migrate(folder) {
        await db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm'))
        await migratePglite(db, { migrationsFolder: folder })
      },
      close: () => client.close(),
    }
  }
  const url = process.env.TEST_DATABASE_URL!
  const name = `ke_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 2 })
  // the DROP ... WITH (FORCE) of close() may still reach a client that pool.end() is closing: that
  // client's 'terminating connection' is the end we asked for, not a failure of the test
  pool.on('error', () => {})
  const db = drizzlePg(pool)
  return {
    query: async <T,>(text: string) => (await pool.query(text)).rows as T[],
    async migrate(folder) {
      await db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm'))
      await migratePg(db, { migrationsFolder: folder })
    },
    async close() {
      await pool.end()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
