import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { call } from '../api/client.ts'

export type AuditEntry = {
  id: string
  at: string
  actor: string | null
  action: string
  target: string | null
  requestId: string | null
  ip: string | null
  detail: Record<string, unknown> | null
}

export const AUDIT_FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** The server's `to` is exclusive: a chosen last day (a date) includes that whole day. */
export function auditQuery(params: ListParams): Record<string, string> {
  const query = queryFromParams(params)
  if (query.to && DATE_ONLY.test(query.to)) {
    const next = new Date(`${query.to}T00:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    query.to = next.toISOString().slice(0, 10)
  }
  return query
}

/** The audit log's list: GET /audit with page, size, sort, q and the filters (audit:read). */
export const auditListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<AuditEntry>>('/audit', { query: auditQuery(input), authenticated: true, signal })),
  },
})
