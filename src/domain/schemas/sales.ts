import * as z from 'zod/mini'
import {
  consentList, countryCode, emailAddress, GENDERS, isoDate, isValidNationalId, optionalText, personName, shortText, trMobile,
} from './common.ts'
import { fundChoiceProblem, MAX_FUNDS_PER_CONTRACT } from '../funds.ts'

/**
 * Payload shapes of the sales flow (spec 3.2). All objects are strict: unknown keys are refused.
 * Required: the identity core (names, national ID, nationality, birth date) and contact; the rest
 * is optional because the flow's screens are not shown. nationalId must be a valid T.C. Kimlik No
 * when nationality is 'TR', a 5-20 character passport/foreign ID otherwise.
 */
const identityCore = () => ({
  firstname: personName('firstname'),
  lastname: personName('lastname'),
  nationalId: z.string().check(z.minLength(1, 'nationalId.required'), z.maxLength(20, 'nationalId.invalid')),
  nationality: countryCode,
  birthdate: isoDate('birthdate'),
})

const identityMore = () => ({
  fathername: z.optional(personName('fathername')),
  mothername: z.optional(personName('mothername')),
  birthplace: optionalText('birthplace', 40),
  idserialno: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/, 'idserialno.invalid'))),
  // a Turkish citizen's passport number, asked (optional) by the travel policy for a visa application
  // (issue 24 item 5); a foreigner's passport is nationalId itself
  passportno: z.optional(z.string().check(z.regex(/^[A-Z0-9]{5,20}$/, 'passportno.invalid'))),
})

const contact = () => ({
  email: emailAddress('email'),
  userphone: trMobile('userphone'),
})

const consents = () => ({
  gdprconcent: consentList,
  markconcent: consentList,
  infoconcent: consentList,
  trxconcent: consentList,
  noworkconcent: consentList,
  channelconcent: consentList,
  willconcent: consentList,
})

const work = () => ({
  sector: optionalText('sector'),
  education: optionalText('education'),
  profession: optionalText('profession'),
  jobtitle: optionalText('jobtitle'),
  aversalary: optionalText('aversalary', 20),
  socialsecurity: optionalText('socialsecurity', 40),
})

const readFlags = () => ({
  gdprtextread: z.optional(z.boolean()),
  willtextread: z.optional(z.boolean()),
  channeltextread: z.optional(z.boolean()),
})

/** The legal parent (guardian) of a minor: who they are to the person, or their name. */
const legalparent = () => ({ legalparent: optionalText('legalparent', 40) })

function nationalIdMatchesNationality(v: { nationality: string; nationalId: string }): boolean {
  return isValidNationalId(v.nationality, v.nationalId)
}
const nationalIdCheck = () => z.refine<{ nationality: string; nationalId: string }>(nationalIdMatchesNationality, { message: 'nationalId.invalid', path: ['nationalId'] })

const profileShape = () => ({ ...identityCore(), ...identityMore(), ...contact(), ...consents(), ...work(), ...readFlags() })

export const personalProfileSchema = /* @__PURE__ */ z.strictObject({ ...profileShape(), ...legalparent() }).check(nationalIdCheck())
export type PersonalProfile = z.infer<typeof personalProfileSchema>

/** Custodian and payer: the personal profile without legalparent, plus the plan chosen. */
export const custodianProfileSchema = /* @__PURE__ */ z.strictObject({ ...profileShape(), planchoice: optionalText('planchoice', 40) }).check(nationalIdCheck())
export type CustodianProfile = z.infer<typeof custodianProfileSchema>
export const payerProfileSchema = custodianProfileSchema
export type PayerProfile = CustodianProfile

/** Information profile: the identity core plus consents and legalparent. */
export const informationProfileSchema = /* @__PURE__ */ z.strictObject({ ...identityCore(), ...consents(), ...legalparent() }).check(nationalIdCheck())
export type InformationProfile = z.infer<typeof informationProfileSchema>

export const INVEST_FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual'] as const

export const pensionContractSchema = /* @__PURE__ */ z.strictObject({
  currencyOfInvest: z.string().check(z.regex(/^[A-Z]{3}$/, 'currencyOfInvest.invalid')),
  freqOfInvest: z.enum(INVEST_FREQUENCIES, 'freqOfInvest.invalid'),
  contributionAmount: z.number().check(z.positive('contributionAmount.invalid'), z.maximum(1e9, 'contributionAmount.invalid')),
  /** The fund distribution: participation funds in whole percentages summing to 100 (src/domain/funds.ts). */
  fundChoice: z.array(z.strictObject({ code: shortText('fundChoice.code', 10), share: z.number() })).check(
    z.maxLength(MAX_FUNDS_PER_CONTRACT, 'fundChoice.invalid'),
    // well-formed here; the funds themselves are checked against the tariff version in force (src/domain/purchase.ts)
    z.refine((v) => fundChoiceProblem(v, null) === null, 'fundChoice.invalid'),
  ),
})
export type PensionContract = z.infer<typeof pensionContractSchema>

export const healthPolicySchema = /* @__PURE__ */ z
  .strictObject({
    questions: z.array(z.strictObject({ id: shortText('questions.id', 40), answer: z.boolean(), detail: optionalText('questions.detail', 500) })).check(z.maxLength(100)),
    isotherpolicy: z.boolean(),
    othercompany: optionalText('othercompany'),
    otherpolicyno: optionalText('otherpolicyno', 40),
    otherpolicyenddate: z.optional(isoDate('otherpolicyenddate')),
    birthCollateral: z.boolean(),
    healthdeclarationconcent: z.boolean(),
  })
  .check(
    z.refine((v) => !v.isotherpolicy || (!!v.othercompany?.trim() && !!v.otherpolicyno?.trim()), {
      message: 'otherpolicy.required',
      path: ['othercompany'],
    }),
  )
export type HealthPolicy = z.infer<typeof healthPolicySchema>

export const quickProfileSchema = /* @__PURE__ */ z.strictObject({
  gender: z.enum(GENDERS, 'gender.invalid'),
  citycode: z.string().check(z.regex(/^[0-9A-Z]{1,10}$/, 'citycode.invalid')),
  birthdate: isoDate('birthdate'),
})
export type QuickProfile = z.infer<typeof quickProfileSchema>

export const travelPlanSchema = /* @__PURE__ */ z
  .strictObject({
    birthdate: isoDate('birthdate'),
    gender: z.enum(GENDERS, 'gender.invalid'),
    travelLocation: shortText('travelLocation', 40),
    travelLength: z.int().check(z.minimum(1, 'travelLength.invalid'), z.maximum(365, 'travelLength.invalid')),
    covid: z.boolean(),
    coverageType: shortText('coverageType', 40),
    startDate: isoDate('startDate'),
    endDate: isoDate('endDate'),
  })
  .check(z.refine((v) => v.endDate >= v.startDate, { message: 'endDate.beforeStart', path: ['endDate'] }))
export type TravelPlan = z.infer<typeof travelPlanSchema>

/** Plan display data (title, description, price text, features). */
export const planDisplaySchema = /* @__PURE__ */ z.strictObject({
  title: shortText('title'),
  description: z.string().check(z.maxLength(2000)),
  price: z.string().check(z.maxLength(100)),
  features: z.array(z.string().check(z.maxLength(500))).check(z.maxLength(50)),
})
export type PlanDisplay = z.infer<typeof planDisplaySchema>
