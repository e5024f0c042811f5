import * as z from 'zod/mini'

/**
 * Payments needing action (issue 21): money the bank took that no purchase needs. Reasons:
 * ALREADY_PAID, a signed approval for a purchase another order had paid (the customer was charged
 * twice; the later charge is to be reversed at the bank).
 */
export const PAYMENT_ACTION_REASONS = ['ALREADY_PAID'] as const
export type PaymentActionReason = (typeof PAYMENT_ACTION_REASONS)[number]

/** A row of GET {apiBase}/payment/actions. */
export type PaymentActionView = {
  id: string
  orderId: string
  purchaseId: string | null
  amount: string
  currency: string
  reason: PaymentActionReason
  /** The order that paid the purchase, when another one did. */
  paidBy: string | null
  createdAt: string
  resolvedAt: string | null
  resolvedBy: string | null
  note: string | null
}

/** POST {apiBase}/payment/actions/:id/resolve: what was done (e.g. "Reversed at the bank, ref 123"). */
export const resolvePaymentActionSchema = /* @__PURE__ */ z.strictObject({
  note: z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(500, 'tooLong')),
})
