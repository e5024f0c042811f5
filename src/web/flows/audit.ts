import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { AUDIT_FILTERS, auditFilterValid } from '../../domain/admin-list-filters.ts'
import { call } from '../api/client.ts'
import { downloadFile } from './download.ts'
import { actionFlow } from './confirm.ts'
import { loadFlow } from './load.ts'

/** A piece of an entry's sentence: words, or the actor or target (a link to their page when it exists). */
export type SentencePart = { text: string } | { actor: string; href: string | null } | { target: string; href: string | null; deleted: boolean }

/** One audit entry as GET /audit answers it: the sentence in the reader's language, names, the changed fields. */
export type AuditEntry = {
  id: string
  at: string
  action: string
  actionName: string
  sentence: SentencePart[]
  text: string
  who: { name: string; username: string | null; href: string | null }
  what: { label: string; href: string | null; deleted: boolean } | null
  changes: Array<{ field: string; label: string; before: string | null; after: string | null }>
  requestId: string | null
  ip: string | null
}

export { AUDIT_FILTERS } from '../../domain/admin-list-filters.ts'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** The server's `to` is exclusive: a chosen last day (a date) includes that whole day. */
export function auditQuery(params: ListParams): Record<string, string> {
  const query = queryFromParams(params)
  // a filter the address bar holds in a form the server refuses is left out, not sent as a 400
  for (const key of AUDIT_FILTERS) if (query[key] !== undefined && !auditFilterValid(key, query[key])) delete query[key]
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

/** The actions the log knows, named in the reader's language (the action filter's options); the language is the parameter. */
export const auditActionsFlow = loadFlow<{ locale: string }, { items: Array<{ action: string; name: string }> }>((_params, signal) =>
  call<{ items: Array<{ action: string; name: string }> }>('/audit/actions', { authenticated: true, signal }))

/** The filtered entries as a CSV file (GET /audit/csv), saved by the browser. */
export function downloadAuditCsv(params: ListParams): Promise<void> {
  const { page: _page, size: _size, ...query } = auditQuery(params)
  return downloadFile('/audit/csv', query, 'audit-log.csv')
}

/** "CSV olarak indir": nothing to ask (the confirm-action statechart, busy while it downloads). */
export const auditExportFlow = actionFlow<ListParams, void>((params) => downloadAuditCsv(params))
