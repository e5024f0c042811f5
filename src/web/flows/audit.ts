import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { searchMachine, type SearchHit } from '../../../machines/search/search.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { AUDIT_FILTERS, auditFilterValid } from '../../domain/admin-list-filters.ts'
import { call } from '../api/client.ts'
import { downloadFile } from './download.ts'
import { actionFlow } from './confirm.ts'
import { loadFlow } from './load.ts'

import type { AuditEntry } from '../../domain/audit-entry.ts'

export type { AuditEntry, SentencePart } from '../../domain/audit-entry.ts'

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

/** A person of the company as the picker shows them (GET /audit/people). */
export type AuditPerson = { id: string; username: string; firstName: string; lastName: string }

/** "Ad Soyad (kullanıcı adı)": how the picker names a person, in the list and in the field. */
export function personLabel(p: AuditPerson): string {
  const name = `${p.firstName} ${p.lastName}`.trim()
  return name ? `${name} (${p.username})` : p.username
}

/** The people the server found, as the search statechart's hits (the key and `q` are the person's id). */
export function personHits(items: AuditPerson[]): SearchHit[] {
  return items.map((p) => ({ key: p.id, kind: 'user', label: personLabel(p), detail: '', to: '', q: p.id }))
}

/**
 * The audit log's person filter (issue 25 item 7): the search statechart (machines/search, the
 * global search's) with GET /audit/people?q= (audit:read; name, surname, username or e-mail; ten
 * at most). Choosing a person emits `chosen`; the view puts the id in the list's `user` filter (the
 * URL), so the list statechart loads the entries and a reload keeps the choice.
 */
export const auditPeopleFlow = searchMachine.provide({
  actors: {
    search: fromPromise(async ({ input, signal }: { input: string; signal: AbortSignal }) =>
      personHits((await call<{ items: AuditPerson[] }>('/audit/people', { query: { q: input, limit: '10' }, authenticated: true, signal })).items)),
  },
})

/** The chosen person by id (after a reload or from a link), to name them in the field; no id, no request. */
export const auditPersonFlow = loadFlow<{ id: string | null }, AuditPerson | null>(({ id }, signal) =>
  id ? call<AuditPerson>(`/audit/people/${encodeURIComponent(id)}`, { authenticated: true, signal }) : Promise.resolve(null))
