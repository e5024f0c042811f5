/**
 * The message catalogs in two parts (issue 23 goal 2): `virtual:catalog/<locale>/site` holds every
 * text that some file outside the staff area uses, `virtual:catalog/<locale>/staff` the texts only
 * the staff area uses (their every origin in the .po is under STAFF_ORIGIN). A public page loads the
 * site part only (about 10 KiB gzipped less per page, in Turkish); the staff routes load the other
 * part before they render (src/web/routes/__root.tsx). The .po files stay one catalog per language
 * (`npm run extract`, translators and merges are unchanged): this Vite plugin splits them at build
 * time, compiled exactly as `lingui compile` does (tests/scripts/catalog-parts.test.ts). Texts
 * only the server uses (origin src/server/ alone) are in neither part.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** Files only the staff area imports (the admin, auth and staff views and their routes). */
export const STAFF_ORIGIN = /^src\/web\/(views\/(admin|auth|staff)\/|routes\/(navbar|auth|inbox)[/.])/

/** The server's own texts (src/server/i18n.ts): in the same catalog, read by the server only. */
export const SERVER_ORIGIN = /^src\/server\//

export type Part = 'site' | 'staff'
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
    const staffOnly = origins.length > 0 && origins.every((o) => STAFF_ORIGIN.test(o))
    if ((part === 'staff') !== staffOnly) continue
    // an untranslated text falls back to the Turkish source, as lingui.config.ts's fallbackLocales says
    out[id] = compileMessage(entry.translation || entry.message || id)
  }
  return out
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
      const m = /^(tr|en|ru)\/(site|staff)$/.exec(id.slice(PREFIX.length + 1))
      if (!m) throw new Error(`unknown catalog part ${id.slice(1)}`)
      this.addWatchFile(resolve(ROOT, `src/locales/${m[1]}/messages.po`))
      const messages = await catalogPart(m[1]!, m[2] as Part)
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))})`
    },
  }
}
