import { createFileRoute } from '@tanstack/react-router'
import { listSearchOf } from '../../../../domain/list-params.ts'
import { PaymentActionsView } from '../../../views/admin/PaymentActionsView.tsx'

/** Payments needing action (payment:read, issue 21): the list state lives in the search params. */
export const Route = createFileRoute('/navbar/settings/payments')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, ['status', 'reason']),
  component: PaymentActionsView,
})
