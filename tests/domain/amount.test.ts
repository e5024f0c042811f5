import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatAmount, maskAmountInput, parseAmount } from '../../src/domain/index.ts'

describe('parseAmount', () => {
  it.each<[string, number | null]>([
    ['1', 1],
    ['1250', 1250],
    ['1,250', 1250],
    ['1,250.50', 1250.5],
    ['1,250.5', 1250.5],
    ['1,234,567.89', 1234567.89],
    ['0.01', 0.01],
    ['0', 0],
    [' 12.30 ', 12.3],
    ['12,50', null], // comma is not a decimal separator
    ['1,2500', null],
    ['1,25,000', null],
    ['1.234', null], // three decimals
    ['1.', null],
    ['.5', null],
    ['-5', null],
    ['1e3', null],
    ['', null],
    ['abc', null],
  ])('%j -> %s', (text, expected) => {
    expect(parseAmount(text)).toBe(expected)
  })
})

describe('formatAmount', () => {
  it.each<[number, string]>([
    [1, '1.00'],
    [1250.5, '1,250.50'],
    [1234567.891, '1,234,567.89'],
    [0, '0.00'],
    [999.999, '1,000.00'],
    [-1250.5, '-1,250.50'],
    [Number.NaN, ''],
  ])('%d -> %j', (value, expected) => {
    expect(formatAmount(value)).toBe(expected)
  })

  it('property: parseAmount(formatAmount(x)) is x rounded to cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => parseAmount(formatAmount(cents / 100)) === cents / 100),
    )
  })
})

describe('maskAmountInput', () => {
  it.each([
    ['1250', '1,250'],
    ['1250.5', '1,250.5'],
    ['1250.567', '1,250.56'],
    ['1,2,3', '123'],
    ['00012', '12'],
    ['.5', '0.5'],
    ['12.3.4', '12.34'],
    ['abc', ''],
    ['1234567.', '1,234,567.'],
  ])('%j -> %j', (text, expected) => {
    expect(maskAmountInput(text)).toBe(expected)
  })

  it('property: a finished masked value (no trailing dot) always parses', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d.,]{1,15}$/), (t) => {
        const m = maskAmountInput(t)
        return m === '' || m.endsWith('.') || parseAmount(m) !== null
      }),
    )
  })
})
