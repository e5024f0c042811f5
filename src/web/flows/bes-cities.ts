import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'

/**
 * The provinces of the BES quick profile (GET /lookup/cities?countryCode=TR), on the load
 * statechart: a failure offers a retry. Apart from the purchase flow (flows/bes-purchase.ts), whose
 * code loads on intent (issue 23 goal 2), while the quick profile needs the provinces at once.
 */
export const besCitiesFlow = loadFlow<null, Array<{ value: string; name: string }>>((_params, signal) =>
  call<Array<{ value: string; name: string }>>('/lookup/cities', { query: { countryCode: 'TR' }, signal }))
