/** NACE Rev.2 sections and divisions, from the committed derived file (see derive.ts and data/SOURCE.md). */
import industriesFile from './data/industries.json' with { type: 'json' }
import type { IndustryRow, ReferenceNote } from './types.ts'

export function buildIndustries(): { rows: IndustryRow[]; notes: ReferenceNote[] } {
  const rows = industriesFile.rows.map((row): IndustryRow => {
    if (row.level !== 1 && row.level !== 2) throw new Error(`industries.json: ${row.code} has level ${row.level}`)
    return { code: row.code, level: row.level, parentCode: row.parentCode, name: { tr: row.name.tr, en: row.name.en, ru: row.name.ru } }
  })
  const notes: ReferenceNote[] = industriesFile.notes.map((n) => ({
    dataset: 'industries',
    kind: n.kind === 'fallback' ? 'fallback' : 'correction',
    detail: n.detail,
    count: n.count,
  }))
  return { rows, notes }
}
