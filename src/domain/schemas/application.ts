import * as z from 'zod/mini'
import {
  custodianProfileSchema, healthPolicySchema, payerProfileSchema, pensionContractSchema, personalProfileSchema, quickProfileSchema,
  travelPlanSchema,
} from './sales.ts'

/**
 * An unfinished online application, kept on the server so that the customer can leave and come
 * back (issue 15): each purchase step saves its section once the section is complete, so every
 * section present is validated by its spec 3.2 schema.
 */
export const APPLICATION_PRODUCTS = ['erkenbes', 'pratikbes', 'tss', 'seyahatsaglik'] as const
export type ApplicationProduct = (typeof APPLICATION_PRODUCTS)[number]
export const APPLICATION_STEPS = ['quote', 'sms', 'profile', 'custodian', 'payer', 'contract', 'healthPolicy', 'consents', 'summary', 'payment'] as const
/** How long an unfinished application is kept after its last change. */
export const APPLICATION_KEEP_HOURS = 72

export const applicationDataSchema = /* @__PURE__ */ z.strictObject({
  quickProfile: z.optional(quickProfileSchema),
  outpatientVisits: z.optional(z.union([z.literal(0), z.literal(8), z.literal(10), z.literal(12)])),
  birthCollateral: z.optional(z.boolean()),
  travelPlan: z.optional(travelPlanSchema),
  personalProfile: z.optional(personalProfileSchema),
  custodianProfile: z.optional(custodianProfileSchema),
  payerProfile: z.optional(payerProfileSchema),
  pensionContract: z.optional(pensionContractSchema),
  healthPolicy: z.optional(healthPolicySchema),
})
export type ApplicationData = z.infer<typeof applicationDataSchema>

const ticket = z.string().check(z.minLength(1), z.maxLength(1000))

export const saveApplicationSchema = /* @__PURE__ */ z.strictObject({
  ticket,
  product: z.enum(APPLICATION_PRODUCTS),
  step: z.enum(APPLICATION_STEPS),
  data: applicationDataSchema,
})
export const resumeApplicationSchema = /* @__PURE__ */ z.strictObject({ ticket, product: z.enum(APPLICATION_PRODUCTS) })

/**
 * A saved application as the server answers it: with the price its answers cost now, computed
 * from the insured person's data (issue 21: the profile's birth date reprices a quote), or null
 * while the quote or contract it needs is missing or cannot be priced.
 */
export type SavedApplication = {
  id: string; product: ApplicationProduct; step: string; data: ApplicationData; updatedAt: string; expiresAt: string
  price: { amount: number; currency: string } | null
}
