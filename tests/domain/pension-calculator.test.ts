import { describe, expect, it } from 'vitest'
import { projectPension } from '../../src/domain/pension-calculator.ts'

const annuityDue = (monthly: number, months: number, annual: number) => {
  const g = Math.pow(1 + annual, 1 / 12)
  let s = 0
  for (let k = 1; k <= months; k++) s += monthly * Math.pow(g, k)
  return s
}

describe('projectPension', () => {
  it.each([
    // monthly, years, return, cap, paid, state paid, total
    [100, 1, 0, null, 1_200, 300, 1_500],
    [1_000, 10, 0, null, 120_000, 30_000, 150_000],
    [235, 10, 0, null, 28_200, 7_050, 35_250],
    [1_000, 1, 0, 2_000, 12_000, 2_000, 14_000],
    [1_000, 2, 0, 2_000, 24_000, 4_000, 28_000],
    [100, 1, 0, 10_000, 1_200, 300, 1_500],
  ] as const)('%d TL a month for %d years at %d real return, cap %s', (monthly, years, ret, cap, paid, statePaid, total) => {
    const r = projectPension({ monthlyContribution: monthly, years, annualReturn: ret, annualStateCap: cap })
    expect(r.totalContributions).toBe(paid)
    expect(r.totalStateContributions).toBe(statePaid)
    expect(r.total).toBe(total)
    expect(r.capped).toBe(statePaid < paid * 0.25)
    expect(r.stateShare).toBeCloseTo(statePaid / total, 10)
  })

  it('without a cap the state share is 25/125 = 20 percent whatever the return', () => {
    for (const ret of [-0.02, 0, 0.03, 0.1]) {
      expect(projectPension({ monthlyContribution: 500, years: 20, annualReturn: ret }).stateShare).toBeCloseTo(0.2, 10)
    }
  })

  it('compounds monthly, contributions at the start of each month', () => {
    const r = projectPension({ monthlyContribution: 100, years: 1, annualReturn: 0.12 })
    expect(r.ownSavings).toBeCloseTo(annuityDue(100, 12, 0.12), 2)
    expect(r.stateSavings).toBeCloseTo(annuityDue(25, 12, 0.12), 2)
    expect(r.total).toBeGreaterThan(1_500)
  })

  it.each([
    ['negative contribution', { monthlyContribution: -5, years: 5, annualReturn: 0 }, 0, 5],
    ['zero years becomes one', { monthlyContribution: 100, years: 0, annualReturn: 0 }, 1_200, 1],
    ['fractional years are floored', { monthlyContribution: 100, years: 2.9, annualReturn: 0 }, 2_400, 2],
    ['more than 60 years is 60', { monthlyContribution: 10, years: 100, annualReturn: 0 }, 7_200, 60],
    ['NaN return is 0', { monthlyContribution: 100, years: 1, annualReturn: Number.NaN }, 1_200, 1],
  ])('clamps input: %s', (_name, input, paid) => {
    const r = projectPension(input)
    expect(r.totalContributions).toBe(paid)
    if (paid === 0) {
      expect(r.total).toBe(0)
      expect(r.stateShare).toBe(0)
    }
  })
})
