/**
 * `npm run test:mutants [-- <machine>[,<machine>]] [--kind k,k] [--sample N] [--seed S] [--budget seconds]`:
 * the mutation check of the model-based tests (tests/support/mutants.ts, tests/mutants/run.ts).
 * Every mutant of every kind (targets, guards, event names, assigns, actions, entry and exit
 * actions, delays, invoke inputs, initial-context defaults) of every machine, or of the ones named,
 * is run against that machine's replay with its independent expectations; prints the kills per
 * machine and kind and every survivor with the reason (why nothing noticed it). `--sample` draws
 * mutants by a seed (printed; `--seed` repeats a run). A sample runs with every `npm test`
 * (tests/mutants/sample.check.ts, in the stage "mutants" of npm test: scripts/mutants-ci.ts). `--views <machine>`: mutants of that machine's views
 * (a text shown, an event a control sends, a property of it), each a build and the machine's
 * browser replay (scripts/mutants-views.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const args = process.argv.slice(2)
if (args.includes('--views')) {
  // the views' mutants: a build and the machine's browser replay each (scripts/mutants-views.ts)
  const v = spawnSync(process.execPath, ['scripts/mutants-views.ts', ...args], { stdio: 'inherit' })
  process.exit(v.status ?? 1)
}
const option = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const machine = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]!.startsWith('--')))
const started = Date.now()
rmSync('reports/mutants.txt', { force: true })
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.mutants.config.ts', 'tests/mutants/mutants.check.ts', '--reporter=dot', '--silent'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    ...(machine ? { MUTANTS_MACHINE: machine } : {}),
    ...(option('kind') ? { MUTANTS_KIND: option('kind') } : {}),
    ...(option('sample') ? { MUTANTS_SAMPLE: option('sample') } : {}),
    ...(option('seed') ? { MUTANTS_SEED: option('seed') } : {}),
    ...(option('budget') ? { MUTANTS_BUDGET_S: option('budget') } : {}),
  },
})
if (existsSync('reports/mutants.txt')) process.stdout.write(readFileSync('reports/mutants.txt', 'utf8'))
console.log(`\ntest:mutants took ${((Date.now() - started) / 1000).toFixed(1)} s (reports/mutants.txt, reports/mutants.json)`)
process.exit(r.status ?? 1)
