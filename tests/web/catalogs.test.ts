import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Entry = { id: string; str: string }

function parsePo(path: string): Entry[] {
  const text = readFileSync(path, 'utf8')
  const entries: Entry[] = []
  const re = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/gm
  for (const m of text.matchAll(re)) {
    const id = JSON.parse(`"${m[1]}"`) as string
    const more = (m[3] ?? '').split('\n').filter(Boolean).map((l) => JSON.parse(l) as string).join('')
    if (id) entries.push({ id, str: (JSON.parse(`"${m[2]}"`) as string) + more })
  }
  return entries
}

// every catalog of lingui.config.ts: the main one and the KVKK notice's own
const catalog = (locale: string) => ['messages', 'kvkk'].flatMap((name) => parsePo(`src/locales/${locale}/${name}.po`))
const tr = catalog('tr')
const en = catalog('en')
const ru = catalog('ru')
const trText = new Map(tr.map((e) => [e.id, e.str]))

// Turkish-only letters; an English text containing one still has Turkish in it.
const TURKISH = /[ğĞışŞİçÇöÖüÜ]/
// Proper names and spec texts that are Turkish or English in every language on purpose.
const ALLOWED_TURKISH = [/Katılım/, /Türkiye/, /BES/]

describe('translation catalogs', () => {
  it('have the same messages in tr, en and ru', () => {
    expect(tr.length).toBeGreaterThan(0)
    expect(en.map((e) => e.id).sort()).toEqual(tr.map((e) => e.id).sort())
    expect(ru.map((e) => e.id).sort()).toEqual(tr.map((e) => e.id).sort())
  })

  it.each([['en', en], ['ru', ru]] as const)('translate every message into %s', (_locale, entries) => {
    const missing = entries.filter((e) => e.str.trim() === '').map((e) => e.id)
    expect(missing).toEqual([])
  })

  // the audit sentences' Turkish case forms of the target (src/server/audit-texts.ts: "Mehmet Demir'i" is
  // {targetAcc}) are Turkish grammar: English and Russian name the same target as {target}
  const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]!.replace(/^target(Acc|Dat|Gen)$/, 'target')))].sort()

  it('keep every placeholder of the source in each translation', () => {
    for (const entries of [en, ru]) {
      for (const e of entries) {
        // the source is the Turkish text: the msgid itself, or for an explicit id (a server error code) its Turkish msgstr
        const source = trText.get(e.id) || e.id
        const wanted = placeholders(source)
        const got = placeholders(e.str)
        expect(got, e.id).toEqual(wanted)
      }
    }
  })

  it('leave no Turkish in English or Russian texts', () => {
    for (const entries of [en, ru]) {
      for (const e of entries) {
        const stripped = ALLOWED_TURKISH.reduce((s, re) => s.replace(new RegExp(re, 'g'), ''), e.str)
        expect(TURKISH.test(stripped), `${e.id} -> ${e.str}`).toBe(false)
      }
    }
  })
})

describe('plural forms (issue 26 item 7)', () => {
  const plurals = (entries: Entry[]) => entries.filter((e) => /\{\w+, plural,/.test(e.id))
  it('a count shown with a noun is a plural in the source, and every language gives its own forms', () => {
    expect(plurals(tr).length).toBeGreaterThan(10)
    for (const e of plurals(en)) expect(e.str, e.id).toMatch(/\bone \{[^}]*\}.*\bother \{/)
    // Russian needs three forms: 1 (21, 31...), 2-4 (22-24...), 5-20 (25-30, 11-14...)
    for (const e of plurals(ru)) expect(e.str, e.id).toMatch(/\bone \{[^}]*\} few \{[^}]*\} many \{[^}]*\} other \{/)
  })
})
