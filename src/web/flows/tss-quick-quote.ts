import { fromPromise } from 'xstate'
import { tssQuickQuoteMachine, type City } from '../../../machines/tss-quick-quote/tss-quick-quote.machine.ts'
import { takeCities } from './cities.ts'

/**
 * The health quick quote with its one effect: the provinces from the lookup service, the ones the
 * form asked for as it mounted (flows/cities.ts; this module loads on intent, issue 23 goal 2).
 */
export const tssQuickQuoteFlow = tssQuickQuoteMachine.provide({
  actors: {
    loadCities: fromPromise<City[], void>(() => takeCities()),
  },
})
