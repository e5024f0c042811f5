import { i18n, type Messages } from '@lingui/core'
import { messages as trMessages } from '../../locales/tr/messages.po'
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

const loaders: Record<Locale, () => Promise<Messages>> = {
  tr: async () => trMessages,
  en: async () => (await import('../../locales/en/messages.po')).messages,
  ru: async () => (await import('../../locales/ru/messages.po')).messages,
}

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
  const messages = await loaders[locale]()
  i18n.loadAndActivate({ locale, messages })
  setItem('locale', locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export { i18n }

