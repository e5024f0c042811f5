import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CARD_FORM_DEFAULTS, CARD_FORM_MESSAGES, cardFormSchema, createCardFormSchema, isProvisionTrxType, isThreeDTrxType,
  validateCardForm, type CardFormValues,
} from '../../src/domain/index.ts'

const now = new Date('2026-06-15T12:00:00+03:00')
const valid: CardFormValues = {
  number: '4256 6912 3456 7898',
  name: 'Ayşe Yılmaz',
  cvc: '123',
  expiry: '12/28',
  bankcode: '0046',
  currcode: 'TRY',
  amount: '1,250.50',
  trxtype: 'P01',
  installment: '3',
  cardtype: 'visa',
  cardOwner: 'Ayşe Yılmaz',
}

describe('validateCardForm', () => {
  it('a complete, valid form has no errors', () => {
    expect(validateCardForm(valid, now)).toEqual({})
  })

  it('the defaults (Formu Temizle) report every required field but the defaulted ones', () => {
    expect(validateCardForm({ ...CARD_FORM_DEFAULTS }, now)).toEqual({
      number: 'number.required',
      name: 'name.required',
      cvc: 'cvc.required',
      expiry: 'expiry.required',
      bankcode: 'bankcode.required',
      currcode: 'currcode.required',
    })
    expect(CARD_FORM_DEFAULTS).toMatchObject({ amount: '1', trxtype: 'P01', installment: '1' })
  })

  it('reports every required field when all are empty', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as unknown as CardFormValues
    const errors = validateCardForm(empty, now)
    expect(Object.values(errors).sort()).toEqual(
      ['number', 'name', 'cvc', 'expiry', 'bankcode', 'currcode', 'amount', 'installment', 'trxtype'].map((f) => `${f}.required`).sort(),
    )
  })

  it.each<[Partial<CardFormValues>, Record<string, string>]>([
    [{ number: '4256 6912 3456 7899' }, { number: 'number.invalid' }], // Luhn
    [{ number: '4256 6912 3456' }, { number: 'number.invalid' }], // too short
    [{ number: '4256x6912 3456 7898' }, { number: 'number.invalid' }],
    [{ name: 'A'.repeat(41) }, { name: 'name.tooLong' }],
    [{ name: 'Ç'.repeat(40) }, {}],
    [{ name: "O'Neil" }, { name: 'name.invalid' }],
    [{ name: '   ' }, { name: 'name.required' }],
    [{ cvc: '1234' }, { cvc: 'cvc.invalid' }], // visa takes 3
    [{ cvc: '12' }, { cvc: 'cvc.invalid' }],
    [{ cvc: '12a' }, { cvc: 'cvc.invalid' }],
    [{ number: '3782 822463 10005', cvc: '1234' }, {}], // amex takes 4
    [{ number: '3782 822463 10005', cvc: '123' }, { cvc: 'cvc.invalid' }],
    [{ expiry: '05/26' }, { expiry: 'expiry.invalid' }],
    [{ expiry: '06/26' }, {}],
    [{ expiry: '13/28' }, { expiry: 'expiry.invalid' }],
    [{ bankcode: '12345678901' }, { bankcode: 'bankcode.tooLong' }],
    [{ currcode: 'TRYTRYTRYTR' }, { currcode: 'currcode.tooLong' }],
    [{ amount: '0' }, { amount: 'amount.invalid' }],
    // issue 10 item 8 changed these two deliberately: a decimal comma gets its own message, and
    // 1,000,000 is over the 100,000.00 maximum of a test payment
    [{ amount: '12,50' }, { amount: 'amount.decimalComma' }],
    [{ amount: '1,000,000' }, { amount: 'amount.tooLarge' }],
    [{ amount: '100,000.00' }, {}],
    [{ installment: '0' }, { installment: 'installment.invalid' }],
    [{ installment: '24' }, {}],
    [{ installment: '25' }, { installment: 'installment.invalid' }],
    [{ installment: '1.5' }, { installment: 'installment.invalid' }],
    [{ trxtype: 'T02' }, {}],
    [{ trxtype: 'X99' }, { trxtype: 'trxtype.invalid' }],
    [{ paymentDay: '28' }, {}],
    [{ paymentDay: '29' }, { paymentDay: 'paymentDay.invalid' }],
    [{ paymentDay: '' }, {}],
  ])('%o -> %o', (change, expected) => {
    expect(validateCardForm({ ...valid, ...change }, now)).toEqual(expected)
  })

  it('a refused BIN check blocks the number with number.binRejected', () => {
    expect(validateCardForm(valid, now, { binCheck: { accepted: false, reason: 'debit_card' } })).toEqual({ number: 'number.binRejected' })
    expect(validateCardForm(valid, now, { binCheck: { accepted: true, entry: null } })).toEqual({})
  })

  it('every code it can return has a reference text', () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(Object.keys(valid).map((k) => [k, fc.string({ maxLength: 25 })])) as Record<keyof CardFormValues, fc.Arbitrary<string>>), (values) => {
        return Object.values(validateCardForm(values as unknown as CardFormValues, now)).every((code) => code in CARD_FORM_MESSAGES)
      }),
    )
  })
})

describe('cardFormSchema (zod/mini, message codes)', () => {
  const schema = createCardFormSchema(() => now)

  it('accepts a valid form', () => {
    expect(schema.safeParse(valid).success).toBe(true)
  })

  it('reports message codes per field, one issue per failing field', () => {
    const r = schema.safeParse({ ...valid, number: '', expiry: '01/20', cvc: '1' })
    expect(r.success).toBe(false)
    const issues = r.error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues).toEqual([
      ['number', 'number.required'],
      ['cvc', 'cvc.invalid'],
      ['expiry', 'expiry.invalid'],
    ])
  })

  it('refuses unknown keys and wrong types', () => {
    expect(schema.safeParse({ ...valid, extra: 1 }).success).toBe(false)
    expect(schema.safeParse({ ...valid, amount: 1250 }).success).toBe(false)
    expect(schema.safeParse({ ...valid, paymentConcent: true, paymentDay: '5' }).success).toBe(true)
  })

  it('the default schema reads the clock at parse time', () => {
    expect(cardFormSchema.safeParse({ ...valid, expiry: '01/99' }).success).toBe(true)
    expect(cardFormSchema.safeParse({ ...valid, expiry: '01/21' }).success).toBe(false)
  })

  it('property: never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.anything(), (v) => typeof schema.safeParse(v).success === 'boolean'))
  })
})

describe('transaction types', () => {
  it.each([
    ['P01', true, true],
    ['S01', true, false],
    ['P02', false, true],
    ['S02', false, false],
    ['T01', false, false],
    ['T02', false, false],
  ])('%s: 3-D %s, provision %s', (code, threeD, provision) => {
    expect(isThreeDTrxType(code)).toBe(threeD)
    expect(isProvisionTrxType(code)).toBe(provision)
  })
})
