import { useSyncExternalStore } from 'react'
import { call } from '../api/client.ts'
import { activateLocale, browserLocale, i18n, isLocale, type Locale } from '../i18n/index.ts'
import { getItem } from '../storage.ts'

/**
 * The signed-in staff member's company defaults (GET /profile/company; set on the General and
 * Preferences pages), with the person's own language (null: none) and whether the company lets a
 * person without one see their browser's language (issue 25 item 5).
 */
export type CompanyDefaults = { name?: string; language: string; timeZone: string; defaultCurrency: string; personalLanguage?: string | null; browserLanguage?: boolean }

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
    const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]
    await applyCompanyLanguage(defaults, getItem('localeChosen') === '1', i18n.locale, browser)
    return defaults
  } catch {
    return null // the staff app keeps the locale's defaults
  }
}

/**
 * The staff area's language at sign-in (issue 25 item 5): the person's own (stored on the server,
 * so it follows them to any device), else a choice made on this device (the sign-in page's
 * selector), else the browser's when the company allows it and it is translated, else the
 * company's. `browser`: the browser's preferred languages.
 */
export function staffLanguage(defaults: CompanyDefaults, chosenHere: boolean, active: string, browser: readonly string[]): string {
  if (isLocale(defaults.personalLanguage)) return defaults.personalLanguage
  if (chosenHere) return active
  if (defaults.browserLanguage !== false) {
    const fromBrowser = browser.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale)
    if (fromBrowser) return browserLocale([fromBrowser])
  }
  return isLocale(defaults.language) ? defaults.language : active
}

/** Switches to the language `staffLanguage` decides (answers the language switched to, or null when it is already active). */
export async function applyCompanyLanguage(defaults: CompanyDefaults, chosenHere: boolean, active: string, browser: readonly string[] = []): Promise<Locale | null> {
  const wanted = staffLanguage(defaults, chosenHere, active, browser)
  if (!isLocale(wanted) || wanted === active) return null
  await activateLocale(wanted)
  return wanted
}

/** The person's own language, chosen in the staff header: stored on the server, applied at every sign-in (issue 25 item 5). */
export async function choosePersonalLanguage(locale: Locale): Promise<void> {
  await activateLocale(locale)
  if (current) publish({ ...current, personalLanguage: locale })
  await call('/profile/language', { method: 'PUT', body: { language: locale }, authenticated: true })
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
