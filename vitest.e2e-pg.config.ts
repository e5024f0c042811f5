import { defineConfig } from 'vitest/config'
import e2e, { FLOW_FILES } from './vitest.e2e.config.ts'

/**
 * The browser flows once on PostgreSQL: the money and sign-in paths (every server of the run gets a
 * database of its own, copied from a template the global setup prepares). Needs E2E_DATABASE_URL or
 * TEST_DATABASE_URL (a PostgreSQL the run may create and drop databases on) and a production build.
 */
const url = process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL
if (!url) throw new Error('vitest.e2e-pg.config.ts needs E2E_DATABASE_URL or TEST_DATABASE_URL')
process.env.E2E_DATABASE_URL = url

export default defineConfig({
  ...e2e,
  test: {
    ...e2e.test,
    name: 'e2e-pg',
    // sign-in, lock, passwords; card payments; the purchases that charge a card (globs: new files of these kinds join)
    include: FLOW_FILES,
  },
})
