import { useSyncExternalStore } from 'react'
import { call } from '../api/client.ts'
import { activateLocale, i18n, isLocale, type Locale } from '../i18n/index.ts'
import { getItem } from '../storage.ts'

/** The signed-in staff member's company defaults (GET /profile/company; set on the General and Preferences pages). */
export type CompanyDefaults = { language: string; timeZone: string; defaultCurrency: string }

let current: CompanyDefaults | null = null
const listeners = new Set<() => void>()

function publish(next: CompanyDefaults | null) {
  current = next
  for (const l of listeners) l()
}

/**
 * Reads the company's defaults once per staff area visit (and again after the company changes
 * them), and applies its language when the person has not chosen one themselves (spec 9: the
 * company's choice over the default locale; a person's own choice over the company's).
 */
export async function loadCompanyDefaults(): Promise<CompanyDefaults | null> {
  try {
    const defaults = await call<CompanyDefaults>('/profile/company', { authenticated: true })
    publish(defaults)
    await applyCompanyLanguage(defaults, getItem('localeChosen') === '1', i18n.locale)
    return defaults
  } catch {
    return null // the staff app keeps the locale's defaults
  }
}

/** Switches to the company's language unless the person chose one (answers the language switched to, or null). */
export async function applyCompanyLanguage(defaults: CompanyDefaults, chosen: boolean, active: string): Promise<Locale | null> {
  if (chosen || !isLocale(defaults.language) || defaults.language === active) return null
  await activateLocale(defaults.language)
  return defaults.language
}

export function useCompanyDefaults(): CompanyDefaults | null {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l) }, () => current, () => null)
}

/**
 * A staff date in the active language and the company's time zone (the browser's until the
 * defaults are read), so that every admin sees the same clock time for the same record.
 */
export function staffDateFormat(locale: string, defaults: CompanyDefaults | null, options: Intl.DateTimeFormatOptions) {
  const format = new Intl.DateTimeFormat(locale, { ...options, ...(defaults?.timeZone ? { timeZone: defaults.timeZone } : {}) })
  return (iso: string) => format.format(new Date(iso))
}
