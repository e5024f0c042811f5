import { describe, expect, it } from 'vitest'
import { cityGroupOf, quoteTravel, quoteTss, tripDays, type TravelQuoteInput } from '../../src/domain/tariff.ts'

const NOW = new Date('2026-03-02T09:00:00Z') // 2 March 2026 in Istanbul

function annual(q: ReturnType<typeof quoteTss>) {
  if (!q.ok) throw new Error(q.reason)
  return Object.fromEntries(q.options.map((o) => [o.visits, o.annualTry]))
}

describe('TSS tariff (docs/decisions/tariff.md)', () => {
  it('a 30-year-old man in İstanbul: band 30-39 (6,600) x city group 1 (1.2), outpatient +55/65/75%', () => {
    const q = quoteTss({ gender: 'male', citycode: '34', birthdate: '1996-01-15' }, NOW)
    expect(annual(q)).toEqual({ 0: 7920, 8: 12276, 10: 13068, 12: 13860 })
    expect(q.ok && q.options[1]!.monthlyTry).toBe(1023)
    expect(q.ok && q.birthCoverAvailable).toBe(false)
  })

  it('a 25-year-old woman in İzmir: +10%, and birth cover +18% when chosen', () => {
    expect(annual(quoteTss({ gender: 'female', citycode: '35', birthdate: '2000-06-01' }, NOW))).toEqual({ 0: 7128, 8: 11048, 10: 11761, 12: 12474 })
    const withBirth = quoteTss({ gender: 'female', citycode: '35', birthdate: '2000-06-01', birthCollateral: true }, NOW)
    expect(annual(withBirth)[8]).toBe(13037)
    expect(withBirth.ok && withBirth.birthCollateral).toBe(true)
  })

  it('birth cover is not offered to a woman of 45, nor to men', () => {
    const q = quoteTss({ gender: 'female', citycode: '34', birthdate: '1980-06-01', birthCollateral: true }, NOW)
    expect(q.ok && q.birthCoverAvailable).toBe(false)
    expect(annual(q)[0]).toBe(8400 * 1.2)
    expect(quoteTss({ gender: 'male', citycode: '34', birthdate: '2000-06-01', birthCollateral: true }, NOW)).toMatchObject({ birthCollateral: false })
  })

  it('city groups: Antalya is group 2 (1.05), Amasya group 3 (0.9)', () => {
    expect(cityGroupOf('07')).toBe(2)
    expect(cityGroupOf('05')).toBe(3)
    expect(annual(quoteTss({ gender: 'male', citycode: '07', birthdate: '2016-01-01' }, NOW))[0]).toBe(4410)
    expect(annual(quoteTss({ gender: 'male', citycode: '05', birthdate: '1966-01-01' }, NOW))[12]).toBe(24570)
  })

  it('enters from 16 days old to 69 years (spec 5\'s window, both ends exclusive)', () => {
    expect(quoteTss({ gender: 'male', citycode: '34', birthdate: '1957-03-02' }, NOW)).toEqual({ ok: false, reason: 'AGE_OUT_OF_RANGE' })
    expect(quoteTss({ gender: 'male', citycode: '34', birthdate: '1957-03-03' }, NOW).ok).toBe(true)
    expect(quoteTss({ gender: 'male', citycode: '34', birthdate: '2026-02-15' }, NOW)).toEqual({ ok: false, reason: 'AGE_OUT_OF_RANGE' })
    expect(quoteTss({ gender: 'male', citycode: '34', birthdate: '2026-02-14' }, NOW).ok).toBe(true)
    expect(quoteTss({ gender: 'male', citycode: '99', birthdate: '2000-01-01' }, NOW)).toEqual({ ok: false, reason: 'BAD_CITY' })
    expect(quoteTss({ gender: 'male', citycode: '34', birthdate: '2000-02-30' }, NOW)).toEqual({ ok: false, reason: 'BAD_DATE' })
  })
})

describe('travel health tariff', () => {
  const trip = (over: Partial<TravelQuoteInput> = {}): TravelQuoteInput => ({
    birthdate: '1996-01-15', travelLocation: 'schengen', coverageType: 'standard', covid: false, startDate: '2026-04-01', endDate: '2026-04-07', ...over,
  })

  it('counts the start and end days', () => {
    expect(tripDays({ year: 2026, month: 4, day: 1 }, { year: 2026, month: 4, day: 7 })).toBe(7)
    expect(tripDays({ year: 2026, month: 3, day: 28 }, { year: 2026, month: 3, day: 30 })).toBe(3) // across the DST change
  })

  it('a week in Schengen, standard cover: 450 TRY and EUR 30,000, which meets the visa minimum', () => {
    expect(quoteTravel(trip(), NOW)).toEqual({ ok: true, age: 30, days: 7, coverEur: 30_000, meetsSchengenVisa: true, premiumTry: 450 })
    expect(quoteTravel(trip({ endDate: '2026-04-08' }), NOW)).toMatchObject({ days: 8, premiumTry: 650 })
  })

  it('region, cover, age and covid factors multiply', () => {
    // 950 x 2.6 (worldwide) x 1.8 (premium) x 2 (age 70) x 1.15 (covid) = 10,225.8
    expect(quoteTravel(trip({ birthdate: '1955-06-01', travelLocation: 'worldwide', coverageType: 'premium', covid: true, endDate: '2026-04-30' }), NOW))
      .toMatchObject({ ok: true, days: 30, coverEur: 100_000, premiumTry: 10226 })
    // 650 x 1.6 x 1.35 x 0.7 (child) = 982.8
    expect(quoteTravel(trip({ birthdate: '2016-01-01', travelLocation: 'worldwideExclUsCa', coverageType: 'plus', endDate: '2026-04-15' }), NOW))
      .toMatchObject({ premiumTry: 983 })
  })

  it('refuses impossible trips and ages', () => {
    expect(quoteTravel(trip({ startDate: '2026-03-01' }), NOW)).toEqual({ ok: false, reason: 'START_IN_PAST' })
    expect(quoteTravel(trip({ startDate: '2026-08-30', endDate: '2026-09-01' }), NOW)).toEqual({ ok: false, reason: 'START_TOO_FAR' })
    expect(quoteTravel(trip({ endDate: '2026-03-31' }), NOW)).toEqual({ ok: false, reason: 'END_BEFORE_START' })
    expect(quoteTravel(trip({ endDate: '2027-04-01' }), NOW)).toEqual({ ok: false, reason: 'TOO_LONG' })
    expect(quoteTravel(trip({ birthdate: '1925-03-01' }), NOW)).toEqual({ ok: false, reason: 'AGE_OUT_OF_RANGE' })
    expect(quoteTravel(trip({ birthdate: '2026-02-20' }), NOW)).toEqual({ ok: false, reason: 'AGE_OUT_OF_RANGE' })
    expect(quoteTravel(trip({ startDate: 'soon' }), NOW)).toEqual({ ok: false, reason: 'BAD_DATE' })
  })
})
