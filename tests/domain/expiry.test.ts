import { describe, expect, it } from 'vitest'
import { expiryToGateway, isExpiryInMaskRange, isValidExpiry, parseExpiry } from '../../src/domain/index.ts'

describe('isValidExpiry', () => {
  const now = new Date('2026-06-15T12:00:00+03:00')
  it.each([
    ['06/26', true, 'the current month is still valid'],
    ['05/26', false, 'last month'],
    ['07/26', true, 'next month'],
    ['12/2026', true, 'four-digit year'],
    ['06/2026', true, 'four-digit year, current month'],
    ['01/2026', false, 'earlier this year'],
    ['12/99', true, 'far future, 2099'],
    ['13/27', false, 'month 13'],
    ['00/27', false, 'month 0'],
    ['6/27', false, 'one-digit month'],
    ['06 / 27', true, 'spaces around the slash (the form shows AA / YY)'],
    ['0627', false, 'no slash'],
    ['06/027', false, 'three-digit year'],
    ['', false, 'empty'],
    ['aa/bb', false, 'letters'],
  ])('%s -> %s (%s)', (value, expected) => {
    expect(isValidExpiry(value, now)).toBe(expected)
  })

  it('valid through the last moment of the expiry month (Istanbul time)', () => {
    // 30 June 2026 23:59:59.999 in Istanbul is 20:59:59.999 UTC
    expect(isValidExpiry('06/26', new Date('2026-06-30T20:59:59.999Z'))).toBe(true)
    // one millisecond later it is 1 July in Istanbul
    expect(isValidExpiry('06/26', new Date('2026-06-30T21:00:00.000Z'))).toBe(false)
    // December rolls over into the next year
    expect(isValidExpiry('12/26', new Date('2026-12-31T20:59:59Z'))).toBe(true)
    expect(isValidExpiry('12/26', new Date('2026-12-31T21:00:00Z'))).toBe(false)
  })

  it('parseExpiry reads two-digit years as 20YY', () => {
    expect(parseExpiry('03/31')).toEqual({ month: 3, year: 2031 })
    expect(parseExpiry('03/1999')).toEqual({ month: 3, year: 1999 })
    expect(parseExpiry('3/31')).toBeNull()
  })
})

describe('isExpiryInMaskRange (month 1-12, year 21-99)', () => {
  it.each([
    ['01/21', true],
    ['12/99', true],
    ['12/20', false],
    ['00/25', false],
    ['13/25', false],
    ['01/2025', false],
    ['1/25', false],
  ])('%s -> %s', (value, expected) => {
    expect(isExpiryInMaskRange(value)).toBe(expected)
  })
})

describe('expiryToGateway', () => {
  it.each([
    ['06/27', '0627'],
    ['06 / 27', '0627'],
    ['06/2027', '0627'],
    ['13/27', null],
  ])('%s -> %s', (value, expected) => {
    expect(expiryToGateway(value)).toBe(expected)
  })
})
