/**
 * The mutation check in every `npm test` (issue 22 item 8): a sample of mutants of every kind
 * (targets, guards, event names, assigns, actions, entry and exit actions, delays, invoke inputs,
 * initial-context defaults; tests/support/mutants.ts) of a few machines drawn by a seed, each run
 * against that machine's replay with its independent expectations, within a time budget. The seed
 * is printed and in the test's name: `MUTANTS_SEED=<seed>` repeats this run, and
 * `npm run test:mutants -- --sample <n> --seed <seed>` (or without `--sample`, every mutant) gives
 * the full table. A survivor fails the run with the mutant and why nothing noticed it; one that no
 * test can ever kill is declared in its expectation file (`equivalentMutants`) with the reason.
 * The table of this run: test-results/mutants/mutants.txt.
 */
import { expect, it } from 'vitest'
import { runMutationCheck } from '../mutants/run.ts'

const seed = process.env.MUTANTS_SEED ? Number(process.env.MUTANTS_SEED) : Math.floor(Math.random() * 2 ** 31)
/** Mutants per run and machines per run: about a minute of one core. */
const SAMPLE = Number(process.env.MUTANTS_SAMPLE ?? 16)
const MACHINES = 4
const BUDGET_MS = 60_000

it(`a seeded sample of mutants of every kind is killed (seed ${seed})`, () => {
  const r = runMutationCheck({ sample: SAMPLE, machineCount: MACHINES, seed, budgetMs: BUDGET_MS, reportDir: 'test-results/mutants' })
  console.log(`${r.lines.join('\n')}\nrepeat: MUTANTS_SEED=${seed} npx vitest run tests/machines/mutants.sample.test.ts`)
  expect(r.verdicts.length, `no mutant ran (seed ${seed})`).toBeGreaterThan(0)
  expect(r.survivors.map((v) => `${v.mutant.id}: ${v.reason}`), `surviving mutants (seed ${seed})`).toEqual([])
}, 240_000)
