import { describe, expect, it } from 'vitest'
import { createActor, type AnyStateMachine } from 'xstate'
import { travelPurchaseMachine } from '../../machines/travel-purchase/travel-purchase.machine.ts'
import { tssPurchaseMachine } from '../../machines/tss-purchase/tss-purchase.machine.ts'
import { contributionProblem } from '../../src/domain/bes.ts'
import { BES_MONTHLY_MINIMUM, tl, travelPremium, tssYearly } from './expectations/tariff-literals.ts'

/**
 * The price a purchase page takes as the one the customer has seen (`quoted`, shown on the summary
 * and compared with the server's), over the tariff's grid: every TSS age band, city group, gender
 * and visit count, every travel length band, region, cover level, age factor and Covid-19 cover.
 * The expected figures are worked out from the literals of tests/machines/expectations/tariff-literals.ts
 * (docs/decisions/tariff.md restated), never by the production price code: a wrong band, factor or
 * rounding in src/domain/tariff.ts changes a figure here. The model paths check the one quote they
 * buy; this covers the rest of the table.
 */
const DAY = '2026-03-02'
const AT = `${DAY}T09:00:00.000Z`

function quotedBy(machine: AnyStateMachine, data: Record<string, unknown>): { quoted: number | null; state: unknown } {
  const actor = createActor(machine, { input: {} })
  actor.start()
  actor.send({ type: 'quote.submit', data, at: AT })
  const s = actor.getSnapshot()
  actor.stop()
  return { quoted: s.context.quoted, state: s.value }
}

/** Birth dates giving 0..68 completed years on DAY, one per TSS band edge and middle. */
const TSS_AGES = [1, 17, 18, 25, 29, 30, 39, 40, 44, 45, 49, 50, 59, 60, 68]
const born = (years: number, dayBefore = false) => `${2026 - years}-03-${dayBefore ? '03' : '01'}`

describe('TSS purchase: the quote\'s price is the tariff\'s (restated literals)', () => {
  const cases = TSS_AGES.flatMap((age) => ['34', '16', '61'].flatMap((citycode) => ['male', 'female'].flatMap((gender) => [0, 8, 10, 12].map((visits) => ({ age, citycode, gender, visits })))))
  it(`${cases.length} quotes over every age band, city group, gender and visit count`, () => {
    const wrong: string[] = []
    for (const c of cases) {
      const quickProfile = { gender: c.gender, citycode: c.citycode, birthdate: born(c.age) }
      const expected = tssYearly({ ...quickProfile, visits: c.visits }, DAY)
      const got = quotedBy(tssPurchaseMachine, { quickProfile, outpatientVisits: c.visits }).quoted
      if (got !== expected) wrong.push(`${JSON.stringify(c)}: ${got} != ${expected}`)
    }
    expect(wrong).toEqual([])
  })
  it('a woman of 18-44 with birth cover pays x1.10 x1.18; the worked sums of the tariff note', () => {
    expect(tssYearly({ gender: 'male', citycode: '34', birthdate: '1996-01-15', visits: 10 }, DAY)).toBe(13_068)
    expect(tssYearly({ gender: 'male', citycode: '34', birthdate: '1960-05-17', visits: 10 }, DAY)).toBe(30_888)
    expect(tssYearly({ gender: 'female', citycode: '34', birthdate: '1996-01-15', visits: 10, birthCollateral: true }, DAY)).toBe(Math.round(6_600 * 1.2 * 1.1 * 1.18 * 1.65))
    const got = quotedBy(tssPurchaseMachine, { quickProfile: { gender: 'female', citycode: '34', birthdate: '1996-01-15' }, outpatientVisits: 10, birthCollateral: true }).quoted
    expect(got).toBe(tssYearly({ gender: 'female', citycode: '34', birthdate: '1996-01-15', visits: 10, birthCollateral: true }, DAY))
    expect(tl(13_068)).toBe('₺13.068,00')
  })
  it('outside 15 days to 69 years the tariff prices nothing and the quote is not taken', () => {
    const r = quotedBy(tssPurchaseMachine, { quickProfile: { gender: 'male', citycode: '34', birthdate: born(69, true).replace(/-03-03$/, '-03-01') }, outpatientVisits: 10 })
    expect(r.quoted).toBeNull()
    expect(r.state).toBe('quote')
  })
})

describe('travel purchase: the quote\'s price is the tariff\'s (restated literals)', () => {
  const lengths = [1, 7, 8, 15, 16, 31, 32, 62, 63, 92, 93, 180]
  const ages = [5, 17, 18, 64, 65, 74, 75, 99]
  const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  const cases = lengths.flatMap((days) => ages.flatMap((age) => ['schengen', 'worldwideExclUsCa', 'worldwide'].flatMap((travelLocation) =>
    ['standard', 'plus', 'premium'].flatMap((coverageType) => [false, true].map((covid) => ({ days, age, travelLocation, coverageType, covid }))))))
  it(`${cases.length} plans over every length band, region, cover level, age factor and Covid-19 cover`, () => {
    const wrong: string[] = []
    for (const c of cases) {
      const startDate = '2026-04-01'
      const plan = { birthdate: born(c.age), gender: 'female', travelLocation: c.travelLocation, travelLength: c.days, covid: c.covid, coverageType: c.coverageType, startDate, endDate: plusDays(startDate, c.days - 1) }
      const expected = travelPremium(plan, DAY)
      const got = quotedBy(travelPurchaseMachine, { travelPlan: plan }).quoted
      if (got !== expected) wrong.push(`${JSON.stringify(c)}: ${got} != ${expected}`)
    }
    expect(wrong).toEqual([])
  })
  it('the worked sums: ten Schengen days, standard cover, 35 and 65 years old', () => {
    const plan = { birthdate: '1990-05-17', travelLocation: 'schengen', coverageType: 'standard', covid: false, startDate: '2026-04-01', endDate: '2026-04-10' }
    expect(travelPremium(plan, DAY)).toBe(650)
    expect(travelPremium({ ...plan, birthdate: '1960-05-17' }, DAY)).toBe(1_300)
    expect(travelPremium({ ...plan, covid: true, coverageType: 'premium', travelLocation: 'worldwide' }, DAY)).toBe(Math.round(650 * 2.6 * 1.8 * 1.15))
  })
})

describe('BES: the monthly minimum contribution is spec 9\'s (early 100 TL, practical 150 TL)', () => {
  // the BES purchase machine refuses a contract by this rule (its model submits 50 and 250; the edges are here)
  it.each(Object.entries(BES_MONTHLY_MINIMUM))('%s: %d TL a month is taken, a kuruş less is below the minimum', (product, minimum) => {
    const contract = (amount: number) => ({ currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: amount })
    expect(contributionProblem(product as 'erkenbes', contract(minimum))).toBeNull()
    expect(contributionProblem(product as 'erkenbes', contract(minimum - 0.01))).toBe('belowMinimum')
  })
})
