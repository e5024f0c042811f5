import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { formatter } from '@lingui/format-po'
import { catalogPart, SERVER_ORIGIN, STAFF_ORIGIN } from '../../scripts/catalog-parts.ts'

/** Issue 23 goal 2: the catalogs in a public part and a staff-only part (scripts/catalog-parts.ts). */
const ROOT = resolve(import.meta.dirname, '../..')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('catalog parts', () => {
  it.each([['tr', tr], ['en', en], ['ru', ru]] as const)('%s: the two parts together are the whole catalog, compiled as lingui compiles it, without overlap', async (locale, whole) => {
    const site = await catalogPart(locale, 'site')
    const staff = await catalogPart(locale, 'staff')
    expect(Object.keys(site).filter((id) => id in staff)).toEqual([])
    // the whole catalog less the texts only the server uses (its error codes no page shows by code)
    const po = await formatter({ lineNumbers: false }).parse(readFileSync(join(ROOT, `src/locales/${locale}/messages.po`), 'utf8'), { locale, sourceLocale: 'tr', filename: 'messages.po' })
    const serverOnly = Object.entries(po).filter(([, e]) => !e.obsolete && (e.origin ?? []).length > 0 && e.origin!.every((o) => SERVER_ORIGIN.test(o[0]))).map(([id]) => id)
    expect(serverOnly).toContain('BAD_JSON')
    expect(serverOnly).not.toContain('UNEXPECTED')
    expect({ ...site, ...staff, ...Object.fromEntries(serverOnly.map((id) => [id, whole[id]])) }).toEqual(whole)
    for (const id of serverOnly) expect(id in site || id in staff, id).toBe(false)
    // the split is worth having: the staff area's own texts are a large share
    expect(Object.keys(staff).length).toBeGreaterThan(300)
    expect(Object.keys(site).length).toBeGreaterThan(300)
  })

  it('the public part has the public pages\' texts; the staff part has only the staff area\'s', async () => {
    const site = JSON.stringify(await catalogPart('tr', 'site'))
    const staff = JSON.stringify(await catalogPart('tr', 'staff'))
    for (const text of ['Erken BES satın al', 'Teklif Al', 'Pasaport numarası 5-20 harf veya rakamdan oluşmalıdır', 'İşlem sonucu alınıyor…']) {
      expect(site, text).toContain(text)
      expect(staff, text).not.toContain(text)
    }
    expect(staff).toContain('Personel Girişi')
  })

  it('no file outside the staff area imports a file whose texts are in the staff part', () => {
    const all = files(join(ROOT, 'src/web'))
    // the generated route tree imports every route's definition; their components (and texts) are split off
    const outside = all.filter((f) => !STAFF_ORIGIN.test(relative(ROOT, f)) && !f.endsWith('routeTree.gen.ts'))
    const offending: string[] = []
    for (const file of outside) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        let target = relative(ROOT, resolve(dirname(file), m[1]!))
        if (!STAFF_ORIGIN.test(target)) continue
        target = [target, `${target}.ts`, `${target}.tsx`].find((t) => statSync(join(ROOT, t), { throwIfNoEntry: false })?.isFile()) ?? target
        // a staff-area module without texts of its own (a hook) may be shared
        if (!/msg`|<Trans|\bt`|msg\(/.test(readFileSync(join(ROOT, target), 'utf8'))) continue
        offending.push(`${relative(ROOT, file)} -> ${target}`)
      }
    }
    // flows/search.ts is the staff header's search (it imports the admin pages' paths, no texts are shown by public pages)
    expect(offending.filter((o) => !o.startsWith('src/web/flows/search.ts'))).toEqual([])
  })
})
