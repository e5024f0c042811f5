import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asciiDigits, redact, redactCardNumbers, redactClientLog } from '../../src/lib/redact.ts'
import { withLuhn } from './luhn.ts'
import { TEST_CARDS, TEST_DEBIT_CARD } from '../../src/server/services/gateway/bank-simulator.ts'

/** A Luhn-valid card number of 13 to 19 digits. */
const pan = fc.tuple(fc.integer({ min: 12, max: 18 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }), fc.integer({ min: 1, max: 9 }))
  .map(([len, digits, first]) => withLuhn([first, ...digits].slice(0, len).join('')))

/** Every notation issue 9 lists, mixed freely between any two digits. */
const SEPARATORS = ['', ' ', '  ', '.', '/', '_', '-', '\t', '\n', '\r\n', '\u00a0', '\u2013', '\u2014', '\u200b', '\u3000', '\uff0e', '\uff0f', '\uff0d', ' - ', '\\']
const FULL_WIDTH = (d: string) => String.fromCodePoint(0xff10 + Number(d))
const ARABIC_INDIC = (d: string) => String.fromCodePoint(0x0660 + Number(d))

const written = fc.tuple(pan, fc.array(fc.constantFrom(...SEPARATORS), { minLength: 19, maxLength: 19 }), fc.constantFrom('ascii', 'fullwidth', 'arabic', 'mixed'))
  .map(([number, seps, script]) => {
    const digits = [...number].map((d, i) => script === 'fullwidth' || (script === 'mixed' && i % 2) ? FULL_WIDTH(d) : script === 'arabic' ? ARABIC_INDIC(d) : d)
    return { number, text: digits.map((d, i) => (i === 0 ? '' : seps[i]!) + d).join('') }
  })

/** Text around the number that does not itself end or start with a digit. */
const around = fc.string({ maxLength: 30 }).map((s) => s.replace(/\p{Nd}/gu, 'x'))

/** The card number is still readable in `out` if its digits appear in order with only separators between them. */
function stillThere(out: string, number: string): boolean {
  return asciiDigits(out).replace(/[^0-9]/g, '').includes(number)
}

describe('card-number redaction (src/lib/redact)', () => {
  it('removes a card number in every notation from any text', () => {
    fc.assert(fc.property(around, written, around, (before, { number, text }, after) => {
      const out = redactCardNumbers(`${before}${text}${after}`)
      expect(stillThere(out, number), JSON.stringify(out)).toBe(false)
      expect(out).toContain('[redacted]')
    }), { numRuns: 2000 })
  })

  it.each([
    ['spaces', '4036 6600 0000 1231'], ['dots', '4036.6600.0000.1231'], ['slashes', '4036/6600/0000/1231'],
    ['underscores', '4036_6600_0000_1231'], ['double spaces', '4036  6600  0000  1231'], ['tabs', '4036\t6600\t0000\t1231'],
    ['newlines', '4036\n6600\n0000\n1231'], ['full-width digits', '４０３６６６００００００１２３１'], ['dashes', '4036-6600-0000-1231'],
    ['en dashes', '4036–6600–0000–1231'], ['no separator', '4036660000001231'], ['Amex grouping', '3744 230000 01232'],
  ])('redacts %s', (_name, text) => {
    expect(redactCardNumbers(`card: ${text} end`)).toBe('card: [redacted] end')
  })

  it('keeps short numbers, dates, times and amounts', () => {
    for (const text of ['2026-11-23T12:07:45.123Z', '2026-11-23 12:07:45', 'amount 1250.50 TRY', 'order KEM', 'id 123456789012', '+90 532 123 45 67']) {
      expect(redactCardNumbers(text)).toBe(text)
    }
  })

  it('masks CVC-like fields by key in objects and after such a key in text', () => {
    fc.assert(fc.property(fc.constantFrom('cvc', 'CVV', 'cvv2', 'cvc2', 'securityCode', 'security_code', 'cid'), fc.integer({ min: 100, max: 9999 }), (key, code) => {
      const value = redact({ card: { [key]: String(code), other: 'kept' }, list: [{ [key]: code }] })
      expect(JSON.stringify(value)).not.toContain(String(code))
      expect(value.card.other).toBe('kept')
      for (const text of [`${key}=${code}`, `"${key}": "${code}"`, `${key}: ${code}`]) {
        expect(redactCardNumbers(text)).not.toContain(String(code))
      }
    }), { numRuns: 300 })
  })

  it('redacts card numbers in nested values and numbers, keeping other data', () => {
    const value = redact({ a: 4036660000001231, b: ['x 4036 6600 0000 1231 y'], c: { d: 12, e: true, f: null }, g: new Date(0) })
    expect(value).toEqual({ a: '[redacted]', b: ['x [redacted] y'], c: { d: 12, e: true, f: null }, g: new Date(0) })
  })
})

