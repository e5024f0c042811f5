import { isTravelCoverage, isTravelRegion } from '../../src/domain/purchase.ts'
import { quoteTravel } from '../../src/domain/tariff.ts'
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
  quoteIsComplete: (data, at) => {
    const plan = data.travelPlan
    if (!plan || !isTravelRegion(plan.travelLocation) || !isTravelCoverage(plan.coverageType)) return false
    return quoteTravel({ ...plan, travelLocation: plan.travelLocation, coverageType: plan.coverageType }, new Date(at)).ok
  },
})
