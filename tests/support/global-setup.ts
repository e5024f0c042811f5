import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client.ts'
import { seedFirstCompany, seedReferenceData } from '../../src/server/db/seed.ts'
import { TEST_ADMIN } from './constants.ts'
import { INSTALL_RESET } from './db-reset.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string
    pgTemplate: string | null
    /** The prefix of every PostgreSQL test database of the run (dropped at its end, whatever happened). */
    pgPrefix: string
  }
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>) {
  await db.migrate()
  await seedReferenceData(db.db)
  await seedFirstCompany(db.db, TEST_ADMIN)
}

/**
 * Migrates and seeds one database per run: a PGlite dump a test file loads once (and puts back
 * between its tests, tests/support/db-reset.ts), and, when TEST_DATABASE_URL is set, a PostgreSQL
 * template database that test files copy.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'ke-test-'))
  const lite = await openDatabase({ dataDir: 'memory://' })
  await seed(lite)
  const pglite = (lite as unknown as { pglite: PGlite }).pglite
  // what puts the database back between two tests of a file (tests/support/db-reset.ts)
  await pglite.exec(INSTALL_RESET)
  const dumpPath = join(dir, 'seeded.tar')
  await writeFile(dumpPath, await compactDump(pglite))
  await lite.close()
  project.provide('pgliteDump', dumpPath)

  let template: string | null = null
  const url = process.env.TEST_DATABASE_URL
  const prefix = `ke_t_${process.pid}_${Date.now().toString(36)}_`
  if (url) {
    template = `ke_tmpl_${process.pid}_${Date.now()}`
    await adminQuery(url, `CREATE DATABASE ${template}`)
    const db = await openDatabase({ url: withDatabase(url, template) })
    await seed(db)
    await db.close()
    await adminQuery(withDatabase(url, template), INSTALL_RESET)
  }
  project.provide('pgTemplate', template)
  project.provide('pgPrefix', prefix)

  return async () => {
    await rm(dir, { recursive: true, force: true })
    if (url && template) {
      // the test databases a file could not drop (a worker that crashed), then the template
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix])
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.end()
    }
  }
}

/**
 * The PGlite database as a dump without the WAL segments PostgreSQL only keeps for reuse: after a
 * checkpoint only the current segment is needed, and each other one is 16 MB every load would copy.
 */
export async function compactDump(pglite: PGlite): Promise<Buffer> {
  await pglite.exec('CHECKPOINT')
  const { rows } = await pglite.query<{ dir: string; current: string }>(
    "SELECT current_setting('data_directory') || '/pg_wal' AS dir, pg_walfile_name(pg_current_wal_insert_lsn()) AS current",
  )
  const { dir, current } = rows[0]!
  const fs = (pglite as unknown as { mod: { FS: { readdir(p: string): string[]; unlink(p: string): void } } }).mod.FS
  for (const file of fs.readdir(dir)) if (/^[0-9A-F]{24}$/.test(file) && file !== current) fs.unlink(`${dir}/${file}`)
  return Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer())
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = '/' + database
  return u.toString()
}
