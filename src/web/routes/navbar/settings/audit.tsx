import { createFileRoute } from '@tanstack/react-router'
import { listSearchOf } from '../../../../domain/list-params.ts'
import { AuditLogView } from '../../../views/admin/AuditLogView.tsx'

/** The audit log (audit:read): its list state lives in the search params (a reload or a shared link shows the same list). */
export const Route = createFileRoute('/navbar/settings/audit')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, ['actor', 'action', 'target', 'from', 'to']),
  component: AuditLogView,
})
