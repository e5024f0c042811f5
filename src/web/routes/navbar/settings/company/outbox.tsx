import { createFileRoute } from '@tanstack/react-router'
import { OUTBOX_FILTERS } from '../../../../../domain/admin-list-filters.ts'
import { listSearch } from '../../../../../domain/search.ts'
import { OutboxView } from '../../../../views/admin/company/OutboxView.tsx'

/** "Posta kutusu" (mailserver:read, issue 25 item 3): the list state lives in the search params. */
export const Route = createFileRoute('/navbar/settings/company/outbox')({
  validateSearch: listSearch(OUTBOX_FILTERS),
  component: OutboxView,
})
