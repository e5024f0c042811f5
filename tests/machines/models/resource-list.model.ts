import { expect } from 'vitest'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { PAGE_SIZES, type ListPage, type ListParams } from '../../../src/domain/list-params.ts'
import type { Model } from '../../support/model-test.ts'

export const page = (n: number, total: number): ListPage<unknown> => ({ items: Array.from({ length: n }, (_, i) => ({ id: i })), total, page: 1, size: 20 })
/** A list's params when the address says nothing (spec 2.2 "Lists": page 1, 20 a page). */
/** 101 characters: a search or filter text is cut to 100 (MAX_SEARCH_LENGTH, restated in the expectations). */
export const TOO_LONG = 'ayse'.padEnd(101, 'x')
export const DEFAULT_LIST_PARAMS: ListParams = { page: 1, size: 20, sort: null, q: '', filters: {} }
export const FROM_URL = { ...DEFAULT_LIST_PARAMS, q: 'from-url' }
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const resourceListModel: Model = {
  name: 'resource-list',
  machine: resourceListMachine,
  // a pause of the model's own (the browser replay's page has the production 300 ms)
  input: { searchDebounceMs: 450 },
  productionInput: { input: { params: {} }, where: 'src/web/views/admin/ResourceListView.tsx (no search in the address)' },
  events: [
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
  ],
  outputs: { fetchPage: [page(20, 45), page(0, 0)] },
  errors: { fetchPage: [Object.assign(new Error('x'), { kind: 'network' })] },
  // coarse, only what guards read: how many pages there are (page.go) and whether the params
  // equal one of the two synced sets (params.sync); and the page the list is at, so that a path
  // reaches page 2 by "Sonraki" and goes back from there ("Önceki", the browser replay's mustReplay)
  serialize: (s) => ({
    value: s.value,
    pages: Math.max(1, Math.ceil(s.context.total / s.context.params.size)),
    page: s.context.params.page,
    atDefault: same(s.context.params, DEFAULT_LIST_PARAMS),
    atUrl: same(s.context.params, FROM_URL),
  }),
  invariants: (s) => {
    const { params } = s.context
    // the list never asks for an impossible page or size
    expect(params.page).toBeGreaterThanOrEqual(1)
    expect(PAGE_SIZES).toContain(params.size)
    if (s.matches('ready')) expect(s.context.items.length).toBeGreaterThan(0)
    if (s.matches('empty')) expect(s.context.items).toEqual([])
    if (s.matches('failed')) expect(s.context.error).toBe('NETWORK')
    else expect(s.context.error).toBeNull()
    if (s.matches('loading')) expect(s.hasTag('busy')).toBe(true)
  },
}
