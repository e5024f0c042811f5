import { expect } from 'vitest'
import { tssQuickQuoteMachine } from '../../../machines/tss-quick-quote/tss-quick-quote.machine.ts'
import type { Model } from '../../support/model-test.ts'

/** The moment of every submit: ages are counted on this day. */
export const AT = '2026-03-02T09:00:00.000Z'
/** A day in 2010: the man born on 1950-01-01 was 60 then, inside the 15 days - 69 years window. */
export const AT_SIXTY = '2010-06-01T09:00:00.000Z'
export const CITIES = [{ value: '34', name: 'İstanbul' }, { value: '35', name: 'İzmir' }]

/** The profiles a visitor submits: empty, too old (76), a 25-year-old woman, the 30-year-old İstanbul man of the tariff note. */
export const PROFILES = {
  empty: { gender: '', citycode: '', birthdate: '' },
  tooOld: { gender: 'male', citycode: '34', birthdate: '1950-01-01' },
  young: { gender: 'female', citycode: '35', birthdate: '2000-06-01' },
  thirty: { gender: 'male', citycode: '34', birthdate: '1996-01-15' },
}

export const tssQuickQuoteModel: Model = {
  name: 'tss-quick-quote',
  machine: tssQuickQuoteMachine,
  events: [
    ...Object.values(PROFILES).map((p) => ({ type: 'form.submit', at: AT, ...p })),
    // the man born in 1950 on a day he was 60: quoted (his age is counted on the submit's day, never the test run's);
    // the model's alone: the browser's submit carries the real time (its driver leaves this out)
    { type: 'form.submit', at: AT_SIXTY, ...PROFILES.tooOld },
    { type: 'quote.buy', visits: 10 },
    { type: 'quote.buy', visits: 9 },
    { type: 'retry' },
  ],
  outputs: { loadCities: [CITIES] },
  // the lookup service out of reach
  errors: { loadCities: [Object.assign(new Error('x'), { kind: 'network' })] },
  // the guards read only the submitted values and whether a quote is shown
  serialize: (s) => ({ value: s.value, errors: s.context.errors, quoted: s.context.quote !== null, loadError: s.context.loadError }),
  invariants: (s) => {
    // a quote and field errors never show together
    if (s.context.quote) expect(s.context.errors).toEqual({})
  },
}
