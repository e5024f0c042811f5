import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { COMPANY_LANGUAGES, CURRENCY_BY_LANGUAGE, CURRENCY_SETTINGS } from '../../../../domain/company.ts'

type Choice = { value: string; label: string }

/** The default-currency choices of General and Preferences: spec 9's language rule, or one currency. */
export function currencyOptions(i18n: I18n): Choice[] {
  return CURRENCY_SETTINGS.map((c) => ({ value: c, label: c === CURRENCY_BY_LANGUAGE ? i18n._(msg`Dile göre (Türkçe: TRY, İngilizce: USD)`) : c }))
}

const LANGUAGE_NAMES: Record<(typeof COMPANY_LANGUAGES)[number], string> = { tr: 'Türkçe', en: 'English', ru: 'Русский' }

/** The company languages, each named in itself. */
export const LANGUAGE_OPTIONS: Choice[] = COMPANY_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))

/** Every IANA time zone this browser knows, with Europe/Istanbul (spec 9's default) and UTC among them. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...(zones.includes('Europe/Istanbul') ? [] : ['Europe/Istanbul']), ...zones, ...(zones.includes('UTC') ? [] : ['UTC'])]
}

/** One zone's part of a date format (`longOffset`: "GMT+03:00", `longGeneric`: "Türkiye Saati"), or '' when the browser has none. */
function zonePart(zone: string, locale: string, timeZoneName: 'longOffset' | 'longGeneric'): string {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}

/** A zone's offset now in minutes and as "UTC+03:00": the same in every language, so found once per zone. */
const offsets = new Map<string, { minutes: number; label: string }>()
function zoneOffset(zone: string): { minutes: number; label: string } {
  let known = offsets.get(zone)
  if (!known) {
    const label = zonePart(zone, 'en', 'longOffset').replace(/^GMT$/, 'GMT+00:00').replace(/^GMT/, 'UTC')
    const m = /([+-])(\d{2}):?(\d{2})?/.exec(label)
    known = { label, minutes: m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0 }
    offsets.set(zone, known)
  }
  return known
}

/** One list per language: building it takes one date format per zone (about 420), a visible pause on a phone. */
const optionsByLocale = new Map<string, Array<{ value: string; name: string }>>()

/**
 * The time zones as a searchable choice with readable names in the reader's language (issue 25
 * item 12): "İstanbul · Türkiye Saati (UTC+03:00) · Europe/Istanbul", ordered by offset; typing a
 * city, the zone's name, "UTC+3" or the IANA code finds it.
 */
export function timeZoneOptions(locale: string): Array<{ value: string; name: string }> {
  const known = optionsByLocale.get(locale)
  if (known) return known
  const options = timeZones().map((zone) => {
    const offset = zoneOffset(zone)
    const generic = zonePart(zone, locale, 'longGeneric')
    const city = zone.split('/').pop()!.replace(/_/g, ' ')
    const readable = generic && !/^GMT|^UTC/.test(generic) ? `${city} · ${generic}` : city
    return { value: zone, name: `${readable} (${offset.label}) · ${zone}`, minutes: offset.minutes }
  }).sort((a, b) => a.minutes - b.minutes || a.name.localeCompare(b.name, locale))
    .map(({ value, name }) => ({ value, name }))
  optionsByLocale.set(locale, options)
  return options
}
