import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client.ts'
import { seedFirstCompany, seedReferenceData } from '../../src/server/db/seed.ts'
import { TEST_ADMIN } from './constants.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string
    pgTemplate: string | null
  }
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>) {
  await db.migrate()
  await seedReferenceData(db.db)
  await seedFirstCompany(db.db, TEST_ADMIN)
}

/**
 * Migrates and seeds one database per run: a PGlite dump every test loads in milliseconds, and,
 * when TEST_DATABASE_URL is set, a PostgreSQL template database that tests copy.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'ke-test-'))
  const lite = await openDatabase({ dataDir: 'memory://' })
  await seed(lite)
  const pglite = (lite as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite
  const dump = await pglite.dumpDataDir('none')
  const dumpPath = join(dir, 'seeded.tar')
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()))
  await lite.close()
  project.provide('pgliteDump', dumpPath)

  let template: string | null = null
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    template = `ke_tmpl_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${template}`)
    await admin.end()
    const db = await openDatabase({ url: withDatabase(url, template) })
    await seed(db)
    await db.close()
  }
  project.provide('pgTemplate', template)

  return async () => {
    await rm(dir, { recursive: true, force: true })
    if (url && template) {
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.end()
    }
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = '/' + database
  return u.toString()
}
