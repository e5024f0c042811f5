import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatAmount, maskAmountInput, parseAmount, PAYMENT_AMOUNT_MAX, readAmount, type AmountErrorCode } from '../../src/domain/index.ts'

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
    ['00012', '12'],
    ['.5', '0.5'],
    ['1234567.', '1,234,567.'],
    ['1,250', '1,250'],
    // issue 10 item 8: nothing is dropped or moved silently any more (these used to become
    // '1,250.56', '123', '12.34' and ''); what cannot be read stays as typed, and readAmount says why
    ['1250.567', '1,250.567'],
    ['1,2,3', '1,2,3'],
    ['12.3.4', '12.3.4'],
    ['abc', 'abc'],
    ['1250,50', '1250,50'],
    ['1.250,50', '1.250,50'],
    ['1e9', '1e9'],
    ['-5', '-5'],
  ])('%j -> %j', (text, expected) => {
    expect(maskAmountInput(text)).toBe(expected)
  })

  it('property: the mask keeps every digit in order (only leading zeros and separators move)', () => {
    const digits = (t: string) => t.replace(/\D/g, '').replace(/^0+/, '')
    fc.assert(fc.property(fc.stringMatching(/^[\d.,]{1,15}$/), (t) => digits(maskAmountInput(t)) === digits(t)))
  })

  it('property: a regrouped value reads as the same number as the plain digits typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (int, cents) => {
        const typed = `${int}.${String(cents).padStart(2, '0')}`
        return parseAmount(maskAmountInput(typed)) === Number(typed)
      }),
    )
  })
})

describe('readAmount', () => {
  it.each<[string, number | AmountErrorCode, string?]>([
    ['1', 1, '1.00'],
    ['1250.5', 1250.5, '1,250.50'],
    ['1,250.50', 1250.5, '1,250.50'],
    ['100,000', PAYMENT_AMOUNT_MAX, '100,000.00'],
    ['0.01', 0.01, '0.01'],
    ['', 'amount.required'],
    ['   ', 'amount.required'],
    // how a Turk writes 1,250.50: refused, never read as 125,050 or 1.25
    ['1250,50', 'amount.decimalComma'],
    ['1.250,50', 'amount.decimalComma'],
    ['12,5', 'amount.decimalComma'],
    ['1,250,50', 'amount.decimalComma'],
    ['1e9', 'amount.invalid'],
    ['-5', 'amount.invalid'],
    ['abc', 'amount.invalid'],
    ['5 TL', 'amount.invalid'],
    ['1.250', 'amount.invalid'], // a dot with three digits after it: thousands or decimals?
    ['1250.567', 'amount.invalid'],
    ['0', 'amount.invalid'],
    ['0.00', 'amount.invalid'],
    ['100,000.01', 'amount.tooLarge'],
    ['1,000,000,000', 'amount.tooLarge'],
  ])('%j -> %j', (text, expected, display) => {
    const r = readAmount(text)
    if (typeof expected === 'number') expect(r).toEqual({ ok: true, value: expected, display })
    else expect(r).toEqual({ ok: false, code: expected })
  })
})
