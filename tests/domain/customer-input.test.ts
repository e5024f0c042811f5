import { describe, expect, it } from 'vitest'
import { contractErrors, participantErrors, toContract, toParticipant } from '../../src/domain/bes-forms.ts'
import { normalizeNationalId, normalizePersonValues, parseLira } from '../../src/domain/customer-input.ts'
import { isValidCustomerName, isValidPersonName } from '../../src/domain/names.ts'
import { personalProfileSchema } from '../../src/domain/schemas/sales.ts'

/** Forgiving input on the sales forms (issue 24 item 7). */
describe('a customer\'s name', () => {
  it.each([
    ['Çağlar-Öztürk', true], ['Ayşe Gül', true], ['Mary-Jane Watson', true], ['', true],
    ['-Öztürk', false], ['Çağlar-', false], ['Çağlar--Öztürk', false], ["O'Neil", false], ['Ali3', false], ['Ali.', false],
  ])('%j -> %s', (value, ok) => {
    expect(isValidCustomerName(value)).toBe(ok)
  })
  it('keeps the spec 5 check for staff and card holders: a hyphen is refused there', () => {
    expect(isValidPersonName('Çağlar-Öztürk')).toBe(false)
  })
  it('the spec 3.2 profile takes a hyphenated surname; spaces around the hyphen are tidied away', () => {
    const values = normalizePersonValues({ firstname: '  Ayşe ', lastname: 'Çağlar - Öztürk', nationalId: '100 000 001 46', nationality: 'TR', birthdate: '1990-05-17', email: ' ayse@example.com ', userphone: '05321234567' })
    expect(values).toMatchObject({ firstname: 'Ayşe', lastname: 'Çağlar-Öztürk', nationalId: '10000000146', email: 'ayse@example.com' })
    expect(personalProfileSchema.safeParse(values).success).toBe(true)
  })
})

describe('a pasted T.C. Kimlik No', () => {
  it.each([
    ['100 000 001 46', '10000000146'], ['100-000-001-46', '10000000146'], ['100.000.001.46', '10000000146'], ['\u00a010000000146 ', '10000000146'],
  ])('%j -> %j', (typed, id) => {
    expect(normalizeNationalId('TR', typed)).toBe(id)
  })
  it('a passport number loses its spaces and is upper-cased', () => {
    expect(normalizeNationalId('DE', 'c01x 00t47')).toBe('C01X00T47')
  })
  it('a Turkish citizen\'s passport number (travel, issue 24 item 5) is tidied the same way and checked: 5-20 letters or digits', () => {
    const base = { firstname: 'Ayşe', lastname: 'Yılmaz', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17', email: 'a@example.com', userphone: '05321234567' }
    const values = normalizePersonValues({ ...base, passportno: ' u 1234-5678 ' })
    expect(values.passportno).toBe('U12345678')
    expect(personalProfileSchema.safeParse(values).success).toBe(true)
    for (const bad of ['AB1', 'U1234567890123456789X', 'U1234_567']) {
      const r = personalProfileSchema.safeParse({ ...base, passportno: bad })
      expect(r.success).toBe(false)
      expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['passportno', 'passportno.invalid']])
    }
  })
  it('an empty first name on the BES form is "required", not "invalid" (the words say "Ad girmelisiniz")', () => {
    const values = { firstname: '  ', lastname: 'Yılmaz', nationality: 'TR', nationalId: '10000000146', birthdate: '1990-05-17', email: 'a@example.com', userphone: '05321234567', fathername: 'Ali', mothername: 'Fatma', birthplace: 'Ankara', idserialno: 'A12B34567', education: 'bachelor', socialsecurity: '4a' }
    expect(participantErrors('pratikbes', values, '2026-03-02T09:00:00.000Z')).toEqual({ firstname: 'required' })
  })
  it('the BES participant form accepts it and keeps the 11 digits', () => {
    const values = { firstname: 'Ayşe', lastname: 'Çağlar-Öztürk', nationality: 'TR', nationalId: '100 000 001 46', birthdate: '1990-05-17', email: 'a@example.com', userphone: '05321234567', fathername: 'Ali', mothername: 'Fatma', birthplace: 'Ankara', idserialno: 'A12B34567', education: 'bachelor', socialsecurity: '4a' }
    expect(participantErrors('pratikbes', values, '2026-03-02T09:00:00.000Z')).toEqual({})
    expect(toParticipant(values)).toMatchObject({ nationalId: '10000000146', lastname: 'Çağlar-Öztürk' })
  })
})

describe('a contribution typed the Turkish way', () => {
  it.each([
    ['1.250,50', 1250.5], ['1250,50', 1250.5], ['1250.50', 1250.5], ['1.250', 1250], ['12.500.000', 12_500_000], ['1 250,5', 1250.5],
    ['₺1.250,50', 1250.5], ['1250 TL', 1250], ['250', 250], ['0,5', 0.5], ['12.5', 12.5],
  ])('%j -> %s', (typed, amount) => {
    expect(parseLira(typed)).toBe(amount)
  })
  it.each(['12,5,0', '1.25.0', '1,250.50', '-5', '1e3', '1,234', '', 'abc', '1.2345'])('%j is refused', (typed) => {
    expect(parseLira(typed)).toBeNull()
  })
  it('the BES contract step takes "1.250,50" and keeps 1250.5', () => {
    const v = { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: '1.250,50', fundChoice: [{ code: 'KES', share: 100 }] }
    expect(contractErrors('pratikbes', v)).toEqual({})
    expect(toContract(v).contributionAmount).toBe(1250.5)
  })
})
