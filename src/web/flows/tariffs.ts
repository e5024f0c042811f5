import type { TariffVersionSummary } from '../../domain/tariff-version.ts'
import { call } from '../api/client.ts'
import { actionFlow } from './confirm.ts'
import { downloadFile } from './download.ts'
import { editorFlow } from './editor.ts'
import { loadFlow } from './load.ts'

/** A version as the list shows it (GET /tariff): with its state on today's day. */
export type TariffListItem = TariffVersionSummary & { state: 'inForce' | 'scheduled' | 'superseded' }
export type TariffRowView = { section: string; key: string; value: string; name: string }
export type TariffChangeView = { section: string; key: string; before: string | null; after: string | null }
export type TariffDetail = TariffListItem & { previousVersion: number | null; rows: TariffRowView[]; changes: TariffChangeView[] }

/** The versions (tariff:read), newest first. */
export const tariffListFlow = loadFlow<null, { items: TariffListItem[] }>((_p, signal) => call('/tariff', { authenticated: true, signal }))

/** One version's figures and what it changed (its id, or null: the one in force). */
export const tariffDetailFlow = loadFlow<number, TariffDetail>((id, signal) => call(`/tariff/${id}`, { authenticated: true, signal }))

/** "CSV indir": a version's file (the one to change and load as a new version). */
export const tariffCsvFlow = actionFlow<{ id: number; version: number }, void>(({ id, version }) => downloadFile(`/tariff/${id}/csv`, {}, `tarife-v${version}.csv`))

/**
 * Loading a new version (tariff:update) on the editor statechart: the day it takes effect, a note
 * and the chosen CSV file's text; the server checks every row and answers each problem on its row
 * and column (`rows.<n>.<column>`), which the page lists.
 */
export const tariffUploadFlow = editorFlow({
  load: async () => ({ id: 'new', version: 0, values: { effectiveFrom: '', note: '', csv: '', fileName: '' } }),
  save: async ({ values }) => {
    const body: Record<string, string> = { effectiveFrom: String(values.effectiveFrom ?? ''), csv: String(values.csv ?? '') }
    if (values.fileName) body.fileName = String(values.fileName).slice(0, 200)
    if (values.note) body.note = String(values.note)
    await call<TariffListItem>('/tariff', { method: 'POST', body, authenticated: true })
    // the form starts again empty for the next version; the list shows the one loaded
    return { id: 'new', version: 0, values: { effectiveFrom: '', note: '', csv: '', fileName: '' } }
  },
  check: (values) => {
    const errors: Record<string, string> = {}
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(values.effectiveFrom ?? ''))) errors.effectiveFrom = 'required'
    if (!values.csv) errors.csv = 'required'
    if (String(values.note ?? '').length > 500) errors.note = 'tooLong'
    return errors
  },
})
