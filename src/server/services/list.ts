import type { Context } from 'hono'
import * as z from 'zod/mini'
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'

/**
 * The list convention of every administration list (ARCHITECTURE.md 4b): `page` (1-based), `size`
 * (10, 20, 50 or 100), `sort` (`field` ascending, `-field` descending, one of the list's sortable
 * fields), `q` (free text), plus the list's own filters. Unknown keys are refused. The answer is
 * `{ items, total, page, size }`.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const

const pageNumber = z.string().check(z.regex(/^[1-9][0-9]{0,5}$/))
const pageSize = z.enum(['10', '20', '50', '100'])
const text = z.string().check(z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))

export type ListParams<F> = {
  page: number
  size: number
  offset: number
  sort: { field: string; dir: 'asc' | 'desc' } | null
  q: string | null
  filters: F
}

export function readList<S extends string, F extends Record<string, z.core.$ZodType>>(
  c: Context<AppEnv>,
  sortable: readonly S[],
  filters: F,
): ListParams<{ [K in keyof F]?: z.output<F[K]> }> {
  const sortValues = sortable.flatMap((f) => [f, `-${f}`]) as [string, ...string[]]
  const schema = z.strictObject({
    page: z.optional(pageNumber),
    size: z.optional(pageSize),
    sort: z.optional(z.enum(sortValues)),
    q: z.optional(text),
    ...Object.fromEntries(Object.entries(filters).map(([k, s]) => [k, z.optional(s)])),
  })
  const raw = readQuery(c, schema) as Record<string, unknown>
  const page = raw.page ? Number(raw.page) : 1
  const size = raw.size ? Number(raw.size) : 20
  const sortText = raw.sort as string | undefined
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(filters)) if (raw[key] !== undefined) out[key] = raw[key]
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.trim() : null
  return {
    page,
    size,
    offset: (page - 1) * size,
    sort: sortText ? { field: sortText.replace(/^-/, ''), dir: sortText.startsWith('-') ? 'desc' : 'asc' } : null,
    q,
    filters: out as { [K in keyof F]?: z.output<F[K]> },
  }
}

/** ORDER BY for the chosen sort, with a stable tie-breaker; `fallback` when none was chosen. */
export function orderBy(params: ListParams<unknown>, columns: Record<string, AnyColumn | SQL>, fallback: SQL[], tieBreaker: AnyColumn): SQL[] {
  if (!params.sort) return [...fallback, asc(tieBreaker)]
  const column = columns[params.sort.field]!
  return [params.sort.dir === 'desc' ? desc(column) : asc(column), asc(tieBreaker)]
}

export function listAnswer<T>(items: T[], total: number, params: ListParams<unknown>) {
  return { items, total, page: params.page, size: params.size }
}

/**
 * A capped count (issue 25 item 14): an exact `count(*)` over a million audit rows costs hundreds
 * of milliseconds, so a list counts at most `cap` matches, or as far as the page asked for and
 * one row more (`offset + size + 1`) when that is further. `limit` is the number of rows to count
 * (pass it to the count's `LIMIT`); `answer(n)` turns the rows counted into the list's `total` and
 * `totalCapped`: when `n` reached the limit there are more than `total` rows (at least one after
 * the page asked for), so a next page exists while rows come.
 */
export function cappedCount(cap: number, params: ListParams<unknown>) {
  const limit = Math.max(cap, params.offset + params.size) + 1
  return {
    limit,
    answer: (n: number) => (n >= limit ? { total: limit - 1, totalCapped: true } : { total: n, totalCapped: false }),
  }
}

/** A LIKE pattern matching `q` anywhere, with LIKE's own wildcards escaped. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (m) => '\\' + m)}%`
}

export function prefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (m) => '\\' + m)}%`
}

/** An ISO date-time filter value. */
export const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/))
