import { tssPurchaseMachine } from '../../../machines/tss-purchase/tss-purchase.machine.ts'
import { HEALTH_POLICY, HEALTH_POLICY_UNDECLARED, PROFILE, purchaseModel } from './purchase.ts'

/** The 30-year-old İstanbul man of the tariff note, 10 outpatient visits; and a 76-year-old the tariff refuses. */
export const TSS_QUOTES = {
  good: { quickProfile: { gender: 'male', citycode: '34', birthdate: '1996-01-15' }, outpatientVisits: 10 },
  bad: { quickProfile: { gender: 'male', citycode: '34', birthdate: '1950-01-01' }, outpatientVisits: 10 },
}

export const tssPurchaseModel = purchaseModel({
  name: 'tss-purchase',
  machine: tssPurchaseMachine,
  quotes: TSS_QUOTES,
  sections: [
    { step: 'profile', good: PROFILE, bad: [{ ...PROFILE, nationalId: '12345678901' }] },
    { step: 'healthPolicy', good: HEALTH_POLICY, bad: [HEALTH_POLICY_UNDECLARED] },
  ],
  resumeSteps: ['profile', 'healthPolicy'],
})
