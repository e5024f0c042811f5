import { expect } from 'vitest'
import type { TravelQuickQuoteContext } from '../../../machines/travel-quick-quote/travel-quick-quote.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { FIELD } from './texts.ts'

const GET_QUOTE = 'Teklif Al'
const BUY = 'Satın Al'
const PRICE = 'Poliçe fiyatınız'
const SCHENGEN = 'Schengen vizesi için gereken en az €30.000 teminatı karşılar.'
const TITLE = 'Seyahat Sağlık Sigortası hızlı teklif'
/** The purchase page "Satın Al" opens (tests/e2e/drivers: its own page, with the plan in the address). */
const PURCHASE_TITLE = 'Seyahat Sağlık Sigortası satın al'
const FIELD_SAYS: Record<string, string> = {
  required: FIELD.required, requiredSelection: FIELD.requiredSelection, date: 'Geçerli bir tarih giriniz',
  ageRange: 'Seyahat sağlık sigortası 15 günlükten 100 yaşına kadar yaptırılabilir', startInPast: 'Gidiş tarihi bugünden önce olamaz',
  startTooFar: 'Poliçe en fazla 180 gün sonrası için alınabilir', endBeforeStart: 'Dönüş tarihi gidiş tarihinden önce olamaz', tooLong: 'Seyahat en fazla 365 gün olabilir',
}

type Submit = {
  at: string; birthdate: string; gender: string; travelLocation: string; coverageType: string; covid: boolean; startDate: string; endDate: string
}

const DAY = 86_400_000
const ISO = /^\d{4}-\d{2}-\d{2}$/
const utc = (d: string) => Date.parse(`${d}T00:00:00Z`)

/**
 * The field errors of spec 3.2 (travel plan) and spec 5: dates and choices required; the insured
 * 15 days to 100 years old; the trip starts today at the earliest and within 180 days, ends on or
 * after its start and lasts at most 365 days. One tariff problem is shown at a time.
 */
function expectedErrors(e: Submit): TravelQuickQuoteContext['errors'] {
  const errors: TravelQuickQuoteContext['errors'] = {}
  for (const f of ['birthdate', 'startDate', 'endDate'] as const) {
    if (!e[f].trim()) errors[f] = 'required'
    else if (!ISO.test(e[f].trim())) errors[f] = 'date'
  }
  if (e.gender !== 'female' && e.gender !== 'male') errors.gender = 'requiredSelection'
  if (!['schengen', 'worldwideExclUsCa', 'worldwide'].includes(e.travelLocation)) errors.travelLocation = 'requiredSelection'
  if (!['standard', 'plus', 'premium'].includes(e.coverageType)) errors.coverageType = 'requiredSelection'
  if (Object.keys(errors).length) return errors
  const today = utc(e.at.slice(0, 10))
  const years = (today - utc(e.birthdate)) / (365.25 * DAY)
  const start = utc(e.startDate)
  const end = utc(e.endDate)
  if (years > 100) return { birthdate: 'ageRange' }
  if (start < today) return { startDate: 'startInPast' }
  if (start > today + 180 * DAY) return { startDate: 'startTooFar' }
  if (end < start) return { endDate: 'endBeforeStart' }
  if ((end - start) / DAY + 1 > 365) return { endDate: 'tooLong' }
  return {}
}
const quotable = (e: Submit) => Object.keys(expectedErrors(e)).length === 0
const valuesOf = (e: Submit) => ({
  birthdate: e.birthdate.trim(), gender: e.gender, travelLocation: e.travelLocation, coverageType: e.coverageType,
  covid: e.covid, startDate: e.startDate.trim(), endDate: e.endDate.trim(),
})

