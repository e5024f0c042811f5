import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  buildGatewayPayload, custodianProfileSchema, gatewayPayloadSchema, healthPolicySchema, informationProfileSchema,
  legalPermissionSchema, payerProfileSchema, pensionContractSchema, personalProfileSchema, quickProfileSchema, travelPlanSchema,
  isBankGateUrl, PAYMENT_AMOUNT_MAX, type CardFormValues,
} from '../../src/domain/index.ts'

const person = {
  firstname: 'Ayşe',
  lastname: 'Yılmaz',
  nationalId: '10000000146',
  nationality: 'TR',
  birthdate: '1990-04-01',
  email: 'ayse@example.com',
  userphone: '0532 123 45 67',
  gdprconcent: ['sms', 'email'],
  gdprtextread: true,
}

const codes = (r: { success: boolean; error?: { issues: readonly { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? []

describe('sales payload schemas (strict)', () => {
  it('personal profile: valid, with legalparent; unknown keys refused', () => {
    expect(personalProfileSchema.safeParse(person).success).toBe(true)
    expect(personalProfileSchema.safeParse({ ...person, legalparent: 'anne' }).success).toBe(true)
    expect(personalProfileSchema.safeParse({ ...person, isAdmin: true }).success).toBe(false)
  })

  it.each<[Record<string, unknown>, string]>([
    [{ nationalId: '10000000145' }, 'nationalId.invalid'],
    [{ nationality: 'DE', nationalId: 'C01X00T47' }, ''],
    [{ nationality: 'DE', nationalId: 'x' }, 'nationalId.invalid'],
    [{ firstname: "O'Neil" }, 'firstname.invalid'],
    [{ firstname: '' }, 'firstname.required'],
    [{ birthdate: '1990-02-30' }, 'birthdate.invalid'],
    [{ userphone: '0212 123 45 67' }, 'userphone.invalid'],
    [{ email: 'not-an-email' }, 'email.invalid'],
  ])('personal profile %o -> %s', (change, code) => {
    const r = personalProfileSchema.safeParse({ ...person, ...change })
    expect(r.success).toBe(code === '')
    if (code) expect(codes(r)).toContain(code)
  })

  it('custodian and payer: no legalparent, plus planchoice', () => {
    expect(custodianProfileSchema.safeParse({ ...person, planchoice: 'erkenbes' }).success).toBe(true)
    expect(payerProfileSchema.safeParse({ ...person, legalparent: 'anne' }).success).toBe(false)
  })

  it('information profile: identity core, consents, legalparent only', () => {
    const { email: _e, userphone: _p, gdprtextread: _g, ...core } = person
    expect(informationProfileSchema.safeParse({ ...core, legalparent: 'baba' }).success).toBe(true)
    expect(informationProfileSchema.safeParse({ ...core, email: 'a@b.co' }).success).toBe(false)
  })

  it('pension contract', () => {
    const c = { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: 1000, fundChoice: [{ code: 'KES', share: 60 }, { code: 'KEA', share: 40 }] }
    expect(pensionContractSchema.safeParse(c).success).toBe(true)
    expect(pensionContractSchema.safeParse({ ...c, contributionAmount: 0 }).success).toBe(false)
    expect(pensionContractSchema.safeParse({ ...c, freqOfInvest: 'daily' }).success).toBe(false)
    // the fund distribution: well-formed fund codes, whole percentages, 100 in all; which funds are
    // offered is the tariff version's (issue 24: a purchase refuses a fund its version does not offer,
    // tests/domain/tariff-version.test.ts)
    expect(codes(pensionContractSchema.safeParse({ ...c, fundChoice: [{ code: 'KES', share: 60 }, { code: 'KEA', share: 30 }] }))).toContain('fundChoice.invalid')
    expect(pensionContractSchema.safeParse({ ...c, fundChoice: [{ code: 'XXX', share: 100 }] }).success).toBe(true)
    expect(pensionContractSchema.safeParse({ ...c, fundChoice: [{ code: 'faiz', share: 100 }] }).success).toBe(false)
    expect(pensionContractSchema.safeParse({ ...c, fundChoice: [{ code: 'KES', share: 50 }, { code: 'KES', share: 50 }] }).success).toBe(false)
    expect(pensionContractSchema.safeParse({ ...c, fundChoice: 'KES' }).success).toBe(false)
  })

  it('health policy: another policy needs its company and number', () => {
    const h = { questions: [{ id: 'q1', answer: false }], isotherpolicy: false, birthCollateral: true, healthdeclarationconcent: true }
    expect(healthPolicySchema.safeParse(h).success).toBe(true)
    expect(codes(healthPolicySchema.safeParse({ ...h, isotherpolicy: true }))).toContain('otherpolicy.required')
    expect(healthPolicySchema.safeParse({ ...h, isotherpolicy: true, othercompany: 'X Sigorta', otherpolicyno: '123', otherpolicyenddate: '2026-12-31' }).success).toBe(true)
  })

  it('quick profile and travel plan', () => {
    expect(quickProfileSchema.safeParse({ gender: 'female', citycode: '34', birthdate: '1990-01-01' }).success).toBe(true)
    expect(quickProfileSchema.safeParse({ gender: 'x', citycode: '34', birthdate: '1990-01-01' }).success).toBe(false)
    const t = { birthdate: '1990-01-01', gender: 'male', travelLocation: 'schengen', travelLength: 10, covid: true, coverageType: 'standard', startDate: '2026-07-01', endDate: '2026-07-10' }
    expect(travelPlanSchema.safeParse(t).success).toBe(true)
    expect(codes(travelPlanSchema.safeParse({ ...t, endDate: '2026-06-30' }))).toContain('endDate.beforeStart')
    expect(travelPlanSchema.safeParse({ ...t, travelLength: 1.5 }).success).toBe(false)
  })

  it('legal permission record', () => {
    const l = { name: 'KVKK Aydınlatma Metni', status: 'APPROVED', documentId: 'DOC-1', scope: 'sales', partyId: 'P-42', ticket: 'T-1' }
    expect(legalPermissionSchema.safeParse(l).success).toBe(true)
    expect(legalPermissionSchema.safeParse({ ...l, partyId: '' }).success).toBe(false)
    // the proof that the sender is the applicant (issue 28): the verified phone's ticket, required
    const { ticket: _ticket, ...withoutTicket } = l
    expect(legalPermissionSchema.safeParse(withoutTicket).success).toBe(false)
    expect(legalPermissionSchema.safeParse({ ...l, ticket: '' }).success).toBe(false)
    // the party is optional (the server takes the application's person)
    const { partyId: _party, ...withoutParty } = l
    expect(legalPermissionSchema.safeParse(withoutParty).success).toBe(true)
    expect(legalPermissionSchema.safeParse({ ...l, extra: 'x' }).success).toBe(false)
  })

  it('property: no schema throws on arbitrary input', () => {
    const schemas = [personalProfileSchema, custodianProfileSchema, informationProfileSchema, pensionContractSchema, healthPolicySchema, quickProfileSchema, travelPlanSchema, legalPermissionSchema, gatewayPayloadSchema]
    fc.assert(fc.property(fc.anything(), (v) => schemas.every((s) => typeof s.safeParse(v).success === 'boolean')))
  })
})

describe('gateway payload (spec 7.4)', () => {
  const form: CardFormValues = {
    number: '4256 6912 3456 7898', name: ' Ayşe Yılmaz ', cvc: '123', expiry: '12 / 28', bankcode: '0046', currcode: 'TRY',
    amount: '1,250.50', trxtype: 'P01', installment: '3', cardtype: 'visa', cardOwner: '',
  }
  const options = { okUrl: 'https://example.com/result/success', failUrl: 'https://example.com/result/error' }

  it('builds the payload: digits only, MMYY, number amount, integer installment, nulls (the order id too: the server issues it)', () => {
    expect(buildGatewayPayload(form, options)).toEqual({
      servicingBank: '0046', payway: 'CC', orderId: null, amount: 1250.5, currency: 'TRY',
      ccNumber: '4256691234567898', expireDate: '1228', cvv: '123', customerName: 'Ayşe Yılmaz', installment: 3,
      inquiryValue: null, span: null, OkUrl: 'https://example.com/result/success', FailUrl: 'https://example.com/result/error',
    })
  })

  it.each<[Partial<CardFormValues>, Partial<typeof options>]>([
    [{ amount: 'abc' }, {}],
    [{ expiry: '13/28' }, {}],
    [{ installment: '25' }, {}],
    [{}, { okUrl: 'javascript:alert(1)' }],
  ])('null when invalid: %o %o', (change, opt) => {
    expect(buildGatewayPayload({ ...form, ...change }, { ...options, ...opt })).toBeNull()
  })

  it('the schema refuses a slash in expireDate, spaces in ccNumber, a string amount and another payway', () => {
    const p = buildGatewayPayload(form, options)
    expect(p).not.toBeNull()
    // an order id of the browser's is refused (issue 21): spec 9's ids are the server's
    for (const change of [{ expireDate: '12/28' }, { ccNumber: '4256 6912 3456 7898' }, { amount: '1250.50' }, { payway: 'EFT' }, { amount: 1.234 }, { span: '' }, { orderId: 'KEM20260615425669123' }]) {
      expect(gatewayPayloadSchema.safeParse({ ...p, ...change }).success).toBe(false)
    }
  })
})

describe('isBankGateUrl (where a 3-D form may be posted)', () => {
  it.each<[string, boolean]>([
    ['https://bank.example/fim/est3Dgate', true],
    ['http://127.0.0.1:4100/fim/est3Dgate', true],
    ['http://localhost:4100/fim/est3Dgate', true],
    ['http://[::1]:4100/x', true],
    ['http://bank.example/fim/est3Dgate', false],
    ['http://127.0.0.1.evil.example/x', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s -> %s', (url, ok) => {
    expect(isBankGateUrl(url)).toBe(ok)
  })
})

describe('gateway payload amount limit (issue 10 item 8)', () => {
  const base = {
    servicingBank: '0046', payway: 'CC', orderId: null, currency: 'TRY', ccNumber: '4256691234567898', expireDate: '1228',
    cvv: '123', customerName: 'Ayşe Yılmaz', installment: 1, inquiryValue: null, span: null,
    OkUrl: 'https://example.com/result/success', FailUrl: 'https://example.com/result/error',
  }
  it.each<[number, boolean]>([[PAYMENT_AMOUNT_MAX, true], [PAYMENT_AMOUNT_MAX + 0.01, false], [1e9, false], [0.01, true], [-5, false]])('%d -> %s', (amount, ok) => {
    expect(gatewayPayloadSchema.safeParse({ ...base, amount }).success).toBe(ok)
  })
})