describe('ids are not card numbers', () => {
  it('keeps a UUID whose digit groups form a Luhn-valid run, and still redacts a card number next to it', () => {
    const id = '3ce5f9fe-8884-4090-8796-9847690bbf2a'
    expect(redactCardNumbers(id)).toBe(id)
    expect(redactCardNumbers(`${id} 4036 6600 0000 1231`)).toBe(`${id} [redacted]`)
    expect(redactCardNumbers('4036-6600-0000-1231')).toBe('[redacted]')
  })
})

describe('client logs keep no personal data (redactClientLog, issue 28 item 8)', () => {
  it.each([
    ['the bank form\'s cv2', 'cv2=123&x=1', 'cv2=[redacted]&x=1'],
    ['cv2 in JSON', '{"cv2":"4567"}', '{"cv2":"[redacted]"}'],
    ['a national ID', 'TCKN 10000000146.', 'TCKN [redacted].'],
    ['a national ID in full-width digits', 'id １０００００００１４６', 'id [redacted]'],
    ['a mobile with +90', 'tel +90 532 123 45 67', 'tel [redacted]'],
    ['a mobile with 0 and dashes', 'tel 0532-123-45-67', 'tel [redacted]'],
    ['a mobile without prefix', 'tel 5321234567', 'tel [redacted]'],
    ['a landline with its area code in parentheses', 'tel (0212) 555 12 34', 'tel [redacted]'],
    ['an international number', 'tel +44 20 7946 0958', 'tel [redacted]'],
    ['a card number still', 'pan 4036 6600 0000 1231', 'pan [redacted]'],
  ])('redacts %s', (_name, text, expected) => {
    expect(redactClientLog(text)).toBe(expected)
  })

  it('keeps times, amounts, addresses, ids and short numbers', () => {
    for (const text of ['2026-11-23T12:07:45.123Z', '2026-11-23 12:07:45', 'amount 1250.50 TRY', 'ip 10.100.200.255', 'count 123456789', 'year 2026 day 12',
      '3ce5f9fe-8884-4090-8796-984769012345', 'status 503 after 2000 ms']) {
      expect(redactClientLog(text)).toBe(text)
    }
  })

  it('removes every generated national ID and mobile number, in any notation', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 }), fc.constantFrom('', ' ', '-', '.'), fc.constantFrom('+90 ', '0', '90', ''),
      (digits, sep, prefix) => {
        const tckn = `${1 + (digits[0]! % 9)}${digits.slice(1).join('')}7`
        const mobile = `${prefix}5${digits.slice(0, 2).join('')}${sep}${digits.slice(2, 5).join('')}${sep}${digits.slice(5, 7).join('')}${sep}${digits.slice(7, 9).join('')}`
        const out = redactClientLog(`a ${tckn} b ${mobile} c`)
        expect(out).not.toContain(tckn)
        expect(asciiDigits(out).replace(/\D/g, '')).toBe('')
      }), { numRuns: 500 })
  })
})

describe('the fast path (issue 27) changes no answer', () => {
  // Text the scan passes (ASCII with fewer than three digits, or one whole UUID) is returned as
  // it is; a trailing 'ü' (not ASCII, not a digit or separator, not a word character for \b)
  // sends the same text through the regular expressions without changing what they match.
  const fragment = fc.constantFrom('a', 'x', ' ', '-', '.', '/', ':', '=', '"', '1', '2', '9', '123', '4111', ' cvc: ', 'cvv=', '٣', '４', 'cvc', 'CVV2', 'securityCode', '\t', '\u200b',
    '3ce5f9fe-8884-4090-8796-9847690bbf2a', '4036 6600 0000 1231', '/api/v1/auth/checkSessionValidity', 'POST')
  const text = fc.oneof(fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join('')), fc.string({ maxLength: 40 }))

  it('gives every text the answer the regular expressions give', () => {
    fc.assert(fc.property(text, (s) => {
      expect(redactCardNumbers(s) + 'ü').toBe(redactCardNumbers(s + 'ü'))
    }), { numRuns: 2000 })
  })

  it('keeps short numbers and redacts long ones as before', () => {
    fc.assert(fc.property(fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }), fc.double({ noNaN: true }), (n, d) => {
      expect(redact(n)).toBe(n)
      expect(redact(d)).toBe(redactCardNumbers(String(d)) === String(d) ? d : '[redacted]')
    }), { numRuns: 500 })
    expect(redact(4036660000001231)).toBe('[redacted]')
    expect(redact(BigInt('4036660000001231'))).toBe('[redacted]')
  })
})

