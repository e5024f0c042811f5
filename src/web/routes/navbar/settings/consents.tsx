import { createFileRoute } from '@tanstack/react-router'
import { CONSENT_FILTERS } from '../../../../domain/admin-list-filters.ts'
import { listSearch } from '../../../../domain/search.ts'
import { ConsentRecordsView } from '../../../views/admin/ConsentRecordsView.tsx'

/** Consent records (consent:read, issue 25 item 8): the list state lives in the search params. */
export const Route = createFileRoute('/navbar/settings/consents')({
  validateSearch: listSearch(CONSENT_FILTERS),
  component: ConsentRecordsView,
})
