import { expect } from 'vitest'
import { besPurchaseMachine } from '../../../machines/bes-purchase/bes-purchase.machine.ts'
import type { Model } from '../../support/model-test.ts'
import { PRE_INFORMATION } from './purchase.ts'

export const err = (code: string) => Object.assign(new Error(code), { code })

/** Every submit happens at this moment: ages are counted on this day (2 March 2026). */
export const AT = '2026-03-02T09:00:00.000Z'
export const PHONE = '+905321234567'
export const TICKET = 'ticket-bes'
/** The server's id of the saved application. */
export const APP_ID = 'a1'

const person = {
  firstname: 'Ayşe', lastname: 'Yılmaz', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-04-01',
  fathername: 'Ali', mothername: 'Fatma', birthplace: 'Konya', idserialno: 'A12B34567',
  email: 'ayse@example.com', userphone: '', sector: 'private', education: 'bachelor', profession: 'Mühendis', jobtitle: 'Uzman',
  aversalary: '35000-70000', socialsecurity: '4a',
}
/** The people the customer types in: an adult, a 10-year-old, a profile missing its names. */
/** An application saved on the server at AT. */
const saved = (step: string, data: object) => ({ id: 'a1', product: 'erkenbes', step, updatedAt: AT, expiresAt: AT, data })

export const PEOPLE = {
  adult: person,
  child: { ...person, firstname: 'Can', birthdate: '2016-05-10', sector: '', profession: '', jobtitle: '', aversalary: '' },
  incomplete: { ...person, firstname: '', fathername: '' },
}
export const PARENT = { ...person, firstname: 'Fatma', birthdate: '1985-01-01', userphone: '0533 111 22 33' }
export const QUICK = {
  valid: { gender: 'female', citycode: '34', birthdate: '1990-04-01' },
  tooOld: { gender: 'male', citycode: '06', birthdate: '1920-01-01' },
}
export const CONTRACT = {
  valid: { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: '250', fundChoice: [{ code: 'KES', share: 60 }, { code: 'KEA', share: 40 }] },
  belowMinimum: { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: '50', fundChoice: [{ code: 'KES', share: 60 }, { code: 'KEA', share: 30 }] },
}
export const CONSENTS = {
  all: { gdprtextread: { accepted: true }, trxconcent: { accepted: true }, markconcent: { accepted: false } },
  noContract: { gdprtextread: { accepted: true } },
}
export const PURCHASE = { id: 'Qx3f0c2a1111422283334444', amount: 250, currency: 'TRY' }

