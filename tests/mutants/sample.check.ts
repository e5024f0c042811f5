/**
 * The machine half of the CI mutation stage (issue 22 item 8; `node scripts/mutants-ci.ts`, the
 * stage "mutants" of scripts/test.ts): a sample of mutants of every kind (targets, guards, event
 * names, assigns, actions, entry and exit actions, delays, invoke inputs, initial-context defaults;
 * tests/support/mutants.ts) of a few machines drawn by a seed, each run against that machine's
 * replay with its independent expectations, within a CPU budget. The seed is printed and in the
 * test's name: `MUTANTS_SEED=<seed> node scripts/mutants-ci.ts` repeats the stage, and
 * `npm run test:mutants -- --sample <n> --seed <seed>` (or without `--sample`, every mutant) gives
 * the full table. A survivor fails the run with the mutant and why nothing noticed it; one that no
 * test can ever kill is declared in its expectation file (`equivalentMutants`) with the reason.
 * The table of this run: test-results/mutants/mutants.txt.
 */
import { expect, it } from 'vitest'
import { MACHINES as REGISTRY } from '../machines/registry.ts'
import { runMutationCheck } from './run.ts'

const seed = process.env.MUTANTS_SEED ? Number(process.env.MUTANTS_SEED) : Math.floor(Math.random() * 2 ** 31)
/** Mutants per run and machines per run: the stage's share of its CPU budget (scripts/mutants-ci.ts). */
const SAMPLE = Number(process.env.MUTANTS_SAMPLE ?? 8)
const MACHINES = Number(process.env.MUTANTS_MACHINES ?? 3)
const BUDGET_MS = Number(process.env.MUTANTS_BUDGET_S ?? 20) * 1000
/**
 * Drawn from every machine but the three purchase machines: their paths are generated again for
 * each mutant (tens of seconds each, more than this stage's whole budget); their mutants run in
 * `npm run test:mutants -- tss-purchase,travel-purchase,bes-purchase --sample <n>`.
 */
const HEAVY = ['tss-purchase', 'travel-purchase', 'bes-purchase']
const DRAWN = REGISTRY.map((m) => m.model.name).filter((n) => !HEAVY.includes(n))

it(`a seeded sample of mutants of every kind is killed (seed ${seed})`, () => {
  const r = runMutationCheck({ machines: DRAWN, sample: SAMPLE, machineCount: MACHINES, seed, budgetMs: BUDGET_MS, reportDir: 'test-results/mutants' })
  console.log(`${r.lines.join('\n')}\nrepeat: MUTANTS_SEED=${seed} node scripts/mutants-ci.ts`)
  expect(r.verdicts.length, `no mutant ran (seed ${seed})`).toBeGreaterThan(0)
  expect(r.survivors.map((v) => `${v.mutant.id}: ${v.reason}`), `surviving mutants (seed ${seed})`).toEqual([])
}, 240_000)
