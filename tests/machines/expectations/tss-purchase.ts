import { purchaseExpectations } from './purchase.ts'

/** The TSS purchase: ages 15 days to 69 (spec 5); the profile's T.C. Kimlik No valid; the health declaration given. */
export const tssPurchaseExpectations = purchaseExpectations({
  product: 'tss',
  quotable: (data) => Number(data.quickProfile.birthdate.slice(0, 4)) > 2026 - 69 && [0, 8, 10, 12].includes(data.outpatientVisits),
  sections: [
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => v.nationalId === '10000000146' },
    { step: 'healthPolicy', key: 'healthPolicy', words: { tr: 'sağlık beyanı ve poliçe bilgileri', en: 'health declaration and policy' }, valid: (v: any) => v.healthdeclarationconcent === true },
  ],
})
