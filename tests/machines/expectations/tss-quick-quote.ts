import { expect } from 'vitest'
import type { TssQuickQuoteContext } from '../../../machines/tss-quick-quote/tss-quick-quote.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { CATALOGUE, FIELD } from './texts.ts'
import { CITIES } from '../models/tss-quick-quote.model.ts'

const GET_QUOTE = 'Teklif Al'
const RETRY = 'Tekrar dene'
const BUY = 'Satın Al'
const AGE_RANGE = 'Tamamlayıcı sağlık sigortası 15 günlükten 69 yaşına kadar yaptırılabilir'
const TITLE = 'Tamamlayıcı Sağlık Sigortası hızlı teklif'
const PRICES = 'Size özel fiyatlar'
/** The purchase page "Satın Al" opens (tests/e2e/drivers: its own page, with the quote in the address). */
const PURCHASE_TITLE = 'Tamamlayıcı Sağlık Sigortası satın al'
const FIELD_SAYS: Record<string, string> = { requiredSelection: FIELD.requiredSelection, required: FIELD.required, date: 'Geçerli bir tarih giriniz', ageRange: AGE_RANGE }

type Submit = { gender: string; citycode: string; birthdate: string; at: string }

/** Whole years from the birth date to the day of the submit. */
function age(birthdate: string, at: string): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number]
  const now = new Date(at)
  const before = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)
  return now.getUTCFullYear() - y - (before ? 1 : 0)
}

/** The field errors of spec 3.2 (quick profile): both choices required; the birth date required and 15 days to 69 years. */
function expectedErrors(e: Submit): TssQuickQuoteContext['errors'] {
  const errors: TssQuickQuoteContext['errors'] = {}
  if (e.gender !== 'female' && e.gender !== 'male') errors.gender = 'requiredSelection'
  if (!e.citycode) errors.citycode = 'requiredSelection'
  if (!e.birthdate.trim()) errors.birthdate = 'required'
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(e.birthdate.trim())) errors.birthdate = 'date'
  else if (age(e.birthdate.trim(), e.at) > 69) errors.birthdate = 'ageRange'
  return errors
}
const hasErrors = (e: Submit) => Object.keys(expectedErrors(e)).length > 0

/** The submitted values are kept (trimmed) and the errors are exactly the spec's. */
const showsErrors = (c: TssQuickQuoteContext, _p: TssQuickQuoteContext, e: Submit) => {
  expect(c.values).toEqual({ gender: e.gender, citycode: e.citycode, birthdate: e.birthdate.trim() })
  expect(c.errors).toEqual(expectedErrors(e))
  expect(c.quote).toBeNull()
}
/** Inpatient-only cover and 8, 10, 12 outpatient visits, each priced. */
const showsQuote = (c: TssQuickQuoteContext, _p: TssQuickQuoteContext, e: Submit) => {
  expect(c.values).toEqual({ gender: e.gender, citycode: e.citycode, birthdate: e.birthdate.trim() })
  expect(c.errors).toEqual({})
  expect(c.quote!.options.map((o) => o.visits)).toEqual([0, 8, 10, 12])
  for (const o of c.quote!.options) {
    expect(o.annualTry).toBeGreaterThan(0)
    // 12 monthly instalments of whole kuruş adding up to the annual premium, the first carrying the rounding (issue 24 item 8)
    const kurus = Math.round(o.annualTry * 100)
    const rest = Math.floor(kurus / 12)
    expect(o.monthly).toEqual({ count: 12, first: (kurus - 11 * rest) / 100, rest: rest / 100, total: kurus / 100 })
  }
  // the 30-year-old İstanbul man's 10-visit price (docs/decisions/tariff.md): 13,068 TRY a year
  if (e.gender === 'male' && e.citycode === '34' && e.birthdate === '1996-01-15') {
    expect(c.quote!.options[2]!.annualTry).toBe(13068)
    expect(c.quote!.options[2]!.monthly).toEqual({ count: 12, first: 1089, rest: 1089, total: 13068 })
  }
}

const anySubmit = { type: 'form.submit', at: '2026-03-02T09:00:00.000Z', gender: 'male', citycode: '34', birthdate: '1996-01-15' }

