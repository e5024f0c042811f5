/**
 * The mutation stage of `npm test` (scripts/test.ts, stage "mutants"; issue 22 item 8): a seed,
 * printed, draws
 *  - a sample of the machines' mutants of every kind (tests/mutants/sample.check.ts: 8 mutants of 3
 *    machines against their model replays with the independent expectations, within 20 s), and
 *  - one mutant of a view (scripts/mutants-views.ts --ci: a text shown, an event a control sends or
 *    a property of it, in a machine of CI_MACHINES), built and judged by that machine's browser
 *    replay; the unmutated build is kept aside and put back.
 * A survivor of the reviewed seed fails the stage unless it is on the reviewed list with its reason
 * (`equivalentMutants` in the machine's expectation file; ALLOWED in scripts/mutants-views.ts); a
 * fresh seed's survivors are reported for review (below). It runs after the
 * browser lanes (it uses their build, whose replay they passed). `MUTANTS_SEED=<seed> node
 * scripts/mutants-ci.ts` repeats a run.
 */
import { spawnSync } from 'node:child_process'

/**
 * The seed whose sample is reviewed: its survivors are killed by tests or declared with their reason,
 * so it fails the stage only when a change lets a mutant live (a deterministic gate: CI does not fail
 * a commit on a seed it happened to draw). A fresh seed explores besides, every run: its survivors
 * are printed as "NEW SURVIVORS" to review, and do not fail the run. `MUTANTS_SEED=<s>` runs that
 * seed alone as the gate (to repeat a run, or to check a reviewed seed).
 */
const REVIEWED_SEED = 938281608
const given = process.env.MUTANTS_SEED ? Number(process.env.MUTANTS_SEED) : null
const gate = given ?? REVIEWED_SEED
const explore = given === null ? Math.floor(Math.random() * 2 ** 31) : null
console.log(`mutation stage: gate seed ${gate}${explore === null ? '' : `, exploring seed ${explore}`} (repeat one: MUTANTS_SEED=<seed> node scripts/mutants-ci.ts)`)
const started = Date.now()
const secs = (t: number) => ((Date.now() - t) / 1000).toFixed(0)
const machineHalf = (seed: number, reportOnly: boolean) => spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.mutants.config.ts', 'tests/mutants/sample.check.ts'], {
  stdio: 'inherit', env: { ...process.env, MUTANTS_SEED: String(seed), ...(reportOnly ? { MUTANTS_REPORT_ONLY: '1' } : {}) },
})
const machines = machineHalf(gate, false)
console.log(`machine mutants, gate seed ${gate}: ${machines.status === 0 ? 'every one killed' : 'FAILED'} (${secs(started)} s)`)
if (explore !== null) {
  const t = Date.now()
  const r = machineHalf(explore, true)
  console.log(`machine mutants, exploring seed ${explore}: ${r.status === 0 ? 'done (survivors, if any, listed above as NEW SURVIVORS)' : 'did not run'} (${secs(t)} s)`)
}
const t = Date.now()
const viewSeed = explore ?? gate
const views = spawnSync(process.execPath, ['scripts/mutants-views.ts', '--ci', '--seed', String(viewSeed)], { stdio: 'inherit' })
// the view mutant is drawn by the exploring seed: a survivor there is reported for review, not a failure
const viewsOk = views.status === 0 || explore !== null
console.log(`view mutants, seed ${viewSeed}: ${views.status === 0 ? 'every one killed' : explore !== null ? 'NEW SURVIVOR to review (listed above; not a failure of this run)' : 'FAILED'} (${secs(t)} s)`)
console.log(`mutation stage: ${secs(started)} s`)
process.exit(machines.status === 0 && viewsOk ? 0 : 1)
