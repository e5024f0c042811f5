import { fromPromise } from 'xstate'
import { tssQuickQuoteMachine, type City } from '../../../machines/tss-quick-quote/tss-quick-quote.machine.ts'
import { call } from '../api/client.ts'

/** The health quick quote with its one effect: the provinces from the lookup service. */
export const tssQuickQuoteFlow = tssQuickQuoteMachine.provide({
  actors: {
    loadCities: fromPromise<City[], void>(async () => call<City[]>('/lookup/cities', { query: { countryCode: 'TR' } })),
  },
})