const showsErrors = (c: TravelQuickQuoteContext, _p: TravelQuickQuoteContext, e: Submit) => {
  expect(c.values).toEqual(valuesOf(e))
  expect(c.errors).toEqual(expectedErrors(e))
  expect(c.quote).toBeNull()
}
/** The price of docs/decisions/tariff.md: a Schengen week at standard cover 450 TRY; 30 days worldwide, premium, covid, aged 70: 10,226 TRY. */
const showsQuote = (c: TravelQuickQuoteContext, _p: TravelQuickQuoteContext, e: Submit) => {
  expect(c.values).toEqual(valuesOf(e))
  expect(c.errors).toEqual({})
  expect(c.quote!.days).toBe((utc(e.endDate) - utc(e.startDate)) / DAY + 1)
  expect(c.quote!.meetsSchengenVisa).toBe(true)
  expect(c.quote!.premiumTry).toBe(e.travelLocation === 'schengen' ? 450 : 10226)
}

/** The travel health quick quote (spec 3.2, issue 15), written apart from machines/travel-quick-quote. */
export const travelQuickQuoteExpectations: Expectations<TravelQuickQuoteContext> = {
  states: {
    editing: {
      words: { tr: 'seyahat planı formu açık', en: 'the travel plan form is open' },
      screen: { headings: [TITLE], enabled: [GET_QUOTE], absent: [PRICE, BUY] },
      context: (c) => expect(c.quote).toBeNull(),
      // nothing to buy before a price shows
      ignores: [{ type: 'quote.buy' }],
    },
    quoted: {
      words: { tr: 'poliçe fiyatı ve Schengen notu görünür', en: 'the policy price and the Schengen note show' },
      // "Satın Al" is a link (it opens in a new tab too); a plain click takes quote.buy
      screen: { headings: [TITLE, PRICE], texts: [SCHENGEN, BUY], enabled: [GET_QUOTE] },
      context: (c) => {
        expect(c.errors).toEqual({})
        expect(c.quote!.premiumTry).toBeGreaterThan(0)
      },
    },
    buying: {
      words: { tr: 'plan ile satın alma sayfasına geçilir', en: 'on to the purchase page with the plan' },
      screen: { headings: [PURCHASE_TITLE] },
      context: (c, s) => {
        expect(s.status).toBe('done')
        expect(s.output).toEqual({ values: c.values })
        expect(c.values.travelLocation).toBeTruthy()
      },
    },
  },
  rules: [
    { name: 'a plan with a problem shows it on its field', from: 'editing', event: 'form.submit', when: (_c, e) => !quotable(e), to: 'editing', then: showsErrors },
    { name: 'a sound plan is priced', from: 'editing', event: 'form.submit', when: (_c, e) => quotable(e), to: 'quoted', then: showsQuote },
    { name: 'a changed plan with a problem hides the price', from: 'quoted', event: 'form.submit', when: (_c, e) => !quotable(e), to: 'editing', then: showsErrors },
    { name: 'a changed sound plan is priced again', from: 'quoted', event: 'form.submit', when: (_c, e) => quotable(e), to: 'quoted', then: showsQuote },
    { name: 'buying ends the flow with the priced plan', from: 'quoted', event: 'quote.buy', to: 'buying',
      then: (c, p, _e, s) => expect(s.output).toEqual({ values: p.values }) },
  ],
  inputs: {},
  // each field's problem under it (spec 5, the tariff's limits)
  errorText: (c) => (Object.keys(c.errors).length ? Object.values(c.errors).map((code) => FIELD_SAYS[code as string]!) : null),
  // the form opens on the Schengen area at standard cover (their selects always hold an option), covid cover off
  initial: (c) => expect(c).toEqual({
    values: { birthdate: '', gender: '', travelLocation: 'schengen', coverageType: 'standard', covid: false, startDate: '', endDate: '' }, errors: {}, quote: null,
  }),
  describeEvent: (e) => {
    const ev = e as unknown as Submit & { type: string }
    if (e.type === 'form.submit') {
      const v = [ev.birthdate, ev.gender, ev.travelLocation, ev.coverageType, ev.covid ? 'covid' : '', `${ev.startDate}..${ev.endDate}`].filter(Boolean).join(', ')
      return { tr: `ziyaretçi "${GET_QUOTE}" düğmesine basar (${v})`, en: `the visitor presses "${GET_QUOTE}" (${v})` }
    }
    if (e.type === 'quote.buy') return { tr: `ziyaretçi "${BUY}" düğmesine basar`, en: `the visitor presses "${BUY}"` }
    return { tr: e.type, en: e.type }
  },
}
