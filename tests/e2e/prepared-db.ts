import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { loadConfig } from '../../src/server/config.ts'
import { openDatabase } from '../../src/server/db/client.ts'
import { prepareDatabase } from '../../src/server/main.ts'
import { compactDump } from '../support/global-setup.ts'

/**
 * The e2e run's prepared databases, made once by its global setup with the servers' own start-up
 * code (`prepareDatabase`: migrations, reference data with its 73,000 neighbourhoods, the first
 * company, the demo staff): a PGlite dump every server loads (PGLITE_DUMP), and on PostgreSQL
 * (E2E_DATABASE_URL) a template database every server copies. A server started from either finds
 * its database up to date and seeds nothing.
 *
 * The locations travel in the environment (E2E_PGLITE_DUMP, E2E_PG_TEMPLATE), which the test
 * files' worker processes inherit from the run.
 */
export async function prepareE2eDatabases(env: Record<string, string>): Promise<{ cleanup(): Promise<void> }> {
  const config = loadConfig(env)
  const pgUrl = process.env.E2E_DATABASE_URL
  if (pgUrl) {
    const template = `ke_e2e_tmpl_${process.pid}_${Date.now()}`
    await adminQuery(pgUrl, `CREATE DATABASE ${template}`)
    const database = await openDatabase({ url: withDatabase(pgUrl, template) })
    await prepareDatabase(database, { ...config, databaseUrl: withDatabase(pgUrl, template) })
    await database.close()
    process.env.E2E_PG_TEMPLATE = template
    return { cleanup: () => adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`) }
  }
  const dir = await mkdtemp(join(tmpdir(), 'ke-e2e-db-'))
  const database = await openDatabase({ dataDir: 'memory://' })
  await prepareDatabase(database, config)
  const pglite = (database as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite
  const dump = join(dir, 'e2e-seeded.tar')
  // without the WAL segments kept only for reuse (16 MB each, which every server would load)
  await writeFile(dump, await compactDump(pglite))
  await database.close()
  process.env.E2E_PGLITE_DUMP = dump
  return { cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** A database of one server's own, copied from the run's template, or `empty` (PostgreSQL runs only). */
export async function copyTemplate(pgUrl: string, opts: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const template = process.env.E2E_PG_TEMPLATE
  if (!template && !opts.empty) throw new Error('E2E_DATABASE_URL is set but no template was prepared: run the e2e tests through their global setup')
  const name = `ke_e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await adminQuery(pgUrl, opts.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`)
  return { url: withDatabase(pgUrl, name), drop: () => adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = '/' + database
  return u.toString()
}
