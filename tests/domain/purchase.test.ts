import { describe, expect, it } from 'vitest'
import { hasBirthCover, healthAnswersProblem, insuredBirthdate, isWithinProductAges, purchasePrice, quotedPrice } from '../../src/domain/purchase.ts'
import { quoteTravel, quoteTss } from '../../src/domain/tariff.ts'

const NOW = new Date('2026-03-02T09:00:00Z')
const person = {
  firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17',
  email: 'ayse@example.com', userphone: '05321234567',
}
const policy = { questions: [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }], isotherpolicy: false, birthCollateral: false, healthdeclarationconcent: true }
const contract = (freqOfInvest: 'monthly' | 'quarterly' | 'semiannual' | 'annual', contributionAmount: number, currencyOfInvest = 'TRY') =>
  ({ personalProfile: person, pensionContract: { currencyOfInvest, freqOfInvest, contributionAmount, fundChoice: [{ code: 'KES', share: 100 }] } })

/** The amount a purchase charges (docs/decisions/purchase.md): the tariff's, computed on the server. */
describe('purchasePrice', () => {
  it('TSS: the yearly premium of the chosen outpatient option, birth cover included when declared', () => {
    const quickProfile = { gender: 'female' as const, citycode: '34', birthdate: '1990-05-17' }
    const withBirth = { ...policy, birthCollateral: true }
    const expected = quoteTss({ ...quickProfile, birthCollateral: true }, NOW)
    expect(purchasePrice('tss', { quickProfile, outpatientVisits: 8, personalProfile: person, healthPolicy: withBirth }, NOW))
      .toEqual({ ok: true, amountTry: expected.ok ? expected.options[1]!.annualTry : -1, currency: 'TRY', kind: 'policy' })
    expect(purchasePrice('tss', { quickProfile, outpatientVisits: 8, personalProfile: person, healthPolicy: { ...policy, healthdeclarationconcent: false } }, NOW))
      .toEqual({ ok: false, code: 'HEALTH_DECLARATION_REQUIRED', section: 'healthPolicy' })
    // issue 24: every health question answered, or it is not bought
    expect(purchasePrice('tss', { quickProfile, outpatientVisits: 8, personalProfile: person, healthPolicy: { ...policy, questions: policy.questions.slice(1) } }, NOW))
      .toEqual({ ok: false, code: 'HEALTH_QUESTIONS_UNANSWERED', section: 'healthPolicy' })
    // issue 21: the insured person is the profile's, whatever the quote said: a 1990-born profile is priced as such
    const insured = quoteTss(quickProfile, NOW)
    expect(purchasePrice('tss', { quickProfile: { ...quickProfile, birthdate: '1950-01-01' }, outpatientVisits: 8, personalProfile: person, healthPolicy: policy }, NOW))
      .toEqual({ ok: true, amountTry: insured.ok ? insured.options[1]!.annualTry : -1, currency: 'TRY', kind: 'policy' })
    // and a 1950-born profile is outside TSS's ages, whatever the quote said
    expect(purchasePrice('tss', { quickProfile, outpatientVisits: 8, personalProfile: { ...person, birthdate: '1950-01-01' }, healthPolicy: policy }, NOW))
      .toEqual({ ok: false, code: 'AGE_OUT_OF_RANGE', section: 'personalProfile' })
  })

  it('issue 21: a quote for a 2000-born person issued to a 1960-born one is priced for the 1960-born (TSS and travel)', () => {
    const quote = { gender: 'female' as const, citycode: '34', birthdate: '2000-05-17' }
    // birth cover ticked (the maternity cover): a woman of 65 cannot have it, so it is not priced
    const young = quoteTss({ ...quote, birthCollateral: true }, NOW)
    const old = quoteTss({ ...quote, birthdate: '1960-05-17', birthCollateral: true }, NOW)
    const data = { quickProfile: quote, outpatientVisits: 10 as const, personalProfile: { ...person, birthdate: '1960-05-17' }, healthPolicy: { ...policy, birthCollateral: true } }
    const ten = (q: typeof old) => (q.ok ? q.options.find((o) => o.visits === 10)!.annualTry : -1)
    // the figures: 30,888 TRY for the 1960-born woman in İstanbul with 10 visits, not the 2000-born's 13,878
    expect(ten(old)).toBe(30_888)
    expect(ten(young)).toBe(13_878)
    expect(purchasePrice('tss', data, NOW)).toMatchObject({ ok: true, amountTry: 30_888 })
    // before the profile: the quote's person
    expect(quotedPrice('tss', { quickProfile: quote, outpatientVisits: 10, birthCollateral: true }, NOW)).toMatchObject({ ok: true, amountTry: 13_878 })
    const plan = { birthdate: '2000-05-17', gender: 'female' as const, travelLocation: 'schengen', travelLength: 10, covid: true, coverageType: 'standard', startDate: '2026-04-01', endDate: '2026-04-10' }
    const travelOld = quoteTravel({ ...plan, birthdate: '1960-05-17', travelLocation: 'schengen', coverageType: 'standard' }, NOW)
    expect(purchasePrice('seyahatsaglik', { travelPlan: plan, personalProfile: { ...person, birthdate: '1960-05-17' } }, NOW))
      .toMatchObject({ ok: true, amountTry: travelOld.ok ? travelOld.premiumTry : -1 })
    expect(insuredBirthdate('seyahatsaglik', { travelPlan: plan })).toBe('2000-05-17')
    expect(insuredBirthdate('seyahatsaglik', { travelPlan: plan, personalProfile: person })).toBe('1990-05-17')
  })

  it.each<[string, string, boolean]>([
    // spec 5: later than 69 years ago and earlier than 15 days ago (on 2026-03-02)
    ['tss', '1957-03-03', true], ['tss', '1957-03-02', false], ['tss', '2026-02-14', true], ['tss', '2026-02-15', false],
    // adult 18-100 or child older than 15 days
    ['seyahatsaglik', '1926-03-02', true], ['seyahatsaglik', '1926-03-01', false], ['seyahatsaglik', '2026-02-14', true], ['seyahatsaglik', '2026-02-16', false],
    // early BES: anyone up to 100 (a minor with a custodian); practical BES: adults only
    ['erkenbes', '2020-01-01', true], ['erkenbes', '1926-03-01', false], ['pratikbes', '2008-03-02', true], ['pratikbes', '2008-03-03', false],
  ])('the ages of %s: born %s -> %s', (product, birthdate, ok) => {
    expect(isWithinProductAges(product as 'tss', birthdate, NOW)).toBe(ok)
  })

  it('issue 21: birth cover only for the insured person it can cover (a woman of 18-44 by the profile), whatever was ticked', () => {
    const data = (birthdate: string) => ({ quickProfile: { gender: 'female' as const, citycode: '34', birthdate: '1990-05-17' }, outpatientVisits: 10 as const, personalProfile: { ...person, birthdate }, healthPolicy: { ...policy, birthCollateral: true } })
    expect(hasBirthCover(data('1990-05-17'), NOW)).toBe(true)
    expect(hasBirthCover(data('1960-05-17'), NOW)).toBe(false)
  })

  it('issue 21: a minor\'s early BES needs the custodian before it can be bought', () => {
    const minor = { ...contract('monthly', 100), personalProfile: { ...person, birthdate: '2016-05-10' } }
    expect(purchasePrice('erkenbes', minor, NOW)).toEqual({ ok: false, code: 'SECTION_MISSING', section: 'custodianProfile' })
    expect(purchasePrice('pratikbes', { ...contract('monthly', 150), personalProfile: { ...person, birthdate: '2016-05-10' } }, NOW)).toEqual({ ok: false, code: 'AGE_OUT_OF_RANGE', section: 'personalProfile' })
  })

  it('travel: the tariff premium; an unknown region or a trip in the past is not priced', () => {
    const plan = { birthdate: '1990-05-17', gender: 'female' as const, travelLocation: 'schengen', travelLength: 10, covid: true, coverageType: 'plus', startDate: '2026-04-01', endDate: '2026-04-10' }
    const q = quoteTravel({ ...plan, travelLocation: 'schengen', coverageType: 'plus' }, NOW)
    expect(purchasePrice('seyahatsaglik', { travelPlan: plan, personalProfile: person }, NOW)).toEqual({ ok: true, amountTry: q.ok ? q.premiumTry : -1, currency: 'TRY', kind: 'policy' })
    expect(purchasePrice('seyahatsaglik', { travelPlan: { ...plan, travelLocation: 'mars' }, personalProfile: person }, NOW)).toMatchObject({ ok: false, code: 'NOT_PRICEABLE' })
    expect(purchasePrice('seyahatsaglik', { travelPlan: { ...plan, startDate: '2026-02-01', endDate: '2026-02-05' }, personalProfile: person }, NOW)).toMatchObject({ ok: false, code: 'NOT_PRICEABLE' })
  })

  it('BES: the first contribution, at least the plan minimum (early 100 TL a month, any period; practical 150 TL, monthly only)', () => {
    expect(purchasePrice('erkenbes', contract('monthly', 100), NOW)).toEqual({ ok: true, amountTry: 100, currency: 'TRY', kind: 'contract' })
    expect(purchasePrice('erkenbes', contract('monthly', 99.99), NOW)).toMatchObject({ ok: false, code: 'NOT_PRICEABLE', section: 'pensionContract' })
    expect(purchasePrice('pratikbes', contract('monthly', 149), NOW)).toMatchObject({ ok: false })
    expect(purchasePrice('pratikbes', contract('monthly', 150), NOW)).toMatchObject({ ok: true, amountTry: 150 })
    // practical BES is paid monthly only (docs/decisions/bes-purchase.md); early BES per period: 3 x 100 a quarter
    expect(purchasePrice('pratikbes', contract('quarterly', 450), NOW)).toMatchObject({ ok: false })
    expect(purchasePrice('erkenbes', contract('quarterly', 300), NOW)).toMatchObject({ ok: true, amountTry: 300 })
    expect(purchasePrice('erkenbes', contract('annual', 1199), NOW)).toMatchObject({ ok: false })
    expect(purchasePrice('erkenbes', contract('monthly', 500, 'USD'), NOW)).toMatchObject({ ok: false })
  })

  it('names the first missing section', () => {
    expect(purchasePrice('tss', {}, NOW)).toEqual({ ok: false, code: 'SECTION_MISSING', section: 'personalProfile' })
    expect(purchasePrice('tss', { personalProfile: person }, NOW)).toEqual({ ok: false, code: 'SECTION_MISSING', section: 'quickProfile' })
    expect(purchasePrice('seyahatsaglik', { personalProfile: person }, NOW)).toEqual({ ok: false, code: 'SECTION_MISSING', section: 'travelPlan' })
    expect(purchasePrice('erkenbes', { personalProfile: person }, NOW)).toEqual({ ok: false, code: 'SECTION_MISSING', section: 'pensionContract' })
  })
})

