import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addDays, ageInYears, calendarDateOf, isAdultBirthDate, isChildBirthDate, isMinorBirthDate, isWithinInsurableAgeRange,
  toCalendarDate,
} from '../../src/domain/index.ts'

/** Noon in Istanbul (UTC+3) on a calendar date. */
const at = (iso: string) => new Date(`${iso}T12:00:00+03:00`)

describe('toCalendarDate / calendarDateOf', () => {
  it.each([
    ['2008-02-29', { year: 2008, month: 2, day: 29 }],
    ['29.02.2008', { year: 2008, month: 2, day: 29 }],
    ['2023-02-29', null],
    ['2023-13-01', null],
    ['2023-00-10', null],
    ['2023-04-31', null],
    ['2023-4-1', null],
    ['', null],
    ['not a date', null],
  ])('%s', (value, expected) => {
    expect(toCalendarDate(value)).toEqual(expected)
  })

  it('reads an instant as its Istanbul calendar date, not UTC', () => {
    // 22:30 UTC on 31 December is already 1 January in Istanbul
    expect(calendarDateOf(new Date('2025-12-31T22:30:00Z'))).toEqual({ year: 2026, month: 1, day: 1 })
    expect(calendarDateOf(new Date('2025-12-31T22:30:00Z'), 'UTC')).toEqual({ year: 2025, month: 12, day: 31 })
    expect(calendarDateOf(new Date(Number.NaN))).toBeNull()
  })

  it('a UTC-midnight Date of a birthday stays on that day', () => {
    expect(toCalendarDate(new Date('2008-02-29T00:00:00Z'))).toEqual({ year: 2008, month: 2, day: 29 })
  })

  it('addDays crosses months, years and leap days', () => {
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 })
    expect(addDays({ year: 2025, month: 3, day: 1 }, -1)).toEqual({ year: 2025, month: 2, day: 28 })
    expect(addDays({ year: 2026, month: 1, day: 10 }, -15)).toEqual({ year: 2025, month: 12, day: 26 })
  })

  it('ageInYears: a 29 February birthday is reached on 1 March in common years', () => {
    const birth = { year: 2008, month: 2, day: 29 }
    expect(ageInYears(birth, { year: 2026, month: 2, day: 28 })).toBe(17)
    expect(ageInYears(birth, { year: 2026, month: 3, day: 1 })).toBe(18)
    expect(ageInYears(birth, { year: 2028, month: 2, day: 29 })).toBe(20)
  })
})

describe('isAdultBirthDate (at least 18, at most 100 years ago)', () => {
  const now = at('2026-06-15')
  it.each([
    ['2008-06-15', true, 'the 18th birthday'],
    ['2008-06-16', false, 'one day before the 18th birthday'],
    ['2008-06-14', true, 'one day after the 18th birthday'],
    ['1926-06-15', true, 'exactly 100 years ago'],
    ['1926-06-14', false, 'one day more than 100 years ago'],
    ['1990-01-01', true, 'an adult'],
    ['2030-01-01', false, 'in the future'],
    ['2023-02-29', false, 'not a real date'],
    ['15.06.2008', true, 'Turkish format, the 18th birthday'],
  ])('%s -> %s (%s)', (date, expected) => {
    expect(isAdultBirthDate(date, now)).toBe(expected)
  })

  it.each([
    ['2026-02-28', false, 'born 29 Feb 2008: not yet 18 on 28 Feb 2026'],
    ['2026-03-01', true, 'born 29 Feb 2008: 18 on 1 Mar 2026'],
  ])('29 February: today %s -> %s (%s)', (today, expected) => {
    expect(isAdultBirthDate('2008-02-29', at(today))).toBe(expected)
  })

  it('a leap-day today: born 28 Feb 2010 is 18 on 29 Feb 2028; born 1 Mar 2010 is not', () => {
    expect(isAdultBirthDate('2010-02-28', at('2028-02-29'))).toBe(true)
    expect(isAdultBirthDate('2010-03-01', at('2028-02-29'))).toBe(false)
  })

  it('the 18th birthday starts at Istanbul midnight, not UTC midnight', () => {
    // 21:30 UTC on 14 June = 00:30 on 15 June in Istanbul
    expect(isAdultBirthDate('2008-06-15', new Date('2026-06-14T21:30:00Z'))).toBe(true)
    expect(isAdultBirthDate('2008-06-15', new Date('2026-06-14T20:30:00Z'))).toBe(false)
  })

  it('accepts Date birth dates', () => {
    expect(isAdultBirthDate(new Date('2008-06-15T00:00:00Z'), now)).toBe(true)
    expect(isAdultBirthDate(new Date('2008-06-16T00:00:00Z'), now)).toBe(false)
  })
})

describe('isMinorBirthDate (later than the date 18 years ago: under 18)', () => {
  const now = at('2026-06-15')
  it.each([
    ['2008-06-15', false, 'the 18th birthday: no longer a minor'],
    ['2008-06-16', true, 'one day before the 18th birthday'],
    ['2026-06-15', true, 'born today'],
    ['2026-06-16', false, 'born tomorrow: not a birth date'],
    ['1980-01-01', false, 'an adult'],
    ['garbage', false, 'not a date'],
  ])('%s -> %s (%s)', (date, expected) => {
    expect(isMinorBirthDate(date, now)).toBe(expected)
  })

  it('is the complement of the 18-year bound of isAdultBirthDate for past dates under 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 * 366 }), (daysAgo) => {
        const d = addDays({ year: 2026, month: 6, day: 15 }, -daysAgo)
        const iso = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
        return isMinorBirthDate(iso, now) !== isAdultBirthDate(iso, now)
      }),
    )
  })
})

describe('isWithinInsurableAgeRange (later than 69 years ago, earlier than 15 days ago)', () => {
  const now = at('2026-06-15')
  it.each([
    ['1957-06-15', false, 'exactly 69 years ago'],
    ['1957-06-16', true, 'one day inside the 69-year bound'],
    ['2026-05-31', false, 'exactly 15 days ago'],
    ['2026-05-30', true, '16 days ago'],
    ['2026-06-10', false, '5 days old'],
    ['1990-01-01', true, 'a working-age adult'],
    ['1950-01-01', false, 'too old'],
  ])('%s -> %s (%s)', (date, expected) => {
    expect(isWithinInsurableAgeRange(date, now)).toBe(expected)
  })
})

describe('isChildBirthDate (under 18 and older than 15 days)', () => {
  const now = at('2026-06-15')
  it.each([
    ['2026-05-31', false, 'exactly 15 days old'],
    ['2026-05-30', true, '16 days old'],
    ['2008-06-16', true, 'the last day before turning 18'],
    ['2008-06-15', false, 'turns 18 today'],
    ['2026-06-15', false, 'born today'],
    ['2026-07-01', false, 'in the future'],
  ])('%s -> %s (%s)', (date, expected) => {
    expect(isChildBirthDate(date, now)).toBe(expected)
  })

  it('15 days across a leap day: 14 Feb 2028 is exactly 15 days before 29 Feb 2028', () => {
    expect(isChildBirthDate('2028-02-14', at('2028-02-29'))).toBe(false)
    expect(isChildBirthDate('2028-02-13', at('2028-02-29'))).toBe(true)
  })
})
