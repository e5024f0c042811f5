import { purchaseExpectations, ROUTES_THE_SAME } from './purchase.ts'

/** The travel purchase: a trip starting today (2026-03-02) or later; the profile's e-mail valid. */
export const travelPurchaseExpectations = purchaseExpectations({
  product: 'seyahatsaglik',
  quotable: (data) => data.travelPlan.startDate >= '2026-03-02' && data.travelPlan.endDate >= data.travelPlan.startDate,
  // ten Schengen days, standard cover, 35 years old (docs/decisions/tariff.md)
  quotedAmount: 650,
  // spec 5: up to the 100th birthday (on 2026-03-02: born on 1926-03-02 or later)
  ageRule: { code: 'birthdate.travelAge', within: (p: any) => p.birthdate >= '1926-03-02' },
  equivalentMutants: {
    'travelPurchase.resuming --xstate.done.actor.resumeApplication#1--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.resuming --xstate.error.actor.resumeApplication#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.resumeOffer --resume.decline#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.routeResumed --(always)#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.profile --section.submit#0--> (self)  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.savingProfile --xstate.error.actor.saveApplication#0--> travelPurchase.sms  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.savingProfile --xstate.error.actor.saveApplication#1--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.consents --back#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'travelPurchase.purchasing --xstate.error.actor.createPurchase#0--> travelPurchase.sms  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
  },
  sections: [
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => /@.+\./.test(v.email) && v.birthdate >= '1926-03-02' },
  ],
})
