import { purchaseExpectations, ROUTES_THE_SAME } from './purchase.ts'

/** The TSS purchase: ages 15 days to 69 (spec 5); the profile's T.C. Kimlik No valid; the health declaration given. */
export const tssPurchaseExpectations = purchaseExpectations({
  product: 'tss',
  quotable: (data) => Number(data.quickProfile.birthdate.slice(0, 4)) > 2026 - 69 && [0, 8, 10, 12].includes(data.outpatientVisits),
  // the 30-year-old İstanbul man's 10 visits (docs/decisions/tariff.md)
  quotedAmount: 13_068,
  // spec 5: later than 69 years ago (on 2026-03-02: born after 1957-03-02)
  ageRule: { code: 'birthdate.tssAge', within: (p: any) => p.birthdate > '1957-03-02' },
  equivalentMutants: {
    'tssPurchase.resuming --xstate.done.actor.resumeApplication#1--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.resuming --xstate.error.actor.resumeApplication#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.resumeOffer --resume.decline#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.routeResumed --(always)#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.profile --section.submit#0--> (self)  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.savingProfile --xstate.error.actor.saveApplication#0--> tssPurchase.sms  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.savingProfile --xstate.error.actor.saveApplication#1--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.healthPolicy --back#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.savingHealthPolicy --xstate.error.actor.saveApplication#0--> tssPurchase.sms  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'tssPurchase.purchasing --xstate.error.actor.createPurchase#0--> tssPurchase.sms  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
  },
  sections: [
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => v.nationalId === '10000000146' && v.birthdate > '1957-03-02' },
    { step: 'healthPolicy', key: 'healthPolicy', words: { tr: 'sağlık beyanı ve poliçe bilgileri', en: 'health declaration and policy' }, valid: (v: any) => v.healthdeclarationconcent === true },
  ],
})
