/**
 * The full mutation check (`npm run test:mutants`, scripts/mutants.ts): every mutant of every kind
 * of every machine of the registry (tests/support/mutants.ts) against its replay with its
 * independent expectations. Survivors are listed with the reason (reports/mutants.txt); the ones an
 * expectation file declares equivalent, with why, are counted apart.
 * MUTANTS_MACHINE=<name,...>, MUTANTS_KIND=<kind,...>, MUTANTS_SAMPLE=<n>, MUTANTS_SEED=<n>,
 * MUTANTS_BUDGET_S=<s> narrow it.
 */
import { expect, it } from 'vitest'
import { runMutationCheck } from './run.ts'

const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined)

it('kills every mutant', () => {
  const r = runMutationCheck({
    machines: list(process.env.MUTANTS_MACHINE),
    kinds: list(process.env.MUTANTS_KIND),
    sample: process.env.MUTANTS_SAMPLE ? Number(process.env.MUTANTS_SAMPLE) : undefined,
    seed: process.env.MUTANTS_SEED ? Number(process.env.MUTANTS_SEED) : undefined,
    budgetMs: process.env.MUTANTS_BUDGET_S ? Number(process.env.MUTANTS_BUDGET_S) * 1000 : undefined,
  })
  expect(r.survivors.map((v) => `${v.mutant.id}: ${v.reason}`), 'surviving mutants').toEqual([])
})
