import { useEffect, useId, type ReactNode } from 'react'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import type { resourceListMachine } from '../../../../machines/resource-list/resource-list.machine.ts'
import {
  PAGE_SIZES, lastReachablePage, pageCount, paramsFromSearch, searchFromParams, showingRange, type ListParams,
} from '../../../domain/list-params.ts'
import { reasonText } from '../../i18n/reasons.ts'
import { getInspect } from '../../inspector.ts'
import styles from '../staff/StaffLayout.module.css'

export type ListActor = ActorRefFrom<typeof resourceListMachine>

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Starts a provided resource-list flow from the URL and keeps the two in step: the list's params
 * go into the search params (replace), and a changed URL (back, forward, a pasted link) goes to
 * the list as `params.sync`.
 */
export function useUrlList(flow: typeof resourceListMachine, filterKeys: readonly string[]): ListActor {
  const navigate = useNavigate()
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  const list = useActorRef(flow, { input: { params: paramsFromSearch(search, filterKeys) }, inspect: getInspect() })
  const params = useSelector(list, (s) => s.context.params, sameJson)
  useEffect(() => {
    const fromUrl = paramsFromSearch(search, filterKeys)
    if (!sameJson(fromUrl, list.getSnapshot().context.params)) list.send({ type: 'params.sync', params: fromUrl })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(search)])
  useEffect(() => {
    const wanted = searchFromParams(params)
    if (!sameJson(wanted, searchFromParams(paramsFromSearch(search, filterKeys)))) {
      void navigate({ to: '.', search: wanted as never, replace: true })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params])
  return list
}

/** The list's search box (debounced by the list statechart), the first control of a list's toolbar. */
export function ListSearch({ list }: { list: ListActor }) {
  const { t } = useLingui()
  const id = useId()
  const q = useSelector(list, (s) => s.context.params.q)
  return (
    <label htmlFor={`${id}-q`}>
      {t`Ara`}
      <input id={`${id}-q`} type="search" defaultValue={q} onChange={(e) => list.send({ type: 'search.input', q: e.currentTarget.value })} />
    </label>
  )
}

export type Column<T> = { key: string; label: ReactNode; sortable?: boolean; cell: (row: T) => ReactNode }

/** The list's table with sortable headers, the loading / empty / failed states, the pager and page-size selector. */
export function ResourceTable<T extends { id: string }>({ list, columns, caption }: { list: ListActor; columns: Column<T>[]; caption: string }) {
  const { t, i18n } = useLingui()
  const sizeId = useId()
  const state = useSelector(list, (s) => (s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : s.hasTag('busy') || s.matches('searching') ? 'loading' : 'ready'))
  const items = useSelector(list, (s) => s.context.items) as T[]
  const count = useSelector(list, (s) => s.context.total)
  const capped = useSelector(list, (s) => s.context.totalCapped)
  const error = useSelector(list, (s) => s.context.error)
  const params: ListParams = useSelector(list, (s) => s.context.params, sameJson)
  const range = showingRange(params.page, params.size, count)
  // written in the reader's locale ("10.000", "10,000", "10 000"); a capped count reads "10.000+"
  const start = i18n.number(range.start)
  const end = i18n.number(range.end)
  const total = `${i18n.number(count)}${capped ? '+' : ''}`
  const pages = `${i18n.number(pageCount(params.size, count))}${capped ? '+' : ''}`
  const lastPage = lastReachablePage(params.size, count, capped)
  const page = i18n.number(params.page)
  const sortOf = (key: string) => (params.sort === key ? 'ascending' : params.sort === `-${key}` ? 'descending' : 'none')

  return (
    <div aria-busy={state === 'loading'}>
      {state === 'failed' && (
        <div className={styles.notice} role="alert">
          <p>{reasonText(error, i18n)}</p>
          <button type="button" className={styles.secondaryButton} onClick={() => list.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
        </div>
      )}
      <p role="status" aria-live="polite">
        {state === 'loading' ? <Trans>Yükleniyor…</Trans>
          : state === 'empty' ? <Trans>Sonuç bulunamadı</Trans>
          : state === 'ready' ? <Trans>{total} kayıttan {start} - {end} arası gösteriliyor</Trans> : null}
      </p>
      {state !== 'failed' && (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stack}`}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" aria-sort={c.sortable ? sortOf(c.key) : undefined}>
                    {c.sortable ? (
                      <button type="button" className={styles.sortButton} onClick={() => list.send({ type: 'sort.toggle', field: c.key })}>
                        {c.label}<span aria-hidden="true">{sortOf(c.key) === 'ascending' ? ' ▲' : sortOf(c.key) === 'descending' ? ' ▼' : ''}</span>
                      </button>
                    ) : c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state !== 'empty' && items.map((row) => <tr key={row.id}>{columns.map((c) => <td key={c.key} data-label={typeof c.label === 'string' ? c.label : undefined}>{c.cell(row)}</td>)}</tr>)}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.pager}>
        <button type="button" className={styles.secondaryButton} disabled={state !== 'ready' && state !== 'empty'} onClick={() => list.send({ type: 'reload' })}>
          <Trans>Yenile</Trans>
        </button>
        <label htmlFor={sizeId}><Trans>Sayfa başına</Trans></label>
        <select id={sizeId} value={params.size} onChange={(e) => list.send({ type: 'size.change', size: Number(e.currentTarget.value) })}>
          {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <button type="button" className={styles.secondaryButton} disabled={params.page <= 1} onClick={() => list.send({ type: 'page.go', page: params.page - 1 })}>
          <Trans>Önceki</Trans>
        </button>
        <span>{t`Sayfa ${page} / ${pages}`}</span>
        <button type="button" className={styles.secondaryButton} disabled={params.page >= lastPage} onClick={() => list.send({ type: 'page.go', page: params.page + 1 })}>
          <Trans>Sonraki</Trans>
        </button>
      </div>
    </div>
  )
}
