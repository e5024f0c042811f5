import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../domain/search.ts'
import { AuditLogView } from '../../../views/admin/AuditLogView.tsx'

/** The audit log (audit:read): its list state lives in the search params (a reload or a shared link shows the same list). */
export const Route = createFileRoute('/navbar/settings/audit')({
  validateSearch: listSearch(['actor', 'action', 'target', 'from', 'to']),
  component: AuditLogView,
})