describe('instalments that add up (issue 24 item 8)', () => {
  it('13,504 in 12: the first carries the rounding, the sum is the premium to the kuruş', async () => {
    const { instalmentPlan } = await import('../../src/domain/purchase.ts')
    expect(instalmentPlan(13_504, 12)).toEqual({ count: 12, first: 1125.37, rest: 1125.33, total: 13_504 })
    for (const [total, n] of [[13_504, 12], [13_068, 9], [999.99, 7], [0.05, 6], [1250.5, 1], [100_000, 24]] as const) {
      const p = instalmentPlan(total, n)
      expect(Math.round(p.first * 100) + Math.round(p.rest * 100) * (n - 1)).toBe(Math.round(total * 100))
      expect(p.first).toBeGreaterThanOrEqual(p.rest)
      expect(Math.round((p.first - p.rest) * 100)).toBeLessThan(n)
    }
  })
})

describe('healthAnswersProblem (issue 24: the server takes a health declaration only whole)', () => {
  it('names the unanswered questions in the order asked, an unknown question, a question answered twice', () => {
    expect(healthAnswersProblem(policy)).toBeNull()
    expect(healthAnswersProblem({ questions: [{ id: 'surgery', answer: true }] })).toEqual({ kind: 'unanswered', ids: ['chronic', 'medication'] })
    expect(healthAnswersProblem(undefined)).toEqual({ kind: 'unanswered', ids: ['chronic', 'surgery', 'medication'] })
    expect(healthAnswersProblem({ questions: [...policy.questions, { id: 'smoker', answer: false }] })).toEqual({ kind: 'unknown', ids: ['smoker'] })
    expect(healthAnswersProblem({ questions: [...policy.questions, { id: 'chronic', answer: true }] })).toEqual({ kind: 'duplicate', ids: ['chronic'] })
    expect(healthAnswersProblem({ questions: [{ id: 'chronic', answer: null }, ...policy.questions.slice(1)] })).toEqual({ kind: 'unanswered', ids: ['chronic'] })
  })
})
