import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { call } from '../api/client.ts'
import { downloadFile } from './download.ts'
import { auditQuery } from './audit.ts'
import { actionFlow } from './confirm.ts'

/** One consent record as staff read it (GET /consent): the person and the address come masked. */
export type ConsentRecord = {
  id: string
  at: string
  saleId: string
  party: string
  name: string
  title: string
  documentId: string
  version: number
  textSha256: string
  locale: string
  status: 'READ' | 'ACCEPTED' | 'REJECTED' | 'WITHDRAWN'
  scope: string
  channel: string
  processStep: string
  ip: string
}

export { CONSENT_FILTERS } from '../../domain/admin-list-filters.ts'
/** The consent documents' names (docs/decisions/consents.md), for the document filter. */
export const CONSENT_NAMES = ['gdprtextread', 'gdprconcent', 'markconcent', 'infoconcent', 'trxconcent', 'noworkconcent', 'willconcent'] as const

/** The list's query: a chosen last day (a date) includes that whole day, as in the audit log. */
export const consentQuery = (params: ListParams): Record<string, string> => auditQuery(params)

/** The consent records (consent:read): GET /consent with page, size, sort and the filters. */
export const consentListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<ConsentRecord>>('/consent', { query: consentQuery(input), authenticated: true, signal })),
  },
})

/** The filtered records as a CSV file (GET /consent/csv), saved by the browser. */
export function downloadConsentsCsv(params: ListParams): Promise<void> {
  const { page: _page, size: _size, ...query } = consentQuery(params)
  return downloadFile('/consent/csv', query, 'consents.csv')
}

/** "CSV olarak indir": nothing to ask (the confirm-action statechart, busy while it downloads). */
export const consentExportFlow = actionFlow<ListParams, void>((params) => downloadConsentsCsv(params))
