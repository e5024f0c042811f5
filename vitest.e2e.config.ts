import { configDefaults, defineConfig } from 'vitest/config'

/** The browser replay of every statechart: the longest file, a lane of its own in `npm test`. */
export const PATHS_FILES = ['tests/e2e/model-paths.e2e.test.ts']
/** The money and sign-in flows: on PostgreSQL in CI (vitest.e2e-pg.config.ts), a lane of their own in `npm test`. */
export const FLOW_FILES = ['tests/e2e/auth*.e2e.test.ts', 'tests/e2e/payment*.e2e.test.ts', 'tests/e2e/purchase-*.e2e.test.ts']
const ALL = ['tests/e2e/**/*.e2e.test.ts']
/**
 * `npm test` replays the statecharts in two lanes side by side: these machines (the longest
 * replays, about half of the replay's time) with E2E_MACHINES=<these>, and every other machine with
 * E2E_MACHINES=!<these> (a new machine joins the second lane).
 */
export const PATHS_FIRST_LANE = ['tss-purchase', 'bes-purchase', 'session', 'payment', 'resource-editor', 'load', 'travel-quick-quote']

/**
 * `npm test` (scripts/test.ts) runs the e2e files in lanes side by side, each a vitest run with its
 * own servers: E2E_LANE=paths the browser replay, E2E_LANE=flows the money and sign-in flows,
 * E2E_LANE=rest every other file. Without E2E_LANE (`npm run test:e2e`) every file.
 */
const lane = process.env.E2E_LANE ?? ''
const include = lane === 'paths' ? PATHS_FILES : lane === 'flows' ? FLOW_FILES : ALL
const exclude = lane === 'rest' ? [...configDefaults.exclude, ...PATHS_FILES, ...FLOW_FILES] : configDefaults.exclude
if (lane && !['paths', 'flows', 'rest'].includes(lane)) throw new Error(`E2E_LANE=${lane}: expected paths, flows or rest`)

// End-to-end: the production build served by the real server (a child process started as
// `npm start` would), driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include,
    exclude,
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/support/cpu-per-file.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // an expect.poll waits on a condition; 1 s (vitest's default) is shorter than a busy 2-core CI
    // machine takes to answer a list or deliver a mail beside the other browser lanes
    expect: { poll: { timeout: 10_000 } },
  },
})
