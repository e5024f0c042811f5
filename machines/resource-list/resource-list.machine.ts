import { assign, setup } from 'xstate'
import {
  DEFAULT_LIST_PARAMS, MAX_SEARCH_LENGTH, isPageSize, lastReachablePage, nextSort, type ListPage, type ListParams, type PageSize,
} from '../../src/domain/list-params.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * Every admin list (ARCHITECTURE 4b, spec 2.2 "Lists"): loading, ready, empty ("no results"),
 * failed with retry; page, page size, sort, debounced search and filters. The web layer mirrors
 * `params` into the URL's search params and sends `params.sync` when the URL changes (back,
 * forward, a shared link). `fetchPage` is provided per resource.
 */
export type ResourceListContext = {
  params: ListParams
  items: unknown[]
  total: number
  /** The server stopped counting at `total`: there are more rows (issue 25 item 14, "10.000+"). */
  totalCapped: boolean
  /** The failure's reason code (never text). */
  error: string | null
  searchDebounceMs: number
}

export type ResourceListInput = { params?: Partial<ListParams>; searchDebounceMs?: number } | undefined

export type ResourceListEvent =
  | { type: 'page.go'; page: number }
  | { type: 'size.change'; size: number }
  | { type: 'sort.toggle'; field: string }
  | { type: 'filter.change'; key: string; value: string }
  | { type: 'search.input'; q: string }
  | { type: 'params.sync'; params: ListParams }
  | { type: 'retry' }
  | { type: 'reload' }

const sameParams = (a: ListParams, b: ListParams) => JSON.stringify(a) === JSON.stringify(b)

export const resourceListMachine = setup({
  types: {} as {
    context: ResourceListContext
    events: ResourceListEvent
    input: ResourceListInput
  },
  actors: {
    fetchPage: providedLater<ListPage<unknown>, ListParams>('fetchPage'),
  },
  guards: {
    isValidPage: ({ context, event }) => {
      if (event.type !== 'page.go') return false
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= lastReachablePage(context.params.size, context.total, context.totalCapped)
    },
    isValidSize: ({ event }) => event.type === 'size.change' && isPageSize(event.size),
    isEmptyPage: ({ event }) => (event as unknown as { output: ListPage<unknown> }).output.items.length === 0,
    hasChangedParams: ({ context, event }) => event.type === 'params.sync' && !sameParams(context.params, event.params),
  },
  delays: {
    searchDebounce: ({ context }) => context.searchDebounceMs,
  },
}).createMachine({
  id: 'resourceList',
  context: ({ input }) => ({
    params: { ...DEFAULT_LIST_PARAMS, ...input?.params, filters: { ...input?.params?.filters } },
    items: [],
    total: 0,
    totalCapped: false,
    error: null,
    searchDebounceMs: input?.searchDebounceMs ?? 300,
  }),
  initial: 'loading',
  on: {
    'page.go': {
      guard: 'isValidPage', target: '.loading', reenter: true,
      actions: assign({ params: ({ context, event }) => ({ ...context.params, page: (event as { page: number }).page }) }),
    },
    'size.change': {
      guard: 'isValidSize', target: '.loading', reenter: true,
      actions: assign({ params: ({ context, event }) => ({ ...context.params, size: (event as { size: number }).size as PageSize, page: 1 }) }),
    },
    'sort.toggle': {
      target: '.loading', reenter: true,
      actions: assign({ params: ({ context, event }) => ({ ...context.params, sort: nextSort(context.params.sort, event.field), page: 1 }) }),
    },
    'filter.change': {
      target: '.loading', reenter: true,
      actions: assign({
        params: ({ context, event }) => ({
          ...context.params, page: 1, filters: { ...context.params.filters, [event.key]: event.value.slice(0, MAX_SEARCH_LENGTH) },
        }),
      }),
    },
    'search.input': {
      target: '.searching', reenter: true,
      actions: assign({ params: ({ context, event }) => ({ ...context.params, q: event.q.slice(0, MAX_SEARCH_LENGTH), page: 1 }) }),
    },
    'params.sync': {
      guard: 'hasChangedParams', target: '.loading', reenter: true,
      actions: assign({ params: ({ event }) => (event as { params: ListParams }).params }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => context.params,
        onDone: [
          {
            guard: 'isEmptyPage', target: 'empty',
            actions: assign({ items: [], total: ({ event }) => event.output.total, totalCapped: ({ event }) => event.output.totalCapped === true, error: null }),
          },
          {
            target: 'ready',
            actions: assign({
              items: ({ event }) => event.output.items, total: ({ event }) => event.output.total,
              totalCapped: ({ event }) => event.output.totalCapped === true, error: null,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    /** typing: the search waits for a pause before it asks */
    searching: {
      entry: assign({ error: null }),
      after: { searchDebounce: 'loading' },
    },
    ready: {
      on: { reload: 'loading' },
    },
    empty: {
      on: { reload: 'loading' },
    },
    failed: {
      on: { retry: 'loading' },
    },
  },
})
