/** Row shapes of the reference data (lookups). Kept apart from index.ts so the modules can share them without an import cycle. */

export type LocalizedName = { tr: string; en: string; ru: string }

/** NACE Rev.2 section (level 1, 'A'..'U') or division (level 2, '01'..'99'). */
export type IndustryRow = { code: string; level: 1 | 2; parentCode: string | null; name: LocalizedName }

/** ISO 3166-1 country; icon is the flag emoji made of two regional indicator symbols. */
export type CountryRow = { code: string; alpha3: string; name: LocalizedName; icon: string }

/** Citizenship choice: value is the ISO alpha-2 code, the label is the country name. */
export type NationalityRow = { code: string; name: LocalizedName }

/** Province (il) of Türkiye; code is the two-digit plate code. */
export type CityRow = { countryCode: 'TR'; code: string; name: string }

/** District (ilçe); code is the plate code followed by a two-digit ordinal (see tr-district-codes.json). */
export type DistrictRow = { countryCode: 'TR'; cityCode: string; code: string; name: string }

/** Neighbourhood or village (mahalle / köy) with its postal code; code is an ASCII slug of the name. */
export type HometownRow = { countryCode: 'TR'; cityCode: string; districtCode: string; code: string; name: string; zipcode: string }

export type OptionList = 'companySizes' | 'locationTypes' | 'experienceLevels' | 'gdprLevels'

export type OptionRow = { list: OptionList; value: string; name: LocalizedName; level: number | null; sort: number }

/**
 * Something the derivation did to the source data that a reader of the lookups should know about:
 * an English fallback for a missing translation, a correction, a dropped row, a generated code.
 */
export type ReferenceNote = {
  dataset: 'industries' | 'countries' | 'nationalities' | 'cities' | 'districts' | 'hometowns' | 'options'
  kind: 'fallback' | 'correction' | 'dropped' | 'generated-code'
  detail: string
  count: number
}
