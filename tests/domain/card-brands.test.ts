import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CARD_BRANDS, CARD_COLORS, cardDigits, cardMaxLength, detectCardBrand, formatCardNumber, isCompleteCardNumber, isLuhnValid,
  maskPan, prefixesToPattern, rangeToRegex, UNKNOWN_CARD_BRAND,
} from '../../src/domain/index.ts'
import { withLuhn } from './luhn.ts'

describe('detectCardBrand', () => {
  it.each([
    ['4', 'visa'],
    ['4111 1111 1111 1111', 'visa'],
    ['5', 'unknown'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['2721', 'unknown'],
    ['34', 'amex'],
    ['37', 'amex'],
    ['35', 'unknown'],
    ['9792', 'troy'],
    ['979', 'unknown'],
    ['9792 0300 0000 0000', 'troy'],
    ['65', 'discover'],
    ['650052', 'troy'], // Troy's 65xxxx ranges win over Discover
    ['654997', 'troy'],
    ['65875000', 'troy'],
    ['650053', 'discover'],
    ['6011', 'discover'],
    ['644', 'discover'],
    ['62', 'unionpay'],
    ['6212345678901234', 'unionpay'],
    ['300', 'diners'],
    ['36', 'diners'],
    ['3528', 'jcb'],
    ['3589', 'jcb'],
    ['1800', 'jcb'],
    ['2131', 'jcb'],
    ['5018', 'unknown'], // maestro 50xxxx needs 6 digits
    ['501800', 'maestro'],
    ['56', 'maestro'],
    ['63', 'maestro'],
    ['67', 'maestro'],
    ['6', 'unknown'], // no catch-all "6"
    ['2200', 'mir'],
    ['2204', 'mir'],
    ['2205', 'unknown'],
    ['', 'unknown'],
    ['abc', 'unknown'],
    ['0000', 'unknown'],
  ])('%j -> %s', (digits, id) => {
    expect(detectCardBrand(digits).id).toBe(id)
  })

  it('unknown brand: empty name, grey, no icon or logo, 16 digits in groups of four', () => {
    expect(UNKNOWN_CARD_BRAND).toMatchObject({ id: 'unknown', name: '', color: 'grey', icon: null, logo: null, mask: '0000 0000 0000 0000' })
    expect(UNKNOWN_CARD_BRAND.prefixPattern).toBeUndefined()
  })

  it('unionpay uses the spec pattern: 62 followed by up to 14 digits', () => {
    expect(detectCardBrand('62').prefixPattern).toBe('^62\\d{0,14}')
  })

  it.each([
    ['amex', 4, 'CID'],
    ['visa', 3, 'CVV2'],
    ['mastercard', 3, 'CVC'],
    ['maestro', 3, 'CVC'],
    ['troy', 3, 'CVC'],
    ['discover', 3, 'CVD'],
    ['diners', 3, 'CVD'],
  ])('%s: CVC length %i, label %s', (id, length, label) => {
    const brand = CARD_BRANDS.find((b) => b.id === id)
    expect(brand?.cvcLength).toBe(length)
    expect(brand?.cvcLabel).toBe(label)
  })

  it('every brand has a spec colour, a unique id, an icon and a logo, a mask as long as its longest number', () => {
    const ids = new Set<string>()
    for (const b of [...CARD_BRANDS, UNKNOWN_CARD_BRAND]) {
      expect(CARD_COLORS).toContain(b.color)
      expect(ids.has(b.id)).toBe(false)
      ids.add(b.id)
      expect(b.mask.replace(/ /g, '')).toHaveLength(cardMaxLength(b))
      if (b.id !== 'unknown') expect(b.icon && b.logo && b.name).toBeTruthy()
    }
    expect([...ids]).toEqual(['visa', 'mastercard', 'amex', 'troy', 'unionpay', 'discover', 'diners', 'jcb', 'maestro', 'mir', 'unknown'])
  })

  it('property: never throws on any string and always returns a brand', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => typeof detectCardBrand(s).id === 'string'))
    fc.assert(fc.property(fc.stringMatching(/^\d{0,25}$/), (s) => typeof detectCardBrand(s).id === 'string'))
  })

  it('never throws on non-string input at run time', () => {
    expect(detectCardBrand(undefined as unknown as string).id).toBe('unknown')
    expect(detectCardBrand(null as unknown as string).id).toBe('unknown')
    expect(detectCardBrand(42 as unknown as string).id).toBe('unknown')
  })
})

