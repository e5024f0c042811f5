import { describe, expect, it } from 'vitest'
import { instalmentPlan, monthlyPlan, TSS_MONTHLY_INSTALMENTS } from '../../src/domain/instalments.ts'

/** The TSS quick quote's monthly instalments (issue 22 item 3: computed here, not in the view), exact values. */
describe('monthlyPlan: an annual premium in 12 monthly instalments', () => {
  it('is 12 instalments', () => {
    expect(TSS_MONTHLY_INSTALMENTS).toBe(12)
  })
  it('splits evenly when the kuruş allow it (13,068 TRY: 12 x 1,089)', () => {
    expect(monthlyPlan(13_068)).toEqual({ count: 12, first: 1089, rest: 1089, total: 13_068 })
  })
  it('gives the first instalment the kuruş left over (13,504 TRY: 1,125.37 then 11 x 1,125.33)', () => {
    expect(monthlyPlan(13_504)).toEqual({ count: 12, first: 1125.37, rest: 1125.33, total: 13_504 })
    expect(monthlyPlan(1_000)).toEqual({ count: 12, first: 83.37, rest: 83.33, total: 1_000 })
    expect(monthlyPlan(9_876.54)).toEqual({ count: 12, first: 823.1, rest: 823.04, total: 9_876.54 })
  })
  it('adds up to the premium for every whole-kuruş amount tried', () => {
    for (const total of [0.01, 0.11, 1, 99.99, 650, 12_345.67, 24_480]) {
      const p = monthlyPlan(total)
      expect(Math.round(p.first * 100) + 11 * Math.round(p.rest * 100)).toBe(Math.round(total * 100))
      expect(p.first).toBeGreaterThanOrEqual(p.rest)
      expect(Math.round((p.first - p.rest) * 100)).toBeLessThan(12)
    }
  })
  it('is the payment plan of 12 (one rule for both)', () => {
    expect(monthlyPlan(7_777.77)).toEqual(instalmentPlan(7_777.77, 12))
  })
})
