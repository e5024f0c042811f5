import { TSS_AMOUNTS } from '../models/tss-purchase.model.ts'
import { purchaseExpectations, ROUTES_THE_SAME } from './purchase.ts'

/** The TSS purchase: ages 15 days to 69 (spec 5); the profile's T.C. Kimlik No valid; the health declaration given. */
export const tssPurchaseExpectations = purchaseExpectations({
  titles: { page: 'Tamamlayıcı Sağlık Sigortası satın al', quote: 'Tamamlayıcı Sağlık Sigortası hızlı teklif', issued: 'Ödemeniz alındı, poliçeniz düzenlendi' },
  product: 'tss',
  quotable: (data) => Number(data.quickProfile.birthdate.slice(0, 4)) > 2026 - 69 && [0, 8, 10, 12].includes(data.outpatientVisits),
  // the 30-year-old İstanbul man's 10 visits, and the same for the older insured person (tariff-literals.ts)
  amounts: TSS_AMOUNTS,
  equivalentMutants: {
    'target | tssPurchase.resuming --xstate.done.actor.resumeApplication#1--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.resuming --xstate.error.actor.resumeApplication#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.resumeOffer --resume.decline#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.routeResumed --(always)#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.profile --section.submit#0--> (self)  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.savingProfile --xstate.error.actor.saveApplication#0--> tssPurchase.sms  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.savingProfile --xstate.error.actor.saveApplication#1--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.healthPolicy --back#0--> tssPurchase.profile  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.savingHealthPolicy --xstate.error.actor.saveApplication#0--> tssPurchase.sms  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
    'target | tssPurchase.purchasing --xstate.error.actor.createPurchase#0--> tssPurchase.sms  =>  #tssPurchase.routeAfterQuote': ROUTES_THE_SAME,
  },
  sections: [
    // a T.C. Kimlik No that fails its check; a person born on or before 1957-03-02, over TSS's 69 years on 2026-03-02 (spec 5)
    { step: 'profile', key: 'personalProfile', words: { tr: 'kişisel bilgiler', en: 'personal profile' }, valid: (v: any) => v.nationalId === '10000000146' && v.birthdate > '1957-03-02',
      errors: (v): Record<string, string> | null => ('firstname' in v ? (v.nationalId === '10000000146' ? { birthdate: 'birthdate.tssAge' } : { nationalId: 'nationalId.invalid' }) : null), heading: 'Kişisel bilgiler' },
    { step: 'healthPolicy', key: 'healthPolicy', words: { tr: 'sağlık beyanı ve poliçe bilgileri', en: 'health declaration and policy' }, valid: (v: any) => v.healthdeclarationconcent === true, errors: (v) => ('healthdeclarationconcent' in v ? { healthdeclarationconcent: 'consent.required' } : null), heading: 'Sağlık beyanı ve poliçe bilgileri' },
  ],
})
