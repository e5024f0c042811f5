import { i18n, type Messages } from '@lingui/core'
import { messages as trSite } from 'virtual:catalog/tr/site'
import { getItem, setItem } from '../storage.ts'

/** Languages with complete translations. */
export const LOCALES = ['tr', 'en', 'ru'] as const
export type Locale = (typeof LOCALES)[number]

/** Languages listed in the selector as labels only (spec 1): not selectable. */
export const LABEL_ONLY_LOCALES = [
  { code: 'de', label: 'Deutsch' },
  { code: 'es', label: 'Español' },
  { code: 'es-MX', label: 'Español (México)' },
  { code: 'fr', label: 'Français' },
] as const

export const LOCALE_LABELS: Record<Locale, string> = { tr: 'Türkçe', en: 'English', ru: 'Русский' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * Each language's catalog in two parts (scripts/catalog-parts.ts): the public site's texts, and the
 * texts only the staff area shows, loaded once a staff page is opened (loadStaffMessages).
 */
const loaders: Record<Locale, { site: () => Promise<Messages>; staff: () => Promise<Messages> }> = {
  tr: { site: async () => trSite, staff: async () => (await import('virtual:catalog/tr/staff')).messages },
  en: { site: async () => (await import('virtual:catalog/en/site')).messages, staff: async () => (await import('virtual:catalog/en/staff')).messages },
  ru: { site: async () => (await import('virtual:catalog/ru/site')).messages, staff: async () => (await import('virtual:catalog/ru/staff')).messages },
}

let staffWanted = false

/**
 * The first of the browser's preferred languages we translate into (ru-RU: ru, en-GB: en), else
 * Turkish, the product's default.
 */
export function browserLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return 'tr'
}

/** The stored choice; on a first visit (none stored), the browser's language. */
export function initialLocale(): Locale {
  const stored = getItem('locale')
  if (isLocale(stored)) return stored
  if (typeof navigator === 'undefined') return 'tr'
  return browserLocale(navigator.languages?.length ? navigator.languages : [navigator.language])
}

export async function activateLocale(locale: Locale): Promise<void> {
  const [site, staff] = await Promise.all([loaders[locale].site(), staffWanted ? loaders[locale].staff() : undefined])
  i18n.loadAndActivate({ locale, messages: { ...site, ...staff } })
  setItem('locale', locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/**
 * The staff area's texts, in the active language and in any language activated later: the staff
 * routes await it before they render (src/web/routes/__root.tsx).
 */
export async function loadStaffMessages(): Promise<void> {
  staffWanted = true
  const locale = isLocale(i18n.locale) ? i18n.locale : 'tr'
  const messages = await loaders[locale].staff()
  if (i18n.locale === locale && !Object.keys(messages).every((id) => Object.hasOwn(i18n.messages, id))) i18n.load(locale, messages)
}

export { i18n }

