import { travelQuoteIsComplete } from '../../src/domain/purchase-quote.ts'
import { createPurchaseMachine } from '../shared/purchase.ts'

/**
 * The travel health purchase, `/urunler/market/seyahatsaglik` (issue 15): travel plan (birth
 * date, gender, region, length, covid cover, coverage, start and end dates) and its quote -> SMS
 * -> personal profile -> consents -> summary -> payment -> result.
 */
export const travelPurchaseMachine = createPurchaseMachine({
  id: 'travelPurchase',
  product: 'seyahatsaglik',
  sections: ['profile'],
  // a known region and cover that the tariff prices (the page's address is judged by the same rule)
  quoteIsComplete: travelQuoteIsComplete,
})
