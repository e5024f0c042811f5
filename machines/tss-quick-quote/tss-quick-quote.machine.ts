import { assign, setup } from 'xstate'
import { toCalendarDate } from '../../src/domain/dates.ts'
import { monthlyPlan, type InstalmentPlan } from '../../src/domain/instalments.ts'
import { quoteTss, type Gender, type OutpatientVisits, type TssQuote } from '../../src/domain/tariff.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'
import { TSS_QUICK_QUOTE_START } from './tss-quick-quote.start.ts'

/**
 * The health insurance quick quote (`/urunler/market/tsshizliteklif`, spec 3.2 quick profile):
 * gender, city and birth date in; the yearly and monthly premium of inpatient-only cover and of
 * 8, 10 and 12 outpatient visits out (src/domain/tariff.ts). The provinces come from the lookup
 * service. `quote.buy` ends the flow with the chosen option, for the purchase page.
 */
export type City = { value: string; name: string }
export type QuickProfileValues = { gender: string; citycode: string; birthdate: string }
export type QuickFieldError = 'requiredSelection' | 'required' | 'date' | 'ageRange'
type PricedQuote = Extract<TssQuote, { ok: true }>
/** A quote whose options carry their annual premium split into the 12 monthly instalments the page shows (the view only words them). */
export type QuoteWithInstalments = Omit<PricedQuote, 'options'> & { options: Array<PricedQuote['options'][number] & { monthly: InstalmentPlan }> }
export type TssQuickQuoteContext = {
  cities: City[]
  values: QuickProfileValues
  errors: Partial<Record<keyof QuickProfileValues, QuickFieldError>>
  quote: QuoteWithInstalments | null
  loadError: string | null
  chosen: OutpatientVisits | 0 | null
}
/** `at` is the moment of the submit (ISO): ages are counted on that day. */
export type TssQuickQuoteEvent =
  | ({ type: 'form.submit'; at: string } & QuickProfileValues)
  | { type: 'quote.buy'; visits: OutpatientVisits | 0 }
  | { type: 'retry' }

function fieldErrors(e: QuickProfileValues & { at: string }): TssQuickQuoteContext['errors'] {
  const errors: TssQuickQuoteContext['errors'] = {}
  if (e.gender !== 'female' && e.gender !== 'male') errors.gender = 'requiredSelection'
  if (!e.citycode) errors.citycode = 'requiredSelection'
  if (!e.birthdate.trim()) errors.birthdate = 'required'
  else if (!toCalendarDate(e.birthdate)) errors.birthdate = 'date'
  else {
    const q = quoteTss({ gender: e.gender === 'female' ? 'female' : 'male', citycode: e.citycode || '34', birthdate: e.birthdate }, new Date(e.at))
    if (!q.ok && q.reason === 'AGE_OUT_OF_RANGE') errors.birthdate = 'ageRange'
    if (!q.ok && q.reason === 'BAD_DATE') errors.birthdate = 'date'
  }
  return errors
}

type Submit = Extract<TssQuickQuoteEvent, { type: 'form.submit' }>
const valuesOf = (e: Submit): QuickProfileValues => ({ gender: e.gender, citycode: e.citycode, birthdate: e.birthdate.trim() })

export const tssQuickQuoteMachine = setup({
  types: {} as { context: TssQuickQuoteContext; events: TssQuickQuoteEvent; output: { values: QuickProfileValues; visits: OutpatientVisits | 0 } },
  actors: {
    loadCities: providedLater<City[]>('loadCities'),
  },
  guards: {
    hasFieldErrors: ({ event }) => event.type === 'form.submit' && Object.keys(fieldErrors(event)).length > 0,
    isOfferedOption: ({ context, event }) => event.type === 'quote.buy' && !!context.quote?.options.some((o) => o.visits === event.visits),
  },
  actions: {
    showErrors: assign(({ event }) => {
      const e = event as Submit
      return { values: valuesOf(e), errors: fieldErrors(e), quote: null }
    }),
    showQuote: assign(({ event }) => {
      const e = event as Submit
      const q = quoteTss({ gender: e.gender as Gender, citycode: e.citycode, birthdate: e.birthdate.trim() }, new Date(e.at))
      return { values: valuesOf(e), errors: {}, quote: q.ok ? { ...q, options: q.options.map((o) => ({ ...o, monthly: monthlyPlan(o.annualTry) })) } : null }
    }),
  },
}).createMachine({
  id: 'tssQuickQuote',
  context: TSS_QUICK_QUOTE_START,
  initial: 'loadingCities',
  states: {
    loadingCities: {
      tags: ['busy'],
      invoke: {
        id: 'loadCities',
        src: 'loadCities',
        onDone: { target: 'editing', actions: assign({ cities: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => reasonOf(event.error) }) },
      },
    },
    loadFailed: {
      // the failure is forgotten while the provinces load again (its message goes)
      on: { retry: { target: 'loadingCities', actions: assign({ loadError: null }) } },
    },
    editing: {
      on: {
        'form.submit': [
          { guard: 'hasFieldErrors', actions: 'showErrors' },
          { target: 'quoted', actions: 'showQuote' },
        ],
      },
    },
    quoted: {
      on: {
        'form.submit': [
          { guard: 'hasFieldErrors', target: 'editing', actions: 'showErrors' },
          { actions: 'showQuote' },
        ],
        'quote.buy': { guard: 'isOfferedOption', target: 'buying', actions: assign({ chosen: ({ event }) => event.visits }) },
      },
    },
    buying: { type: 'final' },
  },
  output: ({ context }) => ({ values: context.values, visits: context.chosen ?? 0 }),
})
