import { createFileRoute } from '@tanstack/react-router'
import { listSearchOf } from '../../../../../domain/list-params.ts'
import { OutboxView } from '../../../../views/admin/company/OutboxView.tsx'
import { OUTBOX_FILTERS } from '../../../../flows/outbox.ts'

/** "Posta kutusu" (mailserver:read, issue 25 item 3): the list state lives in the search params. */
export const Route = createFileRoute('/navbar/settings/company/outbox')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, OUTBOX_FILTERS),
  component: OutboxView,
})
