import { expect } from 'vitest'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { PAGE_SIZES, type ListPage, type ListParams } from '../../../src/domain/list-params.ts'
import type { Model } from '../../support/model-test.ts'

/** A page of rows; each row names the page it was answered for (so the rows of page 1 and page 2 differ). */
export const page = (n: number, total: number, at = 1): ListPage<unknown> => ({ items: Array.from({ length: n }, (_, i) => ({ id: `p${at}-${i}` })), total, page: at, size: 20 })
/** 101 characters: a search or filter text is cut to 100 (MAX_SEARCH_LENGTH, restated in the expectations). */
export const TOO_LONG = 'ayse'.padEnd(101, 'x')
/** A list's params when the address says nothing (spec 2.2 "Lists": page 1, 20 a page). */
export const DEFAULT_LIST_PARAMS: ListParams = { page: 1, size: 20, sort: null, q: '', filters: {} }
export const FROM_URL = { ...DEFAULT_LIST_PARAMS, q: 'from-url' }
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const EVENTS = [
  { type: 'page.go', page: 2 },
  // "Önceki" from page 2 (the browser replay presses it there only: feasible in tests/e2e/drivers/resource-list.ts)
  { type: 'page.go', page: 1 },
  { type: 'page.go', page: 0 },
  { type: 'size.change', size: 50 },
  { type: 'size.change', size: 7 },
  { type: 'sort.toggle', field: 'at' },
  { type: 'filter.change', key: 'action', value: 'auth.login' },
  { type: 'search.input', q: 'ayse' },
  // longer than spec 7's 100 characters: the list asks with the first 100 (model only: the browser replay leaves these out)
  { type: 'search.input', q: TOO_LONG },
  { type: 'filter.change', key: 'action', value: TOO_LONG },
  { type: 'params.sync', params: FROM_URL },
  { type: 'params.sync', params: DEFAULT_LIST_PARAMS },
  { type: 'retry' },
  { type: 'reload' },
]

export const resourceListModel: Model = {
  name: 'resource-list',
  machine: resourceListMachine,
  // a pause of the model's own (the browser replay's page has the production 300 ms)
  input: { searchDebounceMs: 450 },
  productionInput: { input: { params: {} }, where: 'src/web/views/admin/ResourceListView.tsx (no search in the address)' },
  // the server's answers, for the page asked for (below: EVENTS)
  events: (s) => [
    ...EVENTS,
    ...(s.matches('loading') ? [{ type: 'xstate.done.actor.fetchPage', output: page(20, 45, s.context.params.page) }, { type: 'xstate.done.actor.fetchPage', output: page(0, 0) }] : []),
  ],
  outputs: { fetchPage: [] },
  errors: { fetchPage: [Object.assign(new Error('x'), { kind: 'network' })] },
  // coarse, only what guards read: how many pages there are (page.go) and whether the params
  // equal one of the two synced sets (params.sync); and the page the list is at, so that a path
  // reaches page 2 by "Sonraki" and goes back from there ("Önceki", the browser replay's mustReplay)
  serialize: (s) => ({
    value: s.value,
    pages: Math.max(1, Math.ceil(s.context.total / s.context.params.size)),
    page: s.context.params.page,
    // the rows on the screen (kept while the next page loads): "Önceki" from page 2 loads page 1 with page 2's
    // rows still shown, a state apart from a reload of page 1, so that page 1's answer after it is a path too
    shown: (s.context.items[0] as { id?: string } | undefined)?.id ?? null,
    atDefault: same(s.context.params, DEFAULT_LIST_PARAMS),
    atUrl: same(s.context.params, FROM_URL),
  }),
  invariants: (s) => {
    const { params } = s.context
    // the list never asks for an impossible page or size
    expect(params.page).toBeGreaterThanOrEqual(1)
    expect(PAGE_SIZES).toContain(params.size)
    if (s.matches('ready')) expect(s.context.items.length).toBeGreaterThan(0)
    // the rows shown are the answer to the page asked for (after "Önceki", page 1's)
    if (s.matches('ready')) expect((s.context.items[0] as { id: string }).id).toBe(`p${params.page}-0`)
    if (s.matches('empty')) expect(s.context.items).toEqual([])
    if (s.matches('failed')) expect(s.context.error).toBe('NETWORK')
    else expect(s.context.error).toBeNull()
    if (s.matches('loading')) expect(s.hasTag('busy')).toBe(true)
  },
}
