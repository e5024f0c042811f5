import { purchaseExpectations } from './purchase.ts'

/** The travel purchase: a trip starting today (2026-03-02) or later; the profile's e-mail valid. */
export const travelPurchaseExpectations = purchaseExpectations({
  product: 'seyahatsaglik',
  quotable: (data) => data.travelPlan.startDate >= '2026-03-02' && data.travelPlan.endDate >= data.travelPlan.startDate,
  sections: [
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => /@.+\./.test(v.email) },
  ],
})
