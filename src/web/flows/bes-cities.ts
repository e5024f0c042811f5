import type { City } from './cities.ts'
import { takeCities } from './cities.ts'
import { loadFlow } from './load.ts'

/**
 * The provinces of the BES quick profile (GET /lookup/cities?countryCode=TR), on the load
 * statechart: a failure offers a retry. Apart from the purchase flow (flows/bes-purchase.ts); both
 * load on intent (issue 23 goal 2), and this one at once when the request the page made as it
 * mounted failed (flows/cities.ts: its first load is that request's answer).
 */
export const besCitiesFlow = loadFlow<null, City[]>((_params, signal) => takeCities(signal))
