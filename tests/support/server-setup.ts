import { afterAll } from 'vitest'
import { closeTestDatabases } from './test-app.ts'

// after each server test file: close the PGlite databases its tests gave back and drop its
// PostgreSQL ones (tests/support/test-app.ts lends one database per kind to test after test)
afterAll(async () => {
  const { loads, resets } = await closeTestDatabases()
  if (process.env.TEST_DB_STATS === '1') console.log(`test databases: ${loads} PGlite loads, ${resets} resets`)
})