describe('formatCardNumber / cardDigits', () => {
  it.each([
    ['378282246310005', '3782 822463 10005', 'amex 4-6-5'],
    ['3782822463100059999', '3782 822463 10005', 'amex cut at 15'],
    ['4111111111111111', '4111 1111 1111 1111', 'visa 4-4-4-4'],
    ['4111111111111111111', '4111 1111 1111 1111 111', 'visa 19 digits'],
    ['9792030000000000', '9792 0300 0000 0000', 'troy'],
    ['30569309025904', '3056 930902 5904', 'diners 14 digits 4-6-4'],
    ['0000111122223333444', '0000 1111 2222 3333', 'unknown: 16 digits in fours'],
    ['4111-1111 1111.1111', '4111 1111 1111 1111', 'separators ignored'],
    ['411', '411', 'partial'],
    ['41111', '4111 1', 'partial across a gap'],
    ['', '', 'empty'],
  ])('%j -> %j (%s)', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected)
  })

  it('cardDigits strips everything but 0-9', () => {
    expect(cardDigits(' 4111-1111 ab 1111\t1111 ')).toBe('4111111111111111')
    expect(cardDigits('٤١١١')).toBe('') // Arabic-Indic digits are not card digits
  })

  it('property: formatCardNumber then cardDigits round-trips (up to the brand length)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,19}$/), (d) => cardDigits(formatCardNumber(d)) === d.slice(0, cardMaxLength(detectCardBrand(d)))),
    )
  })

  it('property: formatting is idempotent and puts spaces only at the brand gaps', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,19}$/), (d) => {
        const f = formatCardNumber(d)
        return formatCardNumber(f) === f && !f.includes('  ') && !f.startsWith(' ') && !f.endsWith(' ')
      }),
    )
  })
})

describe('isLuhnValid / isCompleteCardNumber', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['79927398713', true],
    ['79927398710', false],
    ['0', true],
    ['', false],
    ['4111 1111 1111 1111', false], // digits only
  ])('isLuhnValid(%j) -> %s', (value, expected) => {
    expect(isLuhnValid(value)).toBe(expected)
  })

  it.each([
    ['4111 1111 1111 1111', true, 'visa 16'],
    ['378282246310005', true, 'amex 15'],
    ['37828224631000', false, 'amex 14 digits'],
    [withLuhn('979203000000000'), true, 'troy 16'],
    [withLuhn('41111111111111'), false, 'visa 15 is not a visa length'],
  ])('isCompleteCardNumber(%j) -> %s (%s)', (value, expected) => {
    expect(isCompleteCardNumber(value)).toBe(expected)
  })

  it('property: appending the Luhn digit always validates; changing one digit always breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const n = withLuhn(body)
        const i = at % n.length
        const changed = n.slice(0, i) + ((Number(n[i]) + delta) % 10) + n.slice(i + 1)
        return isLuhnValid(n) && !isLuhnValid(changed)
      }),
    )
  })

  it('maskPan keeps at most the first 6 and last 4 digits', () => {
    expect(maskPan('4111 1111 1111 1234')).toBe('411111******1234')
    expect(maskPan('1234')).toBe('****')
  })
})

describe('prefix patterns from ranges', () => {
  it.each([
    ['51', '55', ['51', '53', '55'], ['50', '56']],
    ['2221', '2229', ['2221', '2229'], ['2220', '2230']],
    ['622126', '622925', ['622126', '622199', '622200', '622925'], ['622125', '622926', '623000']],
    ['500000', '504174', ['500000', '504174', '503999'], ['504175', '505000']],
  ])('%s..%s', (lo, hi, inside, outside) => {
    const re = new RegExp(`^(?:${rangeToRegex(lo, hi)})$`)
    for (const v of inside) expect(re.test(v)).toBe(true)
    for (const v of outside) expect(re.test(v)).toBe(false)
  })

  it('property: the range regex agrees with numeric comparison', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.nat(), fc.nat(), fc.nat(), (len, a, b, c) => {
        const max = 10 ** len
        const [lo, hi] = [a % max, b % max].sort((x, y) => x - y) as [number, number]
        const v = c % max
        const pad = (n: number) => String(n).padStart(len, '0')
        const re = new RegExp(`^(?:${rangeToRegex(pad(lo), pad(hi))})$`)
        return re.test(pad(v)) === (v >= lo && v <= hi)
      }),
    )
  })

  it('prefixesToPattern anchors at the start and takes numbers and ranges', () => {
    const re = new RegExp(prefixesToPattern([4, [51, 55]]))
    expect(re.test('4000')).toBe(true)
    expect(re.test('5300')).toBe(true)
    expect(re.test('1400')).toBe(false)
    expect(() => rangeToRegex('9', '1')).toThrow(RangeError)
  })
})
