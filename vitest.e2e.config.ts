import { defineConfig } from 'vitest/config'

// End-to-end: the production build served by the real server (a child process started as
// `npm start` would), driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
