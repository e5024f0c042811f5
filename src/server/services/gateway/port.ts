/**
 * The card gateway port (ARCHITECTURE.md §5): what the payment routes need from a 3-D Secure bank,
 * whatever bank it is. Two adapters: the built-in bank simulator (default) and a NestPay-style
 * "3D Pay" bank configured by environment.
 */
export type ThreeDRequest = {
  orderId: string
  /** '1250.50' */
  amount: string
  currency: string
  installment: number
  /** Digits only. Passed through to the bank's form, never stored or logged. */
  pan: string
  /** 'MMYY' */
  expiry: string
  cvv: string
  cardholder: string
  okUrl: string
  failUrl: string
  /** P01 (pre-authorisation) or S01 (sale). */
  trxType: 'P01' | 'S01'
  lang: 'tr' | 'en'
}

/** The form the browser submits into the 3-D frame. */
export type ThreeDForm = { action: string; fields: Record<string, string> }

export type CallbackOutcome = {
  orderId: string
  amount: string
  currency: string
  status: 'succeeded' | 'failed'
  reason: string | null
  mdStatus: string | null
}

export interface CardGateway {
  readonly kind: 'banksim' | 'nestpay'
  /** Origins the 3-D form is posted to (for the page's CSP frame-src and form-action). */
  readonly origins: readonly string[]
  threeDForm(req: ThreeDRequest): ThreeDForm
  /** The bank's callback, or null when its hash does not verify. */
  readCallback(params: Readonly<Record<string, string>>): CallbackOutcome | null
  /** The currency as this bank writes it (ISO 4217 numeric for NestPay). */
  currencyCode(currency: string): string | null
}