export const besPurchaseModel: Model = {
  name: 'bes-purchase',
  machine: besPurchaseMachine,
  input: { product: 'erkenbes' },
  events: [
    { type: 'quick.submit', at: AT, ...QUICK.valid },
    { type: 'quick.submit', at: AT, ...QUICK.tooOld },
    { type: 'profile.submit', at: AT, values: PEOPLE.adult, payerIsOther: false },
    { type: 'profile.submit', at: AT, values: PEOPLE.adult, payerIsOther: true },
    { type: 'profile.submit', at: AT, values: PEOPLE.child, payerIsOther: false },
    { type: 'profile.submit', at: AT, values: PEOPLE.child, payerIsOther: true },
    { type: 'profile.submit', at: AT, values: PEOPLE.incomplete, payerIsOther: false },
    { type: 'custodian.submit', at: AT, values: PARENT, relation: 'mother' },
    // a child cannot sign for a child
    { type: 'custodian.submit', at: AT, values: PEOPLE.child, relation: 'mother' },
    { type: 'payer.submit', at: AT, values: PARENT },
    { type: 'payer.submit', at: AT, values: PEOPLE.incomplete },
    { type: 'contract.submit', values: CONTRACT.valid },
    { type: 'contract.submit', values: CONTRACT.belowMinimum },
    { type: 'consents.submit', choices: CONSENTS.all },
    { type: 'consents.submit', choices: CONSENTS.noContract },
    { type: 'summary.confirm' },
    { type: 'preInformation.confirm', accepted: true },
    { type: 'preInformation.confirm', accepted: false },
    { type: 'payment.done', status: 'success' },
    { type: 'payment.done', status: 'error' },
    { type: 'back' },
    { type: 'retry' },
    // issue 21: the card form told a payment is under way elsewhere; the result page's "Tekrar dene"
    { type: 'payment.elsewhere' },
    { type: 'payment.retry', purchase: PURCHASE },
    // issue 24 item 1: the page reloaded (or come back to with Forward) at a step after the verification
    ...['payer', 'consents', 'summary', 'payment'].map((step) => ({ type: 'restore', step })),
  ],
  outputs: {
    smsVerification: [{ phone: PHONE, ticket: TICKET }],
    // saved applications the customer comes back to: a profile (adult, then a minor's), a contract too, nothing yet
    resumeApplication: [
      saved('contract', { personalProfile: { ...PEOPLE.adult, userphone: PHONE } }),
      saved('profile', { personalProfile: { ...PEOPLE.child, userphone: PHONE } }),
      saved('consents', { personalProfile: { ...PEOPLE.adult, userphone: PHONE }, pensionContract: { ...CONTRACT.valid, contributionAmount: 250 } }),
      saved('quote', {}),
      // a minor's application with the custodian and someone else paying: on at the contract
      saved('contract', { personalProfile: { ...PEOPLE.child, userphone: PHONE }, custodianProfile: { ...PARENT, planchoice: 'erkenbes' }, payerProfile: { ...PARENT, planchoice: 'erkenbes' } }),
      // a minor's application with a payer but no custodian (a reload at the payer goes back to the custodian first)
      saved('custodian', { personalProfile: { ...PEOPLE.child, userphone: PHONE }, payerProfile: { ...PARENT, planchoice: 'erkenbes' } }),
    ],
    saveApplication: [{ id: 'a1', product: 'erkenbes', step: 'profile', updatedAt: AT, expiresAt: AT, data: {} }],
    recordConsents: [undefined],
    loadPreInformation: [PRE_INFORMATION],
    // the purchase, or the purchase with a payment of it under way in another tab
    createPurchase: [PURCHASE, { ...PURCHASE, paymentInProgress: true }],
    watchPayment: ['success', 'failed'],
    // the verified phone read back from the server's proof cookie
    restoreVerification: [{ phone: PHONE, ticket: TICKET }],
  },
  errors: {
    smsVerification: [],
    resumeApplication: [err('APPLICATION_NOT_FOUND')],
    // an ended verification (the phone again: the server refuses that ticket for good) and a network failure (whose retry can succeed)
    saveApplication: [err('SMS_TICKET_INVALID'), err('NETWORK')],
    recordConsents: [err('SMS_TICKET_INVALID'), err('NETWORK')],
    loadPreInformation: [err('SMS_TICKET_INVALID'), err('NETWORK')],
    createPurchase: [err('SMS_TICKET_INVALID'), err('NETWORK'), err('PRE_INFORMATION_CHANGED')],
    watchPayment: [err('NETWORK')],
    // a forged, expired or other product's proof
    restoreVerification: [err('SMS_PROOF_INVALID')],
  },
  // the guards read the step being saved, the minor and payer flags, and whether a purchase started
  serialize: (s) => ({
    value: s.value, saving: s.context.saving, minor: s.context.minor, payerIsOther: s.context.payerIsOther,
    errors: Object.keys(s.context.errors).length > 0, purchase: s.context.purchase !== null, reason: s.context.reason !== null, app: s.context.applicationId !== null, retry: s.context.retry,
    preInformation: s.context.preInformation !== null, verified: s.context.ticket !== null, restoreTo: s.context.restoreTo,
  }),
  invariants: (s) => {
    // a verified phone is the participant's phone in everything kept
    if (s.context.profile) expect(s.context.profile.userphone).toBe(PHONE)
    // a custodian only for a minor is ever sent (applicationData), and no field errors while busy
    if (s.hasTag('busy')) expect(s.context.errors).toEqual({})
  },
}
