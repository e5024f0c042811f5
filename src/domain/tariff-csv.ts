import { FUND_KINDS, type Fund, type FundKind } from './funds.ts'
import {
  OUTPATIENT_OPTIONS, TRAVEL_COVERAGES, TRAVEL_REGIONS, type AgeBand, type CityGroup, type OutpatientVisits, type TravelCoverage,
  type TravelRegion,
} from './tariff.ts'
import type { TariffFigures } from './tariff-version.ts'

/**
 * A tariff version as a CSV file (issue 24, docs/decisions/tariffs.md): the file staff download
 * from "Ürünler ve tarifeler", change in a spreadsheet and load as a new version. One figure per
 * row, four columns `section,key,value,name` (a header row first; comma or semicolon separated, so
 * a Turkish spreadsheet's `;` export with decimal commas reads as well):
 *
 * | section | key | value | name |
 * |---|---|---|---|
 * | `tss.inpatient` | age band `0-17` | yearly inpatient premium, whole TRY | |
 * | `tss.cityGroup` | plate code `06` | 1 or 2 (every other province is group 3) | |
 * | `tss.cityFactor` | 1, 2 or 3 | factor | |
 * | `tss.outpatientLoading` | 8, 10 or 12 | share of the inpatient premium | |
 * | `tss` | femaleLoading, birthLoading, birthWaitingMonths | share; months | |
 * | `travel.length` | days `1-7` | standard Schengen premium, whole TRY | |
 * | `travel.region` | schengen, worldwideExclUsCa, worldwide | factor | |
 * | `travel.coverage` | standard, plus, premium | factor | |
 * | `travel.coverEur` | standard, plus, premium | medical cover, whole EUR | |
 * | `travel.age` | age band `0-17` | factor | |
 * | `travel` | covidLoading | share | |
 * | `fund.<kind>` | fund code `KEP` | risk value 1-7 | the fund's name |
 *
 * Every row is checked and every problem named by its row (the file's line, the header is row 1)
 * and column; a file with any problem loads nothing.
 */

export const TARIFF_CSV_COLUMNS = ['section', 'key', 'value', 'name'] as const
export type TariffCsvColumn = (typeof TARIFF_CSV_COLUMNS)[number]

/** What is wrong with a row's cell (or with the file, row 0). The staff page words each code. */
export type TariffCsvProblem =
  | 'empty' // the file has no rows
  | 'header' // the first row is not section,key,value,name
  | 'columns' // a row with another number of cells
  | 'section' // an unknown section
  | 'key' // a key the section does not have
  | 'number' // not a number
  | 'integer' // not a whole number
  | 'range' // a number outside its section's range
  | 'name' // a fund without a name, or a name where none belongs
  | 'duplicate' // the same section and key twice
  | 'missing' // a figure the version needs is not in the file (key names it)
  | 'bands' // the bands of a section leave a gap, overlap or do not cover its ages/days

export type TariffCsvIssue = { row: number; column: TariffCsvColumn | null; code: TariffCsvProblem; key?: string }
export type TariffCsvResult = { ok: true; figures: TariffFigures; rows: number } | { ok: false; issues: TariffCsvIssue[] }

/** At most this many problems are reported (a wrong file would otherwise answer thousands). */
export const MAX_TARIFF_CSV_ISSUES = 50
/** At most this many rows (a version has about 60). */
export const MAX_TARIFF_CSV_ROWS = 1_000

/** Splits a CSV text into rows of cells (RFC 4180 quoting; CRLF or LF; a leading byte-order mark dropped). */
export function parseCsv(text: string, delimiter: ',' | ';'): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') { cell += '"'; i++ } else quoted = false
      } else cell += ch
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === delimiter) { row.push(cell); cell = '' }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row) }
  return rows
}

/** A cell as written by the server's CSV writer: a leading apostrophe guarding a formula character is taken off. */
function unguard(cell: string): string {
  const t = cell.trim()
  return /^'[=+\-@\t\r]/.test(t) ? t.slice(1) : t
}

function numberOf(text: string): number | null {
  const t = text.replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null
  return Number(t)
}

