import * as z from 'zod/mini'
import { APPLICATION_PRODUCTS, type ApplicationProduct } from './application.ts'

/**
 * The purchase API (issue 15, docs/decisions/purchase.md). POST digitalchannels/purchase names the
 * verified phone (an SMS ticket) and the product; the server buys the application it holds for
 * them, at the price it computes. No amount is accepted from the client.
 */
export const createPurchaseSchema = /* @__PURE__ */ z.strictObject({
  ticket: z.string().check(z.minLength(1), z.maxLength(1000)),
  product: z.enum(APPLICATION_PRODUCTS),
  /** The pre-information form the customer read and confirmed (issue 24 item 4): the id its request answered. */
  preInformationId: z.optional(z.string().check(z.maxLength(64))),
})

/** POST digitalchannels/preinformation (issue 24 item 4): the form of the caller's saved application, as given now. */
export const preInformationRequestSchema = /* @__PURE__ */ z.strictObject({
  ticket: z.string().check(z.minLength(1), z.maxLength(1000)),
  product: z.enum(APPLICATION_PRODUCTS),
})
/** POST digitalchannels/preinformation/document: that form as a PDF. */
export const preInformationDocumentSchema = /* @__PURE__ */ z.strictObject({
  ticket: z.string().check(z.minLength(1), z.maxLength(1000)),
  product: z.enum(APPLICATION_PRODUCTS),
  id: z.string().check(z.maxLength(64)),
})

/** What the form's request answers: the form given (recorded with its version, hash and time). */
export type PreInformationView = {
  id: string
  documentId: string
  version: number
  locale: string
  title: string
  sections: Array<{ heading: string; lines: string[] }>
  textSha256: string
  amount: number
  currency: string
  givenAt: string
}

export const PURCHASE_STATUSES = ['awaitingPayment', 'issued'] as const
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number]

/** Why the last payment of a purchase failed, in the customer's terms (issue 21). */
export const PAYMENT_FAILURE_REASONS = ['DECLINED', 'THREE_D_FAILED', 'CANCELLED', 'THREE_D_TIMEOUT'] as const

/**
 * What GET digitalchannels/purchase/:id answers (the result pages read it). Anyone with the
 * purchase's id sees the summary (product, status, amount, dates, whether a payment is under way
 * and why the last one failed); the personal details (`access: 'full'`: insured name, e-mail,
 * policy and order numbers) need the verified phone's ticket in the purchase cookie or the
 * customer's e-mailed link (docs/decisions/purchase.md "Who sees a purchase").
 */
export type PurchaseView = {
  id: string
  product: ApplicationProduct
  status: PurchaseStatus
  amount: number
  currency: string
  createdAt: string
  issuedAt: string | null
  /** A card payment of it is waiting for the bank now. */
  paymentInProgress: boolean
  /** The reason code of the last failed payment (null when none failed, or after the purchase was paid). */
  lastFailure: string | null
  access: 'full' | 'summary'
  policyNumber: string | null
  orderId: string | null
  insuredName: string | null
  email: string | null
}

/** The mailed link's key to a purchase's details (`?key=`), and where it is read (in its own module: the browser's pages read it without zod). */
export { PURCHASE_KEY_PARAM } from '../purchase-key.ts'

/** The header a card payment of a purchase carries: the server then charges the purchase's amount. */
export const PURCHASE_HEADER = 'purchaseId'
