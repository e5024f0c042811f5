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

/** The audit log's list: GET /audit with page, size, sort, q and the filters (audit:read). */
export const auditListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<AuditEntry>>('/audit', { query: queryFromParams(input), authenticated: true, signal })),
  },
})
