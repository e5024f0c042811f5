import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../domain/search.ts'
import { AUDIT_FILTERS, auditFilterValid } from '../../../../domain/admin-list-filters.ts'
import { AuditLogView } from '../../../views/admin/AuditLogView.tsx'

const list = listSearch(AUDIT_FILTERS)

/**
 * The audit log (audit:read): its list state lives in the search params (a reload or a shared link
 * shows the same list); a filter of the wrong form (not a person's id, not a day) is dropped.
 */
export const Route = createFileRoute('/navbar/settings/audit')({
  validateSearch: {
    parse: (search: Record<string, unknown>) => Object.fromEntries(Object.entries(list.parse(search))
      .filter(([k, v]) => !(AUDIT_FILTERS as readonly string[]).includes(k) || auditFilterValid(k, String(v)))),
  },
  component: AuditLogView,
})
