import { tssPurchaseMachine } from '../../../machines/tss-purchase/tss-purchase.machine.ts'
import { tssYearly } from '../expectations/tariff-literals.ts'
import { DAY, HEALTH_POLICY, HEALTH_POLICY_UNDECLARED, OLDER_BIRTHDATE, PROFILE, PROFILE_76, purchaseModel } from './purchase.ts'

/** The 30-year-old İstanbul man of the tariff note, 10 outpatient visits; and a 76-year-old the tariff refuses. */
export const TSS_QUOTES = {
  good: { quickProfile: { gender: 'male', citycode: '34', birthdate: '1996-01-15' }, outpatientVisits: 10 },
  bad: { quickProfile: { gender: 'male', citycode: '34', birthdate: '1950-01-01' }, outpatientVisits: 10 },
}

/**
 * What the good quote costs, worked out from the tariff's restated literals: the 30-year-old İstanbul
 * man's 10 visits (6,600 x 1.20 x 1.65 = 13,068 TRY a year), and the same quote for the insured person
 * born on OLDER_BIRTHDATE (15,600 x 1.20 x 1.65 = 30,888).
 */
export const TSS_AMOUNTS = {
  quoted: tssYearly({ ...TSS_QUOTES.good.quickProfile, visits: TSS_QUOTES.good.outpatientVisits }, DAY)!,
  other: tssYearly({ ...TSS_QUOTES.good.quickProfile, birthdate: OLDER_BIRTHDATE, visits: TSS_QUOTES.good.outpatientVisits }, DAY)!,
}

export const tssPurchaseModel = purchaseModel({
  name: 'tss-purchase',
  machine: tssPurchaseMachine,
  quotes: TSS_QUOTES,
  quotedAmount: TSS_AMOUNTS.quoted,
  otherAmount: TSS_AMOUNTS.other,
  sections: [
    // a T.C. Kimlik No that fails its check; a person of 76, outside TSS's 15 days to 69 years
    { step: 'profile', good: PROFILE, bad: [{ ...PROFILE, nationalId: '12345678901' }, PROFILE_76] },
    { step: 'healthPolicy', good: HEALTH_POLICY, bad: [HEALTH_POLICY_UNDECLARED] },
  ],
  resumeSteps: ['profile', 'healthPolicy'],
})
