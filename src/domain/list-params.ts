/**
 * The parameters of a paged list (spec 2.2 "Lists"), shared by the list statechart, the URL of
 * an admin page and the server's list endpoints: `page` (1-based), `size` (10, 20, 50 or 100),
 * `sort` (`field` or `-field`), `q` (search) and named filters.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20
export const MAX_SEARCH_LENGTH = 100

export type ListParams = {
  page: number
  size: PageSize
  sort: string | null
  q: string
  filters: Record<string, string>
}

/**
 * A page of a list. `totalCapped` (the audit log, issue 25 item 14): the server stopped counting,
 * there are more than `total` rows, at least one after this page.
 */
export type ListPage<T> = { items: T[]; total: number; page: number; size: number; totalCapped?: boolean }

export const DEFAULT_LIST_PARAMS: ListParams = { page: 1, size: DEFAULT_PAGE_SIZE, sort: null, q: '', filters: {} }

export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value)
}

const SORT = /^-?[A-Za-z][A-Za-z0-9_]{0,40}$/

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_SEARCH_LENGTH) : undefined
}

/** Reads list parameters from URL search params, dropping whatever is not valid. */
export function paramsFromSearch(search: Record<string, unknown>, filterKeys: readonly string[]): ListParams {
  const page = Number(search.page)
  const size = Number(search.size)
  const sort = text(search.sort)
  const filters: Record<string, string> = {}
  for (const key of filterKeys) {
    const v = text(search[key])
    if (v !== undefined) filters[key] = v
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sort && SORT.test(sort) ? sort : null,
    q: text(search.q) ?? '',
    filters,
  }
}

/** The URL search params of a list: only what differs from the defaults. */
export function searchFromParams(params: ListParams): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  if (params.page !== 1) out.page = params.page
  if (params.size !== DEFAULT_PAGE_SIZE) out.size = params.size
  if (params.sort) out.sort = params.sort
  if (params.q) out.q = params.q
  for (const [k, v] of Object.entries(params.filters)) if (v) out[k] = v
  return out
}

/** A route's `validateSearch`: the list's search params, valid ones only. */
export function listSearchOf(search: Record<string, unknown>, filterKeys: readonly string[]): Record<string, string | number> {
  return searchFromParams(paramsFromSearch(search, filterKeys))
}

/** The query of the server's list endpoints. */
export function queryFromParams(params: ListParams): Record<string, string> {
  const out: Record<string, string> = { page: String(params.page), size: String(params.size) }
  if (params.sort) out.sort = params.sort
  if (params.q) out.q = params.q
  for (const [k, v] of Object.entries(params.filters)) if (v) out[k] = v
  return out
}

/** "Showing {start} to {end} of {total}" (spec 2.2): 1-based positions of the rows shown. */
export function showingRange(page: number, size: number, total: number): { start: number; end: number; total: number } {
  if (total <= 0) return { start: 0, end: 0, total: 0 }
  const start = Math.min((page - 1) * size + 1, total)
  return { start, end: Math.min(page * size, total), total }
}

export function pageCount(size: number, total: number): number {
  return Math.max(1, Math.ceil(total / size))
}

/**
 * The last page a list may go to: the pages its total fills, and one more when the total was
 * capped (more rows than counted: the next page exists while rows come).
 */
export function lastReachablePage(size: number, total: number, totalCapped: boolean): number {
  return pageCount(size, total) + (totalCapped ? 1 : 0)
}

/** The next sort after a click on a column: ascending, then descending, then ascending again. */
export function nextSort(current: string | null, field: string): string {
  return current === field ? `-${field}` : field
}