type Builder = {
  inpatient: Map<string, number>; cityGroup: Map<string, number>; cityFactor: Map<string, number>; outpatient: Map<string, number>
  tss: Map<string, number>; length: Map<string, number>; region: Map<string, number>; coverage: Map<string, number>
  coverEur: Map<string, number>; age: Map<string, number>; travel: Map<string, number>; funds: Fund[]
}

/** Each section: its keys (a pattern or a list), whether values are whole numbers, their range. */
const SECTIONS: Record<string, { keys: RegExp | readonly string[]; integer: boolean; min: number; max: number; map: keyof Builder }> = {
  'tss.inpatient': { keys: /^\d{1,3}-\d{1,3}$/, integer: true, min: 1, max: 10_000_000, map: 'inpatient' },
  'tss.cityGroup': { keys: /^(0[1-9]|[1-7]\d|8[01])$/, integer: true, min: 1, max: 2, map: 'cityGroup' },
  'tss.cityFactor': { keys: ['1', '2', '3'], integer: false, min: 0.01, max: 100, map: 'cityFactor' },
  'tss.outpatientLoading': { keys: OUTPATIENT_OPTIONS.map(String), integer: false, min: 0, max: 100, map: 'outpatient' },
  tss: { keys: ['femaleLoading', 'birthLoading', 'birthWaitingMonths'], integer: false, min: 0, max: 100, map: 'tss' },
  'travel.length': { keys: /^\d{1,3}-\d{1,3}$/, integer: true, min: 1, max: 10_000_000, map: 'length' },
  'travel.region': { keys: TRAVEL_REGIONS, integer: false, min: 0.01, max: 100, map: 'region' },
  'travel.coverage': { keys: TRAVEL_COVERAGES, integer: false, min: 0.01, max: 100, map: 'coverage' },
  'travel.coverEur': { keys: TRAVEL_COVERAGES, integer: true, min: 1, max: 100_000_000, map: 'coverEur' },
  'travel.age': { keys: /^\d{1,3}-\d{1,3}$/, integer: false, min: 0.01, max: 100, map: 'age' },
  travel: { keys: ['covidLoading'], integer: false, min: 0, max: 100, map: 'travel' },
}
const FUND_SECTION = /^fund\.(.+)$/

function bandsOf(map: Map<string, number>): Array<AgeBand & { value: number }> {
  return [...map].map(([key, value]) => {
    const [from, to] = key.split('-').map(Number) as [number, number]
    return { from, to, value }
  }).sort((a, b) => a.from - b.from)
}

/** Whether bands run without gap or overlap from `first` to at least `last`, each from <= to. */
function bandsCover(bands: ReadonlyArray<AgeBand>, first: number, last: number): boolean {
  if (!bands.length || bands[0]!.from !== first) return false
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i]!
    if (b.from > b.to) return false
    if (i > 0 && b.from !== bands[i - 1]!.to + 1) return false
  }
  return bands[bands.length - 1]!.to >= last
}

