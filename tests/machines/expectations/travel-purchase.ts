import { purchaseExpectations, ROUTES_THE_SAME } from './purchase.ts'

/** The travel purchase: a trip starting today (2026-03-02) or later; the profile's e-mail valid. */
export const travelPurchaseExpectations = purchaseExpectations({
  titles: { page: 'Seyahat Sağlık Sigortası satın al', quote: 'Seyahat Sağlık Sigortası hızlı teklif', issued: 'Ödemeniz alındı, poliçeniz düzenlendi' },
  product: 'seyahatsaglik',
  quotable: (data) => data.travelPlan.startDate >= '2026-03-02' && data.travelPlan.endDate >= data.travelPlan.startDate,
  equivalentMutants: {
    'target | travelPurchase.resuming --xstate.done.actor.resumeApplication#1--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.resuming --xstate.error.actor.resumeApplication#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.resumeOffer --resume.decline#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.routeResumed --(always)#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.profile --section.submit#0--> (self)  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.savingProfile --xstate.error.actor.saveApplication#0--> travelPurchase.sms  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.savingProfile --xstate.error.actor.saveApplication#1--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.consents --back#0--> travelPurchase.profile  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | travelPurchase.purchasing --xstate.error.actor.createPurchase#0--> travelPurchase.sms  =>  #travelPurchase.routeAfterQuote': ROUTES_THE_SAME,
  },
  sections: [
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => /@.+\./.test(v.email), errors: (v) => ('firstname' in v ? { email: 'email.invalid' } : null), heading: 'Kişisel bilgiler' },
  ],
})