describe('order ids are kept, card numbers around them are not (issue 25 item 7)', () => {
  /** Spec 9: KEM + yyyymmdd + the card's BIN + 100-999. */
  const orderId = fc.tuple(fc.integer({ min: 2020, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }),
    fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 100, max: 999 }))
    .map(([y, m, d, bin, n]) => `KEM${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}${String(bin).padStart(6, '0')}${n}`)
  const CARDS = [...TEST_CARDS.map((c) => c.number), TEST_DEBIT_CARD]
  const ID = 'KEM20261127403666123'

  it('keeps every order id whole, alone and in text, JSON, URLs and objects', () => {
    fc.assert(fc.property(orderId, around, (id, text) => {
      for (const s of [id, `payment.resolve ${id} ok`, `{"orderId":"${id}","amount":"1250.00"}`, `/api/v1/payments/${id}/status?x=1`, `orderId=${id}&amount=1250.50`, `${text}${id}`]) {
        expect(redactCardNumbers(s)).toBe(s)
      }
      expect(redact({ target: id, list: [id] })).toEqual({ target: id, list: [id] })
    }), { numRuns: 500 })
    // one whose 17 digits pass Luhn (2026-11-27, BIN 403666, suffix 123 fails, 125 passes: either is kept)
    for (const id of [ID, 'KEM20261127403666125', 'KEM20260301540061123']) expect(redactCardNumbers(`order ${id}`)).toBe(`order ${id}`)
  })

  it('still redacts the test cards glued to KEM, inside order-like strings, and next to an order id', () => {
    for (const card of CARDS) {
      const spaced = card.replace(/(\d{4})(?=\d)/g, '$1 ')
      for (const s of [`KEM${card}`, `KEM20261127${card}`, `${ID}${card}`, `${ID} ${card}`, `${ID} ${spaced}`, `${ID}-${card}`, `${card}${ID}`, `${card} ${ID}`,
        `{"orderId":"${ID}","pan":"${card}"}`, `/pay?orderId=${ID}&pan=${spaced}`, `KEM${card.slice(0, 8)} ${card.slice(8)}`]) {
        const out = redactCardNumbers(s)
        expect(stillThere(out.replaceAll(ID, ''), card), `${s} -> ${out}`).toBe(false)
        expect(out).toContain('[redacted]')
      }
    }
  })

  it('redacts a card number written as if it were an order id', () => {
    // KEM + 17 digits that are not a date: a 17-digit card number
    const card17 = withLuhn('5012345678901234')
    expect(redactCardNumbers(`KEM${card17}`)).toBe('KEM[redacted]')
    // the order id's digits followed by more digits (the rest of a card number may start inside it)
    expect(redactCardNumbers('KEM20261127403666123 4567 8901 2345')).toBe('KEM[redacted]')
    expect(redactCardNumbers('KEM202611274036661234')).toBe('KEM[redacted]')
    // a digit before KEM's digits, or an impossible date, is not an order id
    expect(redactCardNumbers('KEM20261327403666123')).toBe('KEM[redacted]')
    expect(redactCardNumbers('KEM20261127403666012')).toBe('KEM[redacted]')
    expect(redactCardNumbers('KEM19991127403666123')).toBe('KEM[redacted]')
  })

  it('removes every card number in any notation placed before, after or inside the text of an order id', () => {
    fc.assert(fc.property(orderId, written, fc.constantFrom('', ' ', '-', ',', '"', '&pan=', 'KEM', '/'), fc.boolean(), (id, { number, text }, glue, before) => {
      const s = before ? `${text}${glue}${id}` : `${id}${glue}${text}`
      const out = redactCardNumbers(s)
      expect(stillThere(out.replaceAll(id, ''), number), JSON.stringify({ s, out })).toBe(false)
    }), { numRuns: 2000 })
  })
})
