import { i18n, type Messages } from '@lingui/core'
import { messages as trSite } from 'virtual:catalog/tr/site'
import { getItem, setItem } from '../storage.ts'
import type { Part } from './parts.ts'

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
 * Each language's catalog in parts (scripts/catalog-parts.ts): the texts every page may show
 * (`site`), and the texts of one area only, loaded when a page of that area is opened (loadParts).
 */
type Loader = () => Promise<Messages>
const loaders: Record<Locale, Record<'site' | Part, Loader>> = {
  tr: {
    site: async () => trSite,
    staff: async () => (await import('virtual:catalog/tr/staff')).messages,
    landing: async () => (await import('virtual:catalog/tr/landing')).messages,
    sections: async () => (await import('virtual:catalog/tr/sections')).messages,
    sales: async () => (await import('virtual:catalog/tr/sales')).messages,
    card: async () => (await import('virtual:catalog/tr/card')).messages,
  },
  en: {
    site: async () => (await import('virtual:catalog/en/site')).messages,
    staff: async () => (await import('virtual:catalog/en/staff')).messages,
    landing: async () => (await import('virtual:catalog/en/landing')).messages,
    sections: async () => (await import('virtual:catalog/en/sections')).messages,
    sales: async () => (await import('virtual:catalog/en/sales')).messages,
    card: async () => (await import('virtual:catalog/en/card')).messages,
  },
  ru: {
    site: async () => (await import('virtual:catalog/ru/site')).messages,
    staff: async () => (await import('virtual:catalog/ru/staff')).messages,
    landing: async () => (await import('virtual:catalog/ru/landing')).messages,
    sections: async () => (await import('virtual:catalog/ru/sections')).messages,
    sales: async () => (await import('virtual:catalog/ru/sales')).messages,
    card: async () => (await import('virtual:catalog/ru/card')).messages,
  },
}

/** The parts opened so far: a language activated later loads them too. */
const wanted = new Set<Part>()
/** `locale/part` of the parts in i18n's messages. */
const loaded = new Set<string>()

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
  const parts = [...wanted]
  const messages = await Promise.all([loaders[locale].site(), ...parts.map((part) => loaders[locale][part]())])
  // parts asked for while those loaded (the landing sections, wanted on the same change of language
  // that started this: src/web/intent.ts counts it as intent) come in the same language
  const late = [...wanted].filter((part) => !parts.includes(part))
  if (late.length) {
    messages.push(...await Promise.all(late.map((part) => loaders[locale][part]())))
    parts.push(...late)
  }
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...messages) as Messages })
  for (const part of parts) loaded.add(`${locale}/${part}`)
  setItem('locale', locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/**
 * The texts of the given parts, in the active language and in any language activated later: the
 * root route's `beforeLoad` awaits it for the matched path before the page renders or hydrates
 * (src/web/routes/__root.tsx). Nothing to wait for (undefined) when they are in already.
 */
export function loadParts(parts: readonly Part[], options: { quiet?: boolean } = {}): Promise<void> | undefined {
  for (const part of parts) wanted.add(part)
  const locale = isLocale(i18n.locale) ? i18n.locale : 'tr'
  const missing = parts.filter((part) => !loaded.has(`${locale}/${part}`))
  if (missing.length === 0) return undefined
  return Promise.all(missing.map((part) => loaders[locale][part]())).then((messages) => {
    // a language switch meanwhile: it loaded them itself (activateLocale reads `wanted`), or, if it
    // read `wanted` before they were asked for, they are loaded in its language now
    if (i18n.locale !== locale) return loadParts(parts, options)
    const all = Object.assign({}, ...messages) as Messages
    // `quiet`: texts only parts not yet rendered show (DeferredLandingSections): added without
    // i18n's change event, whose new context would reach the prerendered markup React keeps for
    // them before it is hydrated and make React render it anew instead of hydrating it in place
    if (options.quiet) (i18n as unknown as { _load(locale: string, messages: Messages): void })._load(locale, all)
    else i18n.load(locale, all)
    for (const part of missing) loaded.add(`${locale}/${part}`)
  })
}

/**
 * A lazily imported module together with a part's texts (quietly: `loadParts`'s `quiet`), for a
 * part of a page whose texts only its own code shows (the card form: `lazy(() => withTexts('card',
 * import('…/PaymentTestForm.tsx')))`): it renders with its texts in, never with a message id.
 */
export function withTexts<T>(part: Part, module: Promise<T>): Promise<T> {
  return Promise.all([module, loadParts([part], { quiet: true })]).then(([m]) => m)
}

export { i18n }

