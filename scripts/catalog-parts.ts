/**
 * The message catalogs in parts (issue 23 goal 2), one `virtual:catalog/<locale>/<part>` module each:
 *  - `staff`: the texts only the staff area uses (their every origin in the .po is under STAFF_ORIGIN);
 *  - `landing`: the texts only the landing sections use (`/` and the pension product page);
 *  - `sales`: the texts only the purchase flows use (the market pages, the result pages, the
 *    consents page and the document check);
 *  - `card`: the card form's own texts (its view, 3-D dialog, last-payment notice and messages),
 *    loaded with its code when it is first needed (`withTexts`, src/web/i18n/index.ts);
 *  - `site`: every other text the browser shows (the header, the footer, errors, the payment results...).
 * Every page loads the site part; the root route's `beforeLoad` loads the parts the matched path
 * needs (src/web/i18n/index.ts, `PART_PATHS`) before anything renders or hydrates, so no text is
 * shown untranslated. The .po files stay one catalog per language (`npm run extract`, translators
 * and merges are unchanged): this Vite plugin splits them at build time, compiled exactly as
 * `lingui compile` does (tests/scripts/catalog-parts.test.ts, which also checks that each route
 * loads the parts of every file it imports). Texts only the server uses (origin src/server/ alone)
 * are in no part.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** Files only the staff area imports (the admin, auth and staff views and their routes). */
export const STAFF_ORIGIN = /^src\/web\/(views\/(admin|auth|staff)\/|routes\/(navbar|auth|inbox)[/.])/

/** Files only the landing page and the pension product page import. */
export const LANDING_ORIGIN = /^src\/web\/(components\/landing\/|components\/PensionFacts\.tsx$|views\/(HomeView|PensionProductView)\.tsx$)/

/**
 * The landing sections below the fold (`/` and the pension product page): their texts load with
 * their code on intent (src/web/components/landing/DeferredLandingSections.tsx), apart from the
 * hero's (`landing`).
 */
export const SECTIONS_ORIGIN = /^src\/web\/components\/landing\//

/**
 * The card form's own files (spec 3.4, 4, 5): the pages import the form lazily
 * only, as `withTexts('card', import(...))`, which loads these texts with its code (issue 23 goal 2).
 */
export const CARD_ORIGIN = /^src\/web\/(views\/payment\/(PaymentTestForm\.tsx|LastPaymentNotice\.tsx|card-form-texts\.ts)|components\/payment\/(ThreeDDialog|CardPreview)\.tsx)$/

/** Files only the purchase flows import (their routes: src/web/i18n/index.ts, PART_PATHS.sales). */
export const SALES_ORIGIN = /^src\/web\/(views|components)\/sales\//

/** A part's files: a text all of whose origins match one part's pattern is in that part only. */
export const PART_ORIGINS = { staff: STAFF_ORIGIN, sections: SECTIONS_ORIGIN, landing: LANDING_ORIGIN, sales: SALES_ORIGIN, card: CARD_ORIGIN } as const

/** The server's own texts (src/server/i18n.ts): in the same catalog, read by the server only. */
export const SERVER_ORIGIN = /^src\/server\//

export type Part = 'site' | keyof typeof PART_ORIGINS
type Compiled = ReturnType<typeof compileMessage>

const ROOT = resolve(import.meta.dirname, '..')
const PREFIX = 'virtual:catalog/'

/** A language's catalog part, compiled (message id -> compiled message). */
export async function catalogPart(locale: string, part: Part, root = ROOT): Promise<Record<string, Compiled>> {
  const file = resolve(root, `src/locales/${locale}/messages.po`)
  const catalog = await formatter({ lineNumbers: false }).parse(await readFile(file, 'utf8'), { locale, sourceLocale: 'tr', filename: file })
  const out: Record<string, Compiled> = {}
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.obsolete) continue
    const all = (entry.origin ?? []).map((o) => o[0])
    // texts only the server uses (src/server/i18n.ts's error codes no page shows by code) never reach the browser
    const origins = all.filter((o) => !SERVER_ORIGIN.test(o))
    if (all.length > 0 && origins.length === 0) continue
    if (partOf(origins) !== part) continue
    // an untranslated text falls back to the Turkish source, as lingui.config.ts's fallbackLocales says
    out[id] = compileMessage(entry.translation || entry.message || id)
  }
  return out
}

/** The part a text belongs to, from the files it is used in. */
export function partOf(origins: string[]): Part {
  if (origins.length === 0) return 'site'
  for (const [part, re] of Object.entries(PART_ORIGINS) as Array<[Part, RegExp]>) if (origins.every((o) => re.test(o))) return part
  return 'site'
}

export function catalogParts(): Plugin {
  return {
    name: 'catalog-parts',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? '\0' + id : undefined
    },
    async load(id) {
      if (!id.startsWith('\0' + PREFIX)) return undefined
      const m = /^(tr|en|ru)\/(site|staff|landing|sections|sales|card)$/.exec(id.slice(PREFIX.length + 1))
      if (!m) throw new Error(`unknown catalog part ${id.slice(1)}`)
      this.addWatchFile(resolve(ROOT, `src/locales/${m[1]}/messages.po`))
      const messages = await catalogPart(m[1]!, m[2] as Part)
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))})`
    },
  }
}
