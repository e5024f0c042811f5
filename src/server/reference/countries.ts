/**
 * Countries (ISO 3166-1, from i18n-iso-countries with its tr, en and ru locale files) and nationalities.
 * Names are the package's "official" (first) name in each language; English fills a missing language.
 */
import countriesLib from 'i18n-iso-countries'
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' }
import tr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' }
import type { CountryRow, LocalizedName, NationalityRow, ReferenceNote } from './types.ts'

export const COUNTRIES_PACKAGE = 'i18n-iso-countries'

let registered = false
function register() {
  if (registered) return
  countriesLib.registerLocale(en)
  countriesLib.registerLocale(tr)
  countriesLib.registerLocale(ru)
  registered = true
}

/** The flag emoji of an alpha-2 code: one regional indicator symbol per letter. */
export function flagEmoji(alpha2: string): string {
  return String.fromCodePoint(...[...alpha2.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65))
}

/** Names the product sets on purpose, over the package's. */
const OVERRIDES: Record<string, Partial<LocalizedName>> = {
  TR: { tr: 'Türkiye', en: 'Türkiye' }, // the state's own English name since 2022 (also the package's today)
}

export function buildCountries(): { rows: CountryRow[]; notes: ReferenceNote[] } {
  register()
  const notes: ReferenceNote[] = []
  const fallbacks: string[] = []
  const overridden: string[] = []
  const rows: CountryRow[] = []
  for (const [alpha2, alpha3] of Object.entries(countriesLib.getAlpha2Codes())) {
    const english = countriesLib.getName(alpha2, 'en')
    if (!english) throw new Error(`i18n-iso-countries: ${alpha2} has no English name`)
    const name: LocalizedName = { tr: english, en: english, ru: english }
    for (const lang of ['tr', 'ru'] as const) {
      const value = countriesLib.getName(alpha2, lang)
      if (value) name[lang] = value
      else fallbacks.push(`${alpha2}.${lang}`)
    }
    for (const [lang, value] of Object.entries(OVERRIDES[alpha2] ?? {}) as [keyof LocalizedName, string][]) {
      if (name[lang] !== value) {
        overridden.push(`${alpha2}.${lang}: '${name[lang]}' -> '${value}'`)
        name[lang] = value
      }
    }
    rows.push({ code: alpha2, alpha3, name, icon: flagEmoji(alpha2) })
  }
  rows.sort((a, b) => a.code.localeCompare(b.code))
  if (fallbacks.length > 0) {
    notes.push({ dataset: 'countries', kind: 'fallback', count: fallbacks.length, detail: `English name used for ${fallbacks.join(', ')}` })
  }
  if (overridden.length > 0) {
    notes.push({ dataset: 'countries', kind: 'correction', count: overridden.length, detail: overridden.join('; ') })
  }
  return { rows, notes }
}

/**
 * One nationality per country: value = alpha-2 code, label = the country name in each language
 * (what Turkish forms print under "Uyruğu"); Türkiye first, the rest in Turkish alphabetical order.
 */
export function buildNationalities(countries: CountryRow[]): { rows: NationalityRow[]; notes: ReferenceNote[] } {
  const collator = new Intl.Collator('tr')
  const rows = countries
    .map((c): NationalityRow => ({ code: c.code, name: { ...c.name } }))
    .sort((a, b) => (a.code === 'TR' ? -1 : b.code === 'TR' ? 1 : collator.compare(a.name.tr, b.name.tr) || a.code.localeCompare(b.code)))
  return { rows, notes: [] }
}
