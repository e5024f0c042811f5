import { travelPurchaseMachine } from '../../../machines/travel-purchase/travel-purchase.machine.ts'
import { PROFILE, purchaseModel } from './purchase.ts'

/** Ten days in the Schengen area with standard cover; and a trip that ends before it starts. */
const PLAN = {
  birthdate: '1990-05-17', gender: 'female', travelLocation: 'schengen', travelLength: 10, covid: false, coverageType: 'standard',
  startDate: '2026-04-01', endDate: '2026-04-10',
}
export const TRAVEL_QUOTES = { good: { travelPlan: PLAN }, bad: { travelPlan: { ...PLAN, startDate: '2026-02-01', endDate: '2026-02-05' } } }

export const travelPurchaseModel = purchaseModel({
  name: 'travel-purchase',
  machine: travelPurchaseMachine,
  quotes: TRAVEL_QUOTES,
  // ten Schengen days, standard cover, a 35-year-old: 650 TRY
  quotedAmount: 650,
  // an e-mail that is not one; a person born in 1920, over travel's 100 years
  sections: [{ step: 'profile', good: PROFILE, bad: [{ ...PROFILE, email: 'not-an-address' }, { ...PROFILE, birthdate: '1920-01-01' }] }],
  resumeSteps: ['profile'],
})
