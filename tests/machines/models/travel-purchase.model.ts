import { travelPurchaseMachine } from '../../../machines/travel-purchase/travel-purchase.machine.ts'
import { travelPremium } from '../expectations/tariff-literals.ts'
import { DAY, OLDER_BIRTHDATE, PROFILE, purchaseModel } from './purchase.ts'

/** Ten days in the Schengen area with standard cover; and a trip that ends before it starts. */
const PLAN = {
  birthdate: '1990-05-17', gender: 'female', travelLocation: 'schengen', travelLength: 10, covid: false, coverageType: 'standard',
  startDate: '2026-04-01', endDate: '2026-04-10',
}
export const TRAVEL_QUOTES = { good: { travelPlan: PLAN }, bad: { travelPlan: { ...PLAN, startDate: '2026-02-01', endDate: '2026-02-05' } } }

/**
 * What the good plan costs, worked out from the tariff's restated literals: ten Schengen days,
 * standard cover, 35 years old (650 x 1 x 1 x 1 = 650 TRY); and for the insured person born on
 * OLDER_BIRTHDATE (the 65-74 factor x2: 1,300).
 */
export const TRAVEL_AMOUNTS = {
  quoted: travelPremium(PLAN, DAY)!,
  other: travelPremium({ ...PLAN, birthdate: OLDER_BIRTHDATE }, DAY)!,
}

export const travelPurchaseModel = purchaseModel({
  name: 'travel-purchase',
  machine: travelPurchaseMachine,
  quotes: TRAVEL_QUOTES,
  quotedAmount: TRAVEL_AMOUNTS.quoted,
  otherAmount: TRAVEL_AMOUNTS.other,
  // an e-mail that is not one; a person born in 1920, over travel's 100 years
  sections: [{ step: 'profile', good: PROFILE, bad: [{ ...PROFILE, email: 'not-an-address' }, { ...PROFILE, birthdate: '1920-01-01' }] }],
  resumeSteps: ['profile'],
})
