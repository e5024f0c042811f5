import { tssPurchaseMachine } from '../../../machines/tss-purchase/tss-purchase.machine.ts'
import { HEALTH_POLICY, HEALTH_POLICY_UNDECLARED, PROFILE, PROFILE_76, purchaseModel } from './purchase.ts'

/** The 30-year-old İstanbul man of the tariff note, 10 outpatient visits; and a 76-year-old the tariff refuses. */
export const TSS_QUOTES = {
  good: { quickProfile: { gender: 'male', citycode: '34', birthdate: '1996-01-15' }, outpatientVisits: 10 },
  bad: { quickProfile: { gender: 'male', citycode: '34', birthdate: '1950-01-01' }, outpatientVisits: 10 },
}

export const tssPurchaseModel = purchaseModel({
  name: 'tss-purchase',
  machine: tssPurchaseMachine,
  quotes: TSS_QUOTES,
  // the tariff note's 30-year-old İstanbul man, 10 visits: 13,068 TRY a year
  quotedAmount: 13_068,
  sections: [
    // a T.C. Kimlik No that fails its check; a person of 76, outside TSS's 15 days to 69 years
    { step: 'profile', good: PROFILE, bad: [{ ...PROFILE, nationalId: '12345678901' }, PROFILE_76] },
    { step: 'healthPolicy', good: HEALTH_POLICY, bad: [HEALTH_POLICY_UNDECLARED] },
  ],
  resumeSteps: ['profile', 'healthPolicy'],
})
