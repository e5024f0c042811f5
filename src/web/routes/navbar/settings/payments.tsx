import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../domain/search.ts'
import { PaymentActionsView } from '../../../views/admin/PaymentActionsView.tsx'

/** Payments needing action (payment:read, issue 21): the list state lives in the search params. */
export const Route = createFileRoute('/navbar/settings/payments')({
  validateSearch: listSearch(['status', 'reason']),
  component: PaymentActionsView,
})
