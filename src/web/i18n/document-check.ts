import type { I18n, Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The document check page's own catalog (lingui.config.ts): the other public pages do not carry its texts. */
type Locale = 'tr' | 'en' | 'ru'
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  tr: () => import('../../locales/tr/document-check.po'),
  en: () => import('../../locales/en/document-check.po'),
  ru: () => import('../../locales/ru/document-check.po'),
}

/** A message of that catalog only: the active catalog holds the page's texts once this id is in it. */
export const DOCUMENT_CHECK_MARK = msg`Poliçe ya da sözleşme belgesinin her sayfasında yazan 12 karakterlik kod.`

export function hasDocumentCheckCatalog(i18n: I18n): boolean {
  return Object.hasOwn(i18n.messages, DOCUMENT_CHECK_MARK.id!)
}

/**
 * Loads the page's catalog into the active language's messages when they lack it: the routes'
 * loaders await it (the prerendered form hydrates with its text), the view again after a language switch.
 */
export async function loadDocumentCheckCatalog(i18n: I18n): Promise<void> {
  // not ./index.ts's isLocale: this module loads with the page's chunk, which would then split the i18n module out of the entry
  const locale: Locale = Object.hasOwn(CATALOGS, i18n.locale) ? (i18n.locale as Locale) : 'tr'
  if (hasDocumentCheckCatalog(i18n)) return
  const { messages } = await CATALOGS[locale]()
  if (i18n.locale === locale) i18n.load(locale, messages)
}
