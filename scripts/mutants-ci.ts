/**
 * The mutation stage of `npm test` (scripts/test.ts, stage "mutants"; issue 22 item 8): one seed,
 * printed, draws
 *  - a sample of the machines' mutants of every kind (tests/mutants/sample.check.ts: 8 mutants of 3
 *    machines against their model replays with the independent expectations, within 20 s), and
 *  - one mutant of a view (scripts/mutants-views.ts --ci: a text shown, an event a control sends or
 *    a property of it, in a machine of CI_MACHINES), built and judged by that machine's browser
 *    replay; the unmutated build is kept aside and put back.
 * A survivor fails the stage unless it is on the reviewed list with its reason (`equivalentMutants`
 * in the machine's expectation file; ALLOWED in scripts/mutants-views.ts). It runs after the
 * browser lanes (it uses their build, whose replay they passed). `MUTANTS_SEED=<seed> node
 * scripts/mutants-ci.ts` repeats a run.
 */
import { spawnSync } from 'node:child_process'

const seed = process.env.MUTANTS_SEED ? Number(process.env.MUTANTS_SEED) : Math.floor(Math.random() * 2 ** 31)
console.log(`mutation stage: seed ${seed} (repeat: MUTANTS_SEED=${seed} node scripts/mutants-ci.ts)`)
const started = Date.now()
const machines = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.mutants.config.ts', 'tests/mutants/sample.check.ts'], {
  stdio: 'inherit', env: { ...process.env, MUTANTS_SEED: String(seed) },
})
console.log(`machine mutants: ${machines.status === 0 ? 'every one killed' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
const t = Date.now()
const views = spawnSync(process.execPath, ['scripts/mutants-views.ts', '--ci', '--seed', String(seed)], { stdio: 'inherit' })
console.log(`view mutants: ${views.status === 0 ? 'every one killed' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(0)} s)`)
console.log(`mutation stage: seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(machines.status === 0 && views.status === 0 ? 0 : 1)
