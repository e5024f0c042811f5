import * as z from 'zod/mini'
import { shortText } from './common.ts'

/** Legal permission (consent) record, spec 3.2 and 7.3 (POST digitalchannels/legalpermission). */
export const legalPermissionSchema = /* @__PURE__ */ z.strictObject({
  name: shortText('name', 100),
  status: shortText('status', 20),
  documentId: shortText('documentId', 64),
  scope: shortText('scope', 64),
  partyId: shortText('partyId', 64),
})
export type LegalPermission = z.infer<typeof legalPermissionSchema>