/** The TSS quick quote (spec 3.2, issue 15), written apart from machines/tss-quick-quote. */
export const tssQuickQuoteExpectations: Expectations<TssQuickQuoteContext> = {
  states: {
    loadingCities: {
      words: { tr: 'iller yükleniyor', en: 'the provinces are loading' },
      screen: { headings: [TITLE], enabled: [GET_QUOTE], absent: [RETRY, PRICES, CATALOGUE.NETWORK] },
      sameScreenAs: { state: 'editing', why: 'the provinces load under a form that is already there: only the province list is still empty' },
      tags: { busy: true },
      context: (c) => expect(c.quote).toBeNull(),
      ignores: [anySubmit, { type: 'retry' }, { type: 'quote.buy', visits: 10 }],
    },
    loadFailed: {
      words: { tr: 'iller yüklenemedi, "Tekrar dene" görünür', en: 'the provinces failed to load, "Tekrar dene" shows' },
      screen: { headings: [TITLE], enabled: [RETRY], absent: [PRICES] },
      tags: { busy: false },
      context: (c) => expect(c.loadError).toBeTruthy(),
      ignores: [anySubmit, { type: 'quote.buy', visits: 10 }],
    },
    editing: {
      words: { tr: 'hızlı profil formu açık', en: 'the quick profile form is open' },
      screen: (c) => ({ headings: [TITLE], enabled: [GET_QUOTE], absent: [BUY, PRICES, RETRY, ...(c.errors.birthdate === 'ageRange' ? [] : [AGE_RANGE])] }),
      tags: { busy: false },
      context: (c) => {
        expect(c.cities).toEqual(CITIES)
        expect(c.quote).toBeNull()
      },
      ignores: [{ type: 'quote.buy', visits: 10 }, { type: 'retry' }],
    },
    quoted: {
      words: { tr: 'dört seçeneğin yıllık ve aylık primi görünür', en: 'the yearly and monthly premium of the four options shows' },
      // "Satın Al" is a link per option (it opens in a new tab too); a plain click takes quote.buy
      screen: { headings: [TITLE, PRICES], texts: [BUY], enabled: [GET_QUOTE] },
      tags: { busy: false },
      context: (c) => {
        expect(c.errors).toEqual({})
        expect(c.quote!.options.map((o) => o.visits)).toEqual([0, 8, 10, 12])
      },
      // 9 visits is not one of the offered options
      ignores: [{ type: 'quote.buy', visits: 9 }, { type: 'retry' }],
    },
    buying: {
      words: { tr: 'seçilen seçenekle satın alma sayfasına geçilir', en: 'on to the purchase page with the chosen option' },
      screen: { headings: [PURCHASE_TITLE] },
      context: (c, s) => {
        expect(s.status).toBe('done')
        expect(s.output).toEqual({ values: c.values, visits: c.chosen })
      },
    },
  },
  rules: [
    { name: 'the provinces arrive: the form opens (a failure before is forgotten)', from: 'loadingCities', event: 'xstate.done.actor.loadCities', to: 'editing',
      changes: { cities: CITIES, loadError: null } },
    { name: 'the provinces fail to load: a retry is offered', from: 'loadingCities', event: 'xstate.error.actor.loadCities', to: 'loadFailed',
      then: (c) => expect(c.loadError).toBe('NETWORK') },
    // the old failure does not stay on screen while they load again
    { name: 'retry loads the provinces again, the failure forgotten', from: 'loadFailed', event: 'retry', to: 'loadingCities', changes: { loadError: null } },
    { name: 'a profile with problems shows them on the form', from: 'editing', event: 'form.submit', when: (_c, e) => hasErrors(e), to: 'editing', then: showsErrors },
    { name: 'a complete profile is quoted', from: 'editing', event: 'form.submit', when: (_c, e) => !hasErrors(e), to: 'quoted', then: showsQuote },
    { name: 'a changed profile with problems hides the quote', from: 'quoted', event: 'form.submit', when: (_c, e) => hasErrors(e), to: 'editing', then: showsErrors },
    { name: 'a changed complete profile is quoted again', from: 'quoted', event: 'form.submit', when: (_c, e) => !hasErrors(e), to: 'quoted', then: showsQuote },
    { name: 'buying an offered option ends the flow with it', from: 'quoted', event: 'quote.buy', when: (_c, e) => [0, 8, 10, 12].includes(e.visits), to: 'buying',
      then: (c, p, e, s) => {
        expect(c.chosen).toBe(e.visits)
        expect(s.output).toEqual({ values: p.values, visits: e.visits })
      } },
  ],
  // each field's problem under it (spec 5); the provinces that failed to load say so (spec 8)
  errorText: (c) => (c.loadError ? [CATALOGUE.NETWORK] : Object.keys(c.errors).length ? Object.values(c.errors).map((code) => FIELD_SAYS[code as string]!) : null),
  // the provinces of Türkiye: the flow asks the lookup service for TR's
  inputs: { loadCities: () => undefined },
  initial: (c) => expect(c).toEqual({ cities: [], values: { gender: '', citycode: '', birthdate: '' }, errors: {}, quote: null, loadError: null, chosen: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; gender?: string; citycode?: string; birthdate?: string; visits?: number }
    if (e.type === 'form.submit') {
      const v = `${ev.gender || '-'}, ${ev.citycode || '-'}, ${ev.birthdate || '-'}`
      return { tr: `ziyaretçi "${GET_QUOTE}" düğmesine basar (${v})`, en: `the visitor presses "${GET_QUOTE}" (${v})` }
    }
    if (e.type === 'quote.buy') return { tr: `ziyaretçi ${ev.visits} ayakta tedavili seçeneği satın alır`, en: `the visitor buys the option with ${ev.visits} outpatient visits` }
    if (e.type === 'retry') return { tr: `ziyaretçi "${RETRY}" düğmesine basar`, en: `the visitor presses "${RETRY}"` }
    if (e.type.startsWith('xstate.done')) return { tr: 'iller gelir', en: 'the provinces arrive' }
    if (e.type.startsWith('xstate.error')) return { tr: 'iller yüklenemez (NETWORK)', en: 'the provinces fail to load (NETWORK)' }
    return { tr: e.type, en: e.type }
  },
}
