import { describe, expect, it } from 'vitest'
import { BUDGETS, runBudgets, type Budget } from '../../scripts/budgets.ts'

const budget = (value: number, limits: Pick<Budget, 'max' | 'min'>): Budget => ({
  name: `figure ${value}`, unit: 'KiB', why: 'test', measure: async () => ({ value }), ...limits,
})

describe('performance budgets (npm run bench -- --budget)', () => {
  it('passes figures within their limits and says so', async () => {
    const lines: string[] = []
    expect(await runBudgets([budget(100, { max: 100 }), budget(0.6, { min: 0.5 }), budget(5, { min: 1, max: 9 })], (l) => lines.push(l))).toBe(true)
    expect(lines.filter((l) => l.startsWith('pass'))).toHaveLength(3)
    expect(lines.at(-1)).toBe('all budgets met')
  })

  it('fails a figure over its maximum or under its minimum, naming it, and still reports the others', async () => {
    const lines: string[] = []
    expect(await runBudgets([budget(100.1, { max: 100 }), budget(0.4, { min: 0.5 }), budget(1, { max: 2 })], (l) => lines.push(l))).toBe(false)
    expect(lines).toContain('FAIL  figure 100.1: 100.1 KiB (budget <= 100 KiB)')
    expect(lines).toContain('FAIL  figure 0.4: 0.4 KiB (budget >= 0.5 KiB)')
    expect(lines).toContain('pass  figure 1: 1 KiB (budget <= 2 KiB)')
    expect(lines.at(-1)).toBe('a budget was missed')
  })

  it('fails a budget whose figure cannot be measured', async () => {
    const lines: string[] = []
    const broken: Budget = { name: 'no build', unit: 'KiB', why: 'test', max: 1, measure: async () => { throw new Error('dist/client is missing') } }
    expect(await runBudgets([broken], (l) => lines.push(l))).toBe(false)
    expect(lines).toContain('FAIL  no build: not measured (dist/client is missing)')
  })

  it('every budget has a limit and says where it comes from', () => {
    expect(BUDGETS.length).toBeGreaterThanOrEqual(3)
    for (const b of BUDGETS) {
      expect(b.max !== undefined || b.min !== undefined, b.name).toBe(true)
      expect(b.why, b.name).toMatch(/\d{4}-\d{2}-\d{2}/)
    }
  })
})
