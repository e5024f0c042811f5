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
})

export const PURCHASE_STATUSES = ['awaitingPayment', 'issued'] as const
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number]

/** What GET digitalchannels/purchase/:id answers (the result pages read it). */
export type PurchaseView = {
  id: string
  product: ApplicationProduct
  status: PurchaseStatus
  amount: number
  currency: string
  policyNumber: string | null
  orderId: string | null
  insuredName: string
  email: string
  createdAt: string
  issuedAt: string | null
}

/** The header a card payment of a purchase carries: the server then charges the purchase's amount. */
export const PURCHASE_HEADER = 'purchaseId'
