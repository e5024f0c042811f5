import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { catalogParts } from './scripts/catalog-parts.ts'

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
          setupFiles: ['tests/support/cpu-per-file.ts'],
          // jsdom renders and Intl formats are CPU-bound: beside the browser lanes on 2 cores, 5 s is not enough
          testTimeout: 15_000,
        },
      },
    ],
  },
})
