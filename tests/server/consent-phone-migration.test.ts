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
import { describe, expect, it } from 'vitest'
import { withDatabase } from '../support/global-setup.ts'
import { dbKinds } from '../support/test-app.ts'

/**
 * The custom migration `sales24b-consent-phone` (issue 24 item 10): consent records made before
 * `legal_permission.phone` get the phone of their sale (its open application, its purchase, a
 * pre-information form given to it, or a party that was the phone), so that the customer's consent
 * page shows them; a record no phone names stays without one.
 */
const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url))
type Journal = { entries: Array<{ idx: number; tag: string; when: number }> }

/** The migrations folder up to (without) the backfill. */
async function beforeBackfill(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ke-migrations-consent-phone-'))
  await cp(MIGRATIONS, dir, { recursive: true })
  const journal = JSON.parse(await readFile(join(dir, 'meta/_journal.json'), 'utf8')) as Journal
  const at = journal.entries.findIndex((e) => e.tag.endsWith('sales24b-consent-phone'))
  expect(at).toBeGreaterThan(0)
  for (const e of journal.entries.slice(at)) await rm(join(dir, `${e.tag}.sql`))
  journal.entries = journal.entries.slice(0, at)
  await writeFile(join(dir, 'meta/_journal.json'), JSON.stringify(journal))
  return dir
}

async function open(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } })
    const db = drizzlePglite(client)
    return {
      query: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows,
      migrate: async (folder: string) => { await db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')); await migratePglite(db, { migrationsFolder: folder }) },
      close: () => client.close(),
    }
  }
  const url = process.env.TEST_DATABASE_URL!
  const name = `ke_cph_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 2 })
  pool.on('error', () => {})
  const db = drizzlePg(pool)
  return {
    query: async (text: string) => (await pool.query(text)).rows as Record<string, unknown>[],
    migrate: async (folder: string) => { await db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')); await migratePg(db, { migrationsFolder: folder }) },
    async close() {
      await pool.end()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'
const T = "'2026-03-02T09:00:00Z'"
const record = (id: string, saleId: string, party: string) => `INSERT INTO legal_permission (id, sale_id, process_step, party_id, name, status, scope, document_id, document_version, locale, text_sha256, channel, ip, request_id, at)
  VALUES ('${id}', '${saleId}', 'consents', '${party}', 'markconcent', 'ACCEPTED', 'SMS', 'TICARI-ILETI-v1', 1, 'tr', 'x', 'WEB', '127.0.0.1', 'r', ${T})`

for (const kind of dbKinds()) {
  describe(`consent records get their phone [${kind}]`, { timeout: 120_000 }, () => {
    it('from the open application, the purchase, the pre-information form or a phone party; none otherwise', async () => {
      const folder = await beforeBackfill()
      const e = await open(kind)
      try {
        await e.migrate(folder)
        await e.query(`INSERT INTO sales_application (id, phone, product, step, data, created_at, updated_at, expires_at) VALUES ('${A}', '+905321111111', 'tss', 'consents', '{}', ${T}, ${T}, ${T})`)
        await e.query(`INSERT INTO purchase (id, product, phone, application_id, data, amount, currency, status, locale, created_at, updated_at) VALUES ('p1', 'tss', '+905322222222', '${B}', '{}', '1.00', 'TRY', 'issued', 'tr', ${T}, ${T})`)
        await e.query(`INSERT INTO pre_information (application_id, phone, product, document_id, document_version, locale, text_sha256, text, amount, currency, given_at, ip, request_id) VALUES ('${C}', '+905323333333', 'tss', 'ONBILGI-TSS-v1', 1, 'tr', 'x', 'x', '1.00', 'TRY', ${T}, '127.0.0.1', 'r')`)
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000001', A, '10000000146'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000002', B, '10000000146'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000003', C, '10000000146'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000004', 'dddddddd-0000-4000-8000-000000000000', 'tel:+905324444444'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000005', 'eeeeeeee-0000-4000-8000-000000000000', '10000000146'))
        await e.migrate(MIGRATIONS)
        const rows = await e.query('SELECT id, phone FROM legal_permission ORDER BY id')
        expect(rows.map((r) => r.phone)).toEqual(['+905321111111', '+905322222222', '+905323333333', '+905324444444', null])
      } finally {
        await e.close()
        await rm(folder, { recursive: true, force: true })
      }
    })
  })
}
