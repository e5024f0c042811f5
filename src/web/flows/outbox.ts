import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { call } from '../api/client.ts'
import { actionFlow } from './confirm.ts'

/** One mail of the outbox as the "Posta kutusu" page reads it (GET /outbox): never its text. */
export type OutboxMail = {
  id: string
  createdAt: string
  recipient: string | null
  subject: string | null
  status: 'pending' | 'failed' | 'sent'
  attempts: number
  lastError: string | null
  nextAttemptAt: string | null
  sentAt: string | null
}

export { OUTBOX_FILTERS } from '../../domain/admin-list-filters.ts'

/** The company's mail (mailserver:read): GET /outbox with page, size, sort and the status filter. */
export const outboxListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<OutboxMail>>('/outbox', { query: queryFromParams(input), authenticated: true, signal })),
  },
})

/** "Şimdi tekrar gönder" (mailserver:update): POST /outbox/{id}/retry, nothing to ask. */
export const outboxRetryFlow = actionFlow<OutboxMail, OutboxMail>((mail) =>
  call<OutboxMail>(`/outbox/${mail.id}/retry`, { method: 'POST', authenticated: true }))