/** Reads a tariff version from a CSV text: its figures, or every problem (at most 50) by row and column. */
export function parseTariffCsv(text: string): TariffCsvResult {
  const firstLine = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/, 1)[0] ?? ''
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
  const rows = parseCsv(text, delimiter)
  // blank lines (a spreadsheet's trailing ones) are not rows of the tariff; the row number stays the file's line
  const numbered = rows.map((cells, i) => ({ n: i + 1, cells })).filter((r) => r.cells.some((c) => c.trim() !== ''))
  const issues: TariffCsvIssue[] = []
  const add = (issue: TariffCsvIssue) => { if (issues.length < MAX_TARIFF_CSV_ISSUES) issues.push(issue) }
  if (!numbered.length) return { ok: false, issues: [{ row: 0, column: null, code: 'empty' }] }
  const header = numbered[0]!.cells.map((c) => unguard(c).toLowerCase())
  if (header.length !== TARIFF_CSV_COLUMNS.length || header.some((h, i) => h !== TARIFF_CSV_COLUMNS[i])) {
    return { ok: false, issues: [{ row: numbered[0]!.n, column: null, code: 'header' }] }
  }
  if (numbered.length - 1 > MAX_TARIFF_CSV_ROWS) return { ok: false, issues: [{ row: numbered[MAX_TARIFF_CSV_ROWS + 1]!.n, column: null, code: 'columns' }] }
  const b: Builder = {
    inpatient: new Map(), cityGroup: new Map(), cityFactor: new Map(), outpatient: new Map(), tss: new Map(), length: new Map(),
    region: new Map(), coverage: new Map(), coverEur: new Map(), age: new Map(), travel: new Map(), funds: [],
  }
  const seen = new Set<string>()
  for (const { n, cells } of numbered.slice(1)) {
    if (cells.length !== TARIFF_CSV_COLUMNS.length) { add({ row: n, column: null, code: 'columns' }); continue }
    const [section, key, value, name] = cells.map(unguard) as [string, string, string, string]
    const fund = FUND_SECTION.exec(section)
    const spec = SECTIONS[section]
    if (!spec && !fund) { add({ row: n, column: 'section', code: 'section' }); continue }
    if (fund && !(FUND_KINDS as readonly string[]).includes(fund[1]!)) { add({ row: n, column: 'section', code: 'section' }); continue }
    const id = `${fund ? 'fund' : section}:${key}`
    if (seen.has(id)) { add({ row: n, column: 'key', code: 'duplicate' }); continue }
    seen.add(id)
    if (fund) {
      if (!/^[A-Z]{3}$/.test(key)) { add({ row: n, column: 'key', code: 'key' }); continue }
      const risk = numberOf(value)
      if (risk === null) { add({ row: n, column: 'value', code: 'number' }); continue }
      if (!Number.isInteger(risk)) { add({ row: n, column: 'value', code: 'integer' }); continue }
      if (risk < 1 || risk > 7) { add({ row: n, column: 'value', code: 'range' }); continue }
      if (name.length < 3 || name.length > 200) { add({ row: n, column: 'name', code: 'name' }); continue }
      b.funds.push({ code: key, name, kind: fund[1] as FundKind, risk: risk as Fund['risk'] })
      continue
    }
    const keyOk = spec!.keys instanceof RegExp ? spec!.keys.test(key) : spec!.keys.includes(key)
    if (!keyOk) { add({ row: n, column: 'key', code: 'key' }); continue }
    const v = numberOf(value)
    if (v === null) { add({ row: n, column: 'value', code: 'number' }); continue }
    const integer = spec!.integer || (section === 'tss' && key === 'birthWaitingMonths')
    if (integer && !Number.isInteger(v)) { add({ row: n, column: 'value', code: 'integer' }); continue }
    const max = section === 'tss' && key === 'birthWaitingMonths' ? 24 : spec!.max
    if (v < spec!.min || v > max) { add({ row: n, column: 'value', code: 'range' }); continue }
    if (name !== '') { add({ row: n, column: 'name', code: 'name' }); continue }
    ;(b[spec!.map] as Map<string, number>).set(key, v)
  }
  // what a complete version needs, each missing figure named by its section and key
  const need = (section: string, map: Map<string, number>, keys: readonly string[]) => {
    for (const k of keys) if (!map.has(k)) add({ row: 0, column: null, code: 'missing', key: `${section} ${k}` })
  }
  need('tss.cityFactor', b.cityFactor, ['1', '2', '3'])
  need('tss.outpatientLoading', b.outpatient, OUTPATIENT_OPTIONS.map(String))
  need('tss', b.tss, ['femaleLoading', 'birthLoading', 'birthWaitingMonths'])
  need('travel.region', b.region, TRAVEL_REGIONS)
  need('travel.coverage', b.coverage, TRAVEL_COVERAGES)
  need('travel.coverEur', b.coverEur, TRAVEL_COVERAGES)
  need('travel', b.travel, ['covidLoading'])
  const inpatient = bandsOf(b.inpatient)
  const length = bandsOf(b.length)
  const age = bandsOf(b.age)
  // TSS takes people from 16 days to under 69 years; travel trips of a day and more, people to 100
  if (!bandsCover(inpatient, 0, 68)) add({ row: 0, column: null, code: 'bands', key: 'tss.inpatient' })
  if (!bandsCover(length, 1, 1) || length[length.length - 1]!.to > 365) add({ row: 0, column: null, code: 'bands', key: 'travel.length' })
  if (!bandsCover(age, 0, 100)) add({ row: 0, column: null, code: 'bands', key: 'travel.age' })
  if (!b.funds.length) add({ row: 0, column: null, code: 'missing', key: 'fund' })
  if (issues.length) return { ok: false, issues }
  const group = (g: number) => [...b.cityGroup].filter(([, v]) => v === g).map(([k]) => k).sort()
  const rec = <K extends string>(map: Map<string, number>, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, map.get(k)!])) as Record<K, number>
  const figures: TariffFigures = {
    tss: {
      ageBands: inpatient.map(({ from, to, value }) => ({ from, to, inpatientTry: value })),
      cityGroup1: group(1),
      cityGroup2: group(2),
      cityFactors: { 1: b.cityFactor.get('1')!, 2: b.cityFactor.get('2')!, 3: b.cityFactor.get('3')! } satisfies Record<CityGroup, number>,
      outpatientLoading: { 8: b.outpatient.get('8')!, 10: b.outpatient.get('10')!, 12: b.outpatient.get('12')! } satisfies Record<OutpatientVisits, number>,
      femaleLoading: b.tss.get('femaleLoading')!,
      birthLoading: b.tss.get('birthLoading')!,
      birthWaitingMonths: b.tss.get('birthWaitingMonths')!,
    },
    travel: {
      coverEur: rec<TravelCoverage>(b.coverEur, TRAVEL_COVERAGES),
      coverageFactor: rec<TravelCoverage>(b.coverage, TRAVEL_COVERAGES),
      regionFactor: rec<TravelRegion>(b.region, TRAVEL_REGIONS),
      lengthBands: length.map(({ from, to, value }) => ({ from, to, baseTry: value })),
      ageFactors: age.map(({ from, to, value }) => ({ from, to, factor: value })),
      covidLoading: b.travel.get('covidLoading')!,
    },
    funds: b.funds,
  }
  return { ok: true, figures, rows: numbered.length - 1 }
}

