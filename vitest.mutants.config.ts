import { defineConfig } from 'vitest/config'

// The mutation check (`npm run test:mutants`): slow, so not part of `npm test`.
export default defineConfig({
  test: {
    name: 'mutants',
    environment: 'node',
    include: ['tests/mutants/*.check.ts'],
    testTimeout: 1_800_000,
  },
})
