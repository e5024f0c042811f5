import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isValidTckn, tcknCheckDigits } from '../../src/domain/index.ts'

/** Arbitrary valid TCKN: a first digit 1-9, eight more digits, the two check digits. */
const validTckn = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
  .map(([first, rest]) => `${first}${rest.join('')}`)
  .filter((nine) => !/^(\d)\1{8}$/.test(nine))
  .map((nine) => nine + tcknCheckDigits(nine))
  .filter((v) => !/^(\d)\1{9}/.test(v))

describe('isValidTckn', () => {
  it.each([
    ['10000000146', true, 'a well-known valid test number'],
    ['12345678950', true, 'sequential digits with the right check digits'],
    // 7*odd - even < 0: odd = 1, even = 36, 7 - 36 = -29, true modulo gives 1 (abs would give 9)
    ['19090909018', true, 'negative difference: true modulo, not absolute value'],
    ['19090909098', false, 'the "absolute value" reading of the same number is refused'],
    ['10000000145', false, 'wrong 11th digit'],
    ['10000000156', false, 'wrong 10th digit'],
    ['01234567890', false, 'first digit 0'],
    ['1000000014', false, '10 digits'],
    ['100000001460', false, '12 digits'],
    ['1000000014a', false, 'a letter'],
    [' 10000000146', false, 'leading space'],
    ['', false, 'empty'],
    ['11111111110', false, 'all-same pattern, passes the checksum'],
    ['55555555550', false, 'all-same pattern'],
    ['99999999990', false, 'all-same pattern, last of the range'],
    ['11111111111', false, 'all ones'],
    ['１００００００００１４６', false, 'full-width digits'],
  ])('%s -> %s (%s)', (value, expected) => {
    expect(isValidTckn(value)).toBe(expected)
  })

  it('the all-same-digit numbers really do pass the bare checksum (so the explicit refusal matters)', () => {
    for (let d = 1; d <= 9; d++) {
      const nine = String(d).repeat(9)
      expect(nine + tcknCheckDigits(nine)).toBe(`${String(d).repeat(10)}0`)
    }
  })

  it('computes the 10th digit with a true modulo when 7*odd < even', () => {
    expect(tcknCheckDigits('190909090')).toBe('18')
    expect(() => tcknCheckDigits('12345678')).toThrow(RangeError)
  })

  it('property: every generated valid TCKN passes', () => {
    fc.assert(fc.property(validTckn, (v) => isValidTckn(v)))
  })

  it('property: every single-digit change of a valid TCKN fails', () => {
    fc.assert(
      fc.property(validTckn, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (v, pos, delta) => {
        const digit = (Number(v[pos]) + delta) % 10
        const changed = v.slice(0, pos) + digit + v.slice(pos + 1)
        return !isValidTckn(changed)
      }),
    )
  })
})