/** A version's figures as the CSV's rows (after the header), in the order the file documents. */
export function tariffCsvRows(f: TariffFigures): string[][] {
  const s = (n: number) => String(n)
  return [
    ...f.tss.ageBands.map((b) => ['tss.inpatient', `${b.from}-${b.to}`, s(b.inpatientTry), '']),
    ...f.tss.cityGroup1.map((c) => ['tss.cityGroup', c, '1', '']),
    ...f.tss.cityGroup2.map((c) => ['tss.cityGroup', c, '2', '']),
    ...([1, 2, 3] as const).map((g) => ['tss.cityFactor', s(g), s(f.tss.cityFactors[g]), '']),
    ...OUTPATIENT_OPTIONS.map((v) => ['tss.outpatientLoading', s(v), s(f.tss.outpatientLoading[v]), '']),
    ['tss', 'femaleLoading', s(f.tss.femaleLoading), ''],
    ['tss', 'birthLoading', s(f.tss.birthLoading), ''],
    ['tss', 'birthWaitingMonths', s(f.tss.birthWaitingMonths), ''],
    ...f.travel.lengthBands.map((b) => ['travel.length', `${b.from}-${b.to}`, s(b.baseTry), '']),
    ...TRAVEL_REGIONS.map((r) => ['travel.region', r, s(f.travel.regionFactor[r]), '']),
    ...TRAVEL_COVERAGES.map((c) => ['travel.coverage', c, s(f.travel.coverageFactor[c]), '']),
    ...TRAVEL_COVERAGES.map((c) => ['travel.coverEur', c, s(f.travel.coverEur[c]), '']),
    ...f.travel.ageFactors.map((b) => ['travel.age', `${b.from}-${b.to}`, s(b.factor), '']),
    ['travel', 'covidLoading', s(f.travel.covidLoading), ''],
    ...f.funds.map((x) => [`fund.${x.kind}`, x.code, s(x.risk), x.name]),
  ]
}

/** The CSV text of a version (plain: the server's download goes through its guarded CSV writer). */
export function tariffCsvText(f: TariffFigures): string {
  const q = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)
  return [TARIFF_CSV_COLUMNS as readonly string[], ...tariffCsvRows(f)].map((r) => r.map(q).join(',')).join('\r\n') + '\r\n'
}
