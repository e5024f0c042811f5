import { describe, expect, it } from 'vitest'
import {
  ageStatus, BES_PLANS, contributionProblem, isAdultSignatory, minimumContribution, needsCustodian, participantAgeProblem,
} from '../../src/domain/bes.ts'
import { FUNDS, fundChoiceProblem, sharesTotal } from '../../src/domain/funds.ts'

// noon in Istanbul on 2026-03-02
const NOW = new Date('2026-03-02T09:00:00.000Z')

describe('BES plans (spec 9 prices, docs/decisions/bes-purchase.md)', () => {
  it('early BES needs at least 100 TL a month, practical 150 TL', () => {
    expect(minimumContribution('erkenbes', 'monthly')).toBe(100)
    expect(minimumContribution('pratikbes', 'monthly')).toBe(150)
  })

  it('a payment covering several months needs the monthly minimum for each', () => {
    expect(minimumContribution('erkenbes', 'quarterly')).toBe(300)
    expect(minimumContribution('erkenbes', 'semiannual')).toBe(600)
    expect(minimumContribution('erkenbes', 'annual')).toBe(1200)
  })

  it('checks the contribution against the plan', () => {
    const c = { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: 100 }
    expect(contributionProblem('erkenbes', c)).toBeNull()
    expect(contributionProblem('erkenbes', { ...c, contributionAmount: 99.99 })).toBe('belowMinimum')
    expect(contributionProblem('pratikbes', c)).toBe('belowMinimum')
    expect(contributionProblem('pratikbes', { ...c, contributionAmount: 150 })).toBeNull()
    expect(contributionProblem('erkenbes', { ...c, freqOfInvest: 'annual', contributionAmount: 1199 })).toBe('belowMinimum')
    expect(contributionProblem('erkenbes', { ...c, freqOfInvest: 'annual', contributionAmount: 1200 })).toBeNull()
    // practical BES is paid monthly only
    expect(contributionProblem('pratikbes', { ...c, freqOfInvest: 'annual', contributionAmount: 5000 })).toBe('frequency')
    expect(contributionProblem('erkenbes', { ...c, currencyOfInvest: 'USD' })).toBe('currency')
    expect(contributionProblem('erkenbes', { ...c, contributionAmount: 100.005 })).toBe('notMoney')
    expect(contributionProblem('erkenbes', { ...c, contributionAmount: Number.NaN })).toBe('notMoney')
    expect(contributionProblem('erkenbes', { ...c, contributionAmount: 100_000.01 })).toBe('tooLarge')
  })

  it("each plan's suggested distribution is itself valid", () => {
    for (const plan of Object.values(BES_PLANS)) expect(fundChoiceProblem(plan.suggestedFunds)).toBeNull()
  })
})

describe('fund shares', () => {
  it('lists participation funds with a risk value from 1 to 7, codes unique', () => {
    expect(new Set(FUNDS.map((f) => f.code)).size).toBe(FUNDS.length)
    for (const f of FUNDS) expect(f.risk >= 1 && f.risk <= 7).toBe(true)
  })

  it('accepts whole percentages of known funds that sum to 100', () => {
    expect(fundChoiceProblem([{ code: 'KES', share: 100 }])).toBeNull()
    expect(fundChoiceProblem([{ code: 'KES', share: 33 }, { code: 'KEA', share: 33 }, { code: 'KEH', share: 34 }])).toBeNull()
    expect(sharesTotal([{ code: 'KES', share: 33 }, { code: 'KEA', share: 33 }])).toBe(66)
  })

  it('refuses every other distribution, naming the problem', () => {
    expect(fundChoiceProblem([])).toBe('empty')
    expect(fundChoiceProblem([{ code: 'KES', share: 99 }])).toBe('notHundred')
    expect(fundChoiceProblem([{ code: 'KES', share: 60 }, { code: 'KEA', share: 41 }])).toBe('notHundred')
    expect(fundChoiceProblem([{ code: 'KES', share: 50.5 }, { code: 'KEA', share: 49.5 }])).toBe('notWhole')
    expect(fundChoiceProblem([{ code: 'KES', share: 0 }, { code: 'KEA', share: 100 }])).toBe('outOfRange')
    expect(fundChoiceProblem([{ code: 'KES', share: 150 }, { code: 'KEA', share: -50 }])).toBe('outOfRange')
    expect(fundChoiceProblem([{ code: 'KES', share: 50 }, { code: 'KES', share: 50 }])).toBe('duplicateFund')
    expect(fundChoiceProblem([{ code: 'FAIZ', share: 100 }])).toBe('unknownFund')
  })
})

describe('age rules (spec 9: adult 18, maximum 100)', () => {
  it('tells adults, minors, the too old and non-birth dates apart', () => {
    expect(ageStatus('2008-03-02', NOW)).toBe('adult') // the 18th birthday
    expect(ageStatus('2008-03-03', NOW)).toBe('minor') // one day short of 18
    expect(ageStatus('2026-03-02', NOW)).toBe('minor') // born today
    expect(ageStatus('1926-03-02', NOW)).toBe('adult') // the 100th birthday
    expect(ageStatus('1926-03-01', NOW)).toBe('tooOld')
    expect(ageStatus('2026-03-03', NOW)).toBe('invalid') // the future
    expect(ageStatus('2026-02-30', NOW)).toBe('invalid')
  })

  it('a minor needs a custodian, and only early BES takes minors', () => {
    expect(needsCustodian('2015-06-01', NOW)).toBe(true)
    expect(needsCustodian('1990-06-01', NOW)).toBe(false)
    expect(participantAgeProblem('erkenbes', '2015-06-01', NOW)).toBeNull()
    expect(participantAgeProblem('pratikbes', '2015-06-01', NOW)).toBe('minorNotAllowed')
    expect(participantAgeProblem('pratikbes', '1990-06-01', NOW)).toBeNull()
    expect(participantAgeProblem('erkenbes', '1920-01-01', NOW)).toBe('tooOld')
  })

  it('a custodian or payer must be an adult', () => {
    expect(isAdultSignatory('1980-01-01', NOW)).toBe(true)
    expect(isAdultSignatory('2010-01-01', NOW)).toBe(false)
    expect(isAdultSignatory('1900-01-01', NOW)).toBe(false)
  })
})
