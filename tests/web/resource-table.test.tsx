import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createActor, fromPromise } from 'xstate'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { resourceListMachine } from '../../machines/resource-list/resource-list.machine.ts'
import type { ListPage, ListParams } from '../../src/domain/list-params.ts'
import { ResourceTable } from '../../src/web/views/admin/ResourceListView.tsx'

/**
 * Issue 25 item 14: a list whose total the server capped (the audit log past 10,000 matches) says
 * "10.000+" in the reader's locale, and its pager goes on while rows come.
 */
type Row = { id: string; name: string }
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: String(from + i), name: `satır ${from + i}` }))
// 10,000 counted and more: pages 1-500 known; the count reaches one row past the page asked for,
// so page 501 answers "10,020 and more", page 502 is the last (5 rows, exact)
function answer(p: ListParams): ListPage<unknown> {
  if (p.page <= 500) return { items: rows((p.page - 1) * 20 + 1, 20), total: 10_000, totalCapped: true, page: p.page, size: 20 }
  if (p.page === 501) return { items: rows(10_001, 20), total: 10_020, totalCapped: true, page: 501, size: 20 }
  return { items: rows(10_021, 5), total: 10_025, totalCapped: false, page: p.page, size: 20 }
}

beforeAll(() => { i18n.load({ tr, en, ru }) })
afterEach(cleanup)

function show(locale: string, page = 1) {
  i18n.activate(locale)
  const asked: ListParams[] = []
  const list = createActor(resourceListMachine.provide({
    actors: { fetchPage: fromPromise(async ({ input }: { input: ListParams }) => { asked.push(input); return answer(input) }) },
  }), { input: { params: { page } } }).start()
  render(<I18nProvider i18n={i18n}><ResourceTable<Row> list={list} caption="liste" columns={[{ key: 'name', label: 'Ad', cell: (r) => r.name }]} /></I18nProvider>)
  return { list, asked }
}

describe('a capped total', () => {
  it('reads "10.000+" in Turkish, with "Sayfa 1 / 500+", and the next page can be asked', async () => {
    const { asked } = show('tr')
    await screen.findByText('10.000+ kayıttan 1 - 20 arası gösteriliyor')
    expect(screen.getByText('Sayfa 1 / 500+')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki' }))
    await screen.findByText('10.000+ kayıttan 21 - 40 arası gösteriliyor')
    expect(asked.at(-1)!.page).toBe(2)
  })

  it('in English and Russian, with their digit grouping', async () => {
    show('en')
    await screen.findByText('Showing 1 to 20 of 10,000+')
    expect(screen.getByText('Page 1 of 500+')).toBeTruthy()
    cleanup()
    show('ru')
    // Russian groups digits with a no-break space
    await screen.findByText((text) => text.replace(/\s/g, ' ') === 'Показаны записи с 1 по 20 из 10 000+')
  })

  it('past the cap the pager goes on while rows come, and stops at an exact end', async () => {
    const { asked } = show('tr', 500)
    await screen.findByText('10.000+ kayıttan 9.981 - 10.000 arası gösteriliyor')
    const next = screen.getByRole('button', { name: 'Sonraki' }) as HTMLButtonElement
    expect(next.disabled).toBe(false)
    fireEvent.click(next)
    await screen.findByText('10.020+ kayıttan 10.001 - 10.020 arası gösteriliyor')
    expect(screen.getByText('Sayfa 501 / 501+')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki' }))
    await screen.findByText('10.025 kayıttan 10.021 - 10.025 arası gösteriliyor')
    expect(screen.getByText('Sayfa 502 / 502')).toBeTruthy()
    await waitFor(() => expect((screen.getByRole('button', { name: 'Sonraki' }) as HTMLButtonElement).disabled).toBe(true))
    expect(asked.map((p) => p.page)).toEqual([500, 501, 502])
  })

  it('an exact total has no "+" and no page after the last', async () => {
    i18n.activate('tr')
    const list = createActor(resourceListMachine.provide({
      actors: { fetchPage: fromPromise<ListPage<unknown>, ListParams>(async () => ({ items: rows(1, 20), total: 1_234, totalCapped: false, page: 1, size: 20 })) },
    }), { input: { params: {} } }).start()
    render(<I18nProvider i18n={i18n}><ResourceTable<Row> list={list} caption="liste" columns={[{ key: 'name', label: 'Ad', cell: (r) => r.name }]} /></I18nProvider>)
    await screen.findByText('1.234 kayıttan 1 - 20 arası gösteriliyor')
    expect(screen.getByText('Sayfa 1 / 62')).toBeTruthy()
  })
})
