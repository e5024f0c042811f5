import type { I18n, Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isLocale, type Locale } from './index.ts'

/** The KVKK notice's own catalog (lingui.config.ts): the other pages do not carry its text. */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  tr: () => import('../../locales/tr/kvkk.po'),
  en: () => import('../../locales/en/kvkk.po'),
  ru: () => import('../../locales/ru/kvkk.po'),
}

/** A message of that catalog: the active catalog holds the notice once this id is in it. */
export const NOTICE_TITLE = msg`Kişisel Verilerin Korunması Hakkında Aydınlatma Metni`

export function hasNoticeCatalog(i18n: I18n): boolean {
  return Object.hasOwn(i18n.messages, NOTICE_TITLE.id!)
}

/**
 * Loads the notice's catalog into the active language's messages when they lack it. The route's
 * loader awaits it, so that the prerendered notice hydrates with its text (and is rendered with it
 * at build time); the view calls it again after a language switch.
 */
export async function loadNoticeCatalog(i18n: I18n): Promise<void> {
  const locale = isLocale(i18n.locale) ? i18n.locale : 'tr'
  if (hasNoticeCatalog(i18n)) return
  const { messages } = await CATALOGS[locale]()
  if (i18n.locale === locale) i18n.load(locale, messages)
}
