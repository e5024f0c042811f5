import { createFileRoute } from '@tanstack/react-router'
import { listSearchOf } from '../../../../domain/list-params.ts'
import { ConsentRecordsView } from '../../../views/admin/ConsentRecordsView.tsx'
import { CONSENT_FILTERS } from '../../../flows/consents.ts'

/** Consent records (consent:read, issue 25 item 8): the list state lives in the search params. */
export const Route = createFileRoute('/navbar/settings/consents')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, CONSENT_FILTERS),
  component: ConsentRecordsView,
})
