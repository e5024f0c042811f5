import { TRAVEL_AMOUNTS } from '../models/travel-purchase.model.ts'
import { purchaseExpectations, ROUTES_THE_SAME } from './purchase.ts'

/** The travel purchase: a trip starting today (2026-03-02) or later; the profile's e-mail valid. */
export const travelPurchaseExpectations = purchaseExpectations({
  titles: { page: 'Seyahat Sağlık Sigortası satın al', quote: 'Seyahat Sağlık Sigortası hızlı teklif', issued: 'Ödemeniz alındı, poliçeniz düzenlendi' },
  product: 'seyahatsaglik',
  quotable: (data) => data.travelPlan.startDate >= '2026-03-02' && data.travelPlan.endDate >= data.travelPlan.startDate,
  // ten Schengen days, standard cover, 35 years old, and the same for the older insured person (tariff-literals.ts)
  amounts: TRAVEL_AMOUNTS,
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
    // an e-mail that is not one; a person born before 1926-03-02, over travel's 100 years on 2026-03-02 (spec 5)
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => /@.+\./.test(v.email) && v.birthdate >= '1926-03-02',
      errors: (v): Record<string, string> | null => ('firstname' in v ? (/@.+\./.test(v.email) ? { birthdate: 'birthdate.travelAge' } : { email: 'email.invalid' }) : null), heading: 'Kişisel bilgiler' },
  ],
})
