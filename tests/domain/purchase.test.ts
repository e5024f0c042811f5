import { describe, expect, it } from 'vitest'
import { purchasePrice } from '../../src/domain/purchase.ts'
import { quoteTravel, quoteTss } from '../../src/domain/tariff.ts'

const NOW = new Date('2026-03-02T09:00:00Z')
const person = {
  firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17',
  email: 'ayse@example.com', userphone: '05321234567',
}
const policy = { questions: [], isotherpolicy: false, birthCollateral: false, healthdeclarationconcent: true }
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
    expect(purchasePrice('tss', { quickProfile: { ...quickProfile, birthdate: '1950-01-01' }, outpatientVisits: 8, personalProfile: person, healthPolicy: policy }, NOW))
      .toMatchObject({ ok: false, code: 'NOT_PRICEABLE' })
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
