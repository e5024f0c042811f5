import * as z from 'zod/mini'
import type { ConsentName, PermissionStatus } from '../consents.ts'
import type { ApplicationProduct } from './application.ts'

/**
 * The customer's consent page (issue 24 item 10, KVKK art. 11): the phone verified by SMS (a ticket
 * of purpose `consents`) reads the consents recorded from that phone and withdraws the withdrawable
 * ones. The ticket travels in the body, never in an address.
 */
const ticket = z.string().check(z.minLength(1, 'required'), z.maxLength(1000, 'tooLong'))
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** POST digitalchannels/consents: the verified phone's consents. */
export const myConsentsRequestSchema = /* @__PURE__ */ z.strictObject({ ticket })

/** POST digitalchannels/consents/withdraw: withdraw the consent whose current record is `id`. */
export const withdrawConsentSchema = /* @__PURE__ */ z.strictObject({
  ticket,
  id: z.string().check(z.regex(UUID, 'invalid')),
})

/** One consent of a sale as it stands: its newest record, and when it was given (the ACCEPTED or READ record). */
export type MyConsent = {
  /** The newest record's id: what a withdrawal names. */
  id: string
  name: ConsentName
  /** The product, or for commercial messages the channel (SMS, EMAIL, CALL). */
  scope: string
  title: string
  documentId: string
  version: number
  /** The document's text in the reader's language (what was consented to). */
  text: string
  /** The language the customer was shown and the SHA-256 of that exact text. */
  locale: string
  textSha256: string
  status: PermissionStatus
  /** When the answer that stands was given (ISO), and through which channel (WEB). */
  at: string
  channel: string
  /** When it was given before its withdrawal (ISO), for a withdrawn consent. */
  givenAt: string | null
  withdrawable: boolean
}

export type MySale = {
  saleId: string
  product: ApplicationProduct | null
  /** The issued policy or contract number, when the sale was paid. */
  policyNumber: string | null
  /** The first record's time: when the application's consents were first given (ISO). */
  startedAt: string
  consents: MyConsent[]
}

export type MyConsentsView = { phone: string; sales: MySale[] }
