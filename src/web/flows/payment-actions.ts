import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import type { PaymentActionView } from '../../domain/schemas/payment-action.ts'
import { call } from '../api/client.ts'

export const PAYMENT_ACTION_FILTERS = ['status', 'reason'] as const

/** Payments needing action (issue 21): GET /payment/actions with page, size, sort, q and the filters (payment:read). */
export const paymentActionsListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<PaymentActionView>>('/payment/actions', { query: queryFromParams(input), authenticated: true, signal })),
  },
})
