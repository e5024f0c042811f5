import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { catalogParts } from './scripts/catalog-parts.ts'

/**
 * The web test files that replace modules with `vi.mock` (or `vi.doMock`): they run in the
 * `web-mocks` project, a fresh worker each; every other web file shares a worker with the next
 * (`isolate: false`). tests/scripts/ci-structure.test.ts fails when a file of the shared project
 * mocks a module, or a file named here no longer does.
 */
export const WEB_MOCKING_FILES = [
  'tests/web/company-pages.test.tsx',
  'tests/web/password-expiry-warning.test.tsx',
  'tests/web/person-picker.test.tsx',
  'tests/web/plurals.test.tsx',
  'tests/web/role-assignments.test.tsx',
]

// Unit, machine, server and component tests. End-to-end tests have their own config
// (vitest.e2e.config.ts) because they need a production build and a browser.
export default defineConfig({
  plugins: [react(), lingui({ macroTransform: true }), catalogParts()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          setupFiles: ['tests/support/cpu-per-file.ts'],
          // the files share a worker and its loaded modules (issue 26 item 9); none mocks a module
          // (tests/scripts/ci-structure.test.ts), and a mutation set by a test is put back after it
          isolate: false,
          // property tests and path replays are CPU-bound: a busy machine must not turn them into timeouts
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // one migrated and seeded database per run, copied by every test file and put back between its tests
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/cpu-per-file.ts', 'tests/support/server-setup.ts'],
          // the files share a worker and its loaded modules (issue 26 item 9): a fresh worker per file
          // imported the server, Drizzle and PGlite again, 2-3 CPU-s a file; each file still borrows
          // its database seeded and gives it back reset (tests/support/test-app.ts), and the setup
          // files still run per file. Measured: 13 light files 77.5 -> 42.9 CPU-s (docs/testing.md)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          // the files that replace modules (vi.mock) run apart, each in a fresh worker: below
          exclude: WEB_MOCKING_FILES,
          setupFiles: ['tests/support/cpu-per-file.ts'],
          // the files share a worker and its loaded modules (issue 26 item 9): a fresh worker per file
          // imported jsdom, React, Lingui and the app again. Measured: docs/testing.md
          isolate: false,
          // jsdom renders and Intl formats are CPU-bound: beside the browser lanes on 2 cores, 5 s is not enough
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // a vi.mock applies only to imports after it: in a shared worker an earlier file has already
          // imported the real module, so these files keep a worker of their own each
          name: 'web-mocks',
          environment: 'jsdom',
          include: WEB_MOCKING_FILES,
          setupFiles: ['tests/support/cpu-per-file.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
})
