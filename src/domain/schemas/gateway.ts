import * as z from 'zod/mini'
import { parseAmount } from '../amount.ts'
import { cardDigits } from '../card/brands.ts'
import type { CardFormValues } from '../card/card-form.ts'
import { BANK_CODE_MAX, CURR_CODE_MAX, INSTALLMENT_MAX, INSTALLMENT_MIN, NAME_MAX_LENGTH, PAYMENT_AMOUNT_MAX } from '../constants.ts'
import { expiryToGateway } from '../expiry.ts'

/**
 * Where a 3-D form may be posted: an https address, or plain http on this machine's loopback only
 * (a local test bank; browsers treat loopback as a secure context too).
 */
export function isBankGateUrl(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.protocol === 'https:') return true
  return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]')
}

const httpUrl = /* @__PURE__ */ z.url({ protocol: /^https?$/, message: 'url.invalid' })

function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6
}

/**
 * Payload of POST moneyio/collection/posIP3D/Gateway (spec 7.4). `orderId` is null: the server
 * issues the order id in spec 9's format and answers it (issue 21, docs/decisions/order-id.md);
 * the key stays so that the body keeps the spec's shape. ccNumber carries digits only,
 * expireDate is 'MMYY' without a slash, amount a positive number with at most 2 decimals up to
 * PAYMENT_AMOUNT_MAX (100,000.00 per test payment), installment an
 * integer 1-24, inquiryValue and span null; OkUrl and FailUrl are http(s) URLs.
 */
export const gatewayPayloadSchema = /* @__PURE__ */ z.strictObject({
  servicingBank: z.string().check(z.minLength(1), z.maxLength(BANK_CODE_MAX)),
  payway: z.literal('CC'),
  orderId: z.null(),
  amount: z.number().check(z.positive(), z.maximum(PAYMENT_AMOUNT_MAX), z.refine(hasAtMostTwoDecimals, 'amount.invalid')),
  currency: z.string().check(z.minLength(1), z.maxLength(CURR_CODE_MAX)),
  ccNumber: z.string().check(z.regex(/^\d{12,19}$/)),
  expireDate: z.string().check(z.regex(/^(?:0[1-9]|1[0-2])\d{2}$/)),
  cvv: z.string().check(z.regex(/^\d{3,4}$/)),
  customerName: z.string().check(z.minLength(1), z.maxLength(NAME_MAX_LENGTH)),
  installment: z.int().check(z.minimum(INSTALLMENT_MIN), z.maximum(INSTALLMENT_MAX)),
  inquiryValue: z.null(),
  span: z.null(),
  OkUrl: httpUrl,
  FailUrl: httpUrl,
})
export type GatewayPayload = z.infer<typeof gatewayPayloadSchema>

/**
 * The gateway payload for a (validated) card form: spaces removed from the number, the slash from
 * the expiry, the amount parsed, the installment as an integer. Null when the result would not
 * pass `gatewayPayloadSchema`.
 */
export function buildGatewayPayload(
  values: CardFormValues,
  options: { readonly okUrl: string; readonly failUrl: string },
): GatewayPayload | null {
  const candidate = {
    servicingBank: values.bankcode.trim(),
    payway: 'CC',
    orderId: null,
    amount: parseAmount(values.amount) ?? Number.NaN,
    currency: values.currcode.trim(),
    ccNumber: cardDigits(values.number),
    expireDate: expiryToGateway(values.expiry) ?? '',
    cvv: values.cvc.trim(),
    customerName: values.name.trim(),
    installment: Number(values.installment),
    inquiryValue: null,
    span: null,
    OkUrl: options.okUrl,
    FailUrl: options.failUrl,
  }
  const parsed = gatewayPayloadSchema.safeParse(candidate)
  return parsed.success ? parsed.data : null
}
