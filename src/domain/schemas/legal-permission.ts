import * as z from 'zod/mini'
import { shortText } from './common.ts'

/**
 * Legal permission (consent) record, spec 3.2 and 7.3 (POST digitalchannels/legalpermission), with
 * the proof that the sender is the applicant (issue 28 item 3): `ticket`, the SMS verification
 * ticket of the phone whose application the `saleId` header names. The party is the application's
 * person; a `partyId` sent must be that person.
 */
export const legalPermissionSchema = /* @__PURE__ */ z.strictObject({
  name: shortText('name', 100),
  status: shortText('status', 20),
  documentId: shortText('documentId', 64),
  scope: shortText('scope', 64),
  partyId: z.optional(shortText('partyId', 64)),
  ticket: z.string().check(z.minLength(1, 'required'), z.maxLength(1000, 'tooLong')),
})
export type LegalPermission = z.infer<typeof legalPermissionSchema>
