/**
 * `node scripts/prepare-e2e-db.ts <file>`: the e2e servers' prepared PGlite database (migrated and
 * seeded by the server's own start-up code, tests/e2e/prepared-db.ts) written to <file>, once for
 * all of `npm test`'s browser lanes on PGlite, which get it as E2E_PGLITE_DUMP (their global setup
 * then prepares none of its own). Preparing costs about 9 CPU-s and 30 s; `npm test` ran it in
 * each of its three PGlite lanes and in every mutant's replay.
 */
import { copyFile, mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { prepareE2eDatabases } from '../tests/e2e/prepared-db.ts'
import { e2eEnv } from '../tests/e2e/server.ts'

const out = process.argv[2]
if (!out) throw new Error('usage: node scripts/prepare-e2e-db.ts <dump file>')
delete process.env.E2E_DATABASE_URL
const prepared = await prepareE2eDatabases(e2eEnv())
await mkdir(dirname(resolve(out)), { recursive: true })
await copyFile(process.env.E2E_PGLITE_DUMP!, out)
await prepared.cleanup()
console.log(`prepared the e2e database: ${out}`)
