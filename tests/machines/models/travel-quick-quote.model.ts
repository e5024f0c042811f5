import { expect } from 'vitest'
import { travelQuickQuoteMachine } from '../../../machines/travel-quick-quote/travel-quick-quote.machine.ts'
import type { Model } from '../../support/model-test.ts'

/** The moment of every submit (12:00 in İstanbul on 2 March 2026): ages and trip dates are counted on this day. */
export const AT = '2026-03-02T09:00:00.000Z'
/** A 30-year-old woman's week in the Schengen area, standard cover. */
export const PLAN = { birthdate: '1996-01-15', gender: 'female', travelLocation: 'schengen', coverageType: 'standard', covid: false, startDate: '2026-04-01', endDate: '2026-04-07' }

/**
 * The plans a visitor submits: each has at most one problem, so the expected error is unambiguous.
 * The empty form keeps the region and cover level: their selects always hold one of their options.
 */
export const PLANS = {
  empty: { ...PLAN, birthdate: '', gender: '', startDate: '', endDate: '' },
  endBeforeStart: { ...PLAN, endDate: '2026-03-30' },
  startInPast: { ...PLAN, startDate: '2026-02-20', endDate: '2026-02-25' },
  tooLong: { ...PLAN, endDate: '2027-05-01' },
  tooOld: { ...PLAN, birthdate: '1920-01-01' },
  week: PLAN,
  worldwideMonth: { ...PLAN, travelLocation: 'worldwide', coverageType: 'premium', covid: true, birthdate: '1955-06-01', endDate: '2026-04-30' },
}

export const travelQuickQuoteModel: Model = {
  name: 'travel-quick-quote',
  machine: travelQuickQuoteMachine,
  events: [...Object.values(PLANS).map((p) => ({ type: 'form.submit', at: AT, ...p })), { type: 'quote.buy' }],
  // the guard reads only the event; the state and the field errors tell the screens apart
  serialize: (s) => ({ value: s.value, errors: s.context.errors }),
  invariants: (s) => {
    // a price and field errors never show together
    if (s.context.quote) expect(s.context.errors).toEqual({})
  },
}
