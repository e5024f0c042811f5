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
