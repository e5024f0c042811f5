import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { formatter } from '@lingui/format-po'
import { catalogPart, PART_ORIGINS, SERVER_ORIGIN, STAFF_ORIGIN } from '../../scripts/catalog-parts.ts'
import { PART_PATHS, partsOf } from '../../src/web/i18n/parts.ts'

/** Issue 23 goal 2: the catalogs in parts, a common one and one per area (scripts/catalog-parts.ts). */
const ROOT = resolve(import.meta.dirname, '../..')
/** The landing sections' one entrance (src/web/components/landing/DeferredLandingSections.tsx). */
const DEFERRED_SECTIONS = join(ROOT, 'src/web/components/landing/DeferredLandingSections.tsx')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('catalog parts', () => {
  it.each([['tr', tr], ['en', en], ['ru', ru]] as const)('%s: the parts together are the whole catalog, compiled as lingui compiles it, without overlap', async (locale, whole) => {
    const site = await catalogPart(locale, 'site')
    const staff = await catalogPart(locale, 'staff')
    const landing = await catalogPart(locale, 'landing')
    const sales = await catalogPart(locale, 'sales')
    const sections = await catalogPart(locale, 'sections')
    const card = await catalogPart(locale, 'card')
    const parts = [site, staff, landing, sales, sections, card]
    for (const [i, a] of parts.entries()) for (const b of parts.slice(i + 1)) expect(Object.keys(a).filter((id) => id in b)).toEqual([])
    // the whole catalog less the texts only the server uses (its error codes no page shows by code)
    const po = await formatter({ lineNumbers: false }).parse(readFileSync(join(ROOT, `src/locales/${locale}/messages.po`), 'utf8'), { locale, sourceLocale: 'tr', filename: 'messages.po' })
    const serverOnly = Object.entries(po).filter(([, e]) => !e.obsolete && (e.origin ?? []).length > 0 && e.origin!.every((o) => SERVER_ORIGIN.test(o[0]))).map(([id]) => id)
    expect(serverOnly).toContain('BAD_JSON')
    expect(serverOnly).not.toContain('UNEXPECTED')
    expect({ ...site, ...staff, ...landing, ...sales, ...sections, ...card, ...Object.fromEntries(serverOnly.map((id) => [id, whole[id]])) }).toEqual(whole)
    for (const id of serverOnly) expect(parts.some((p) => id in p), id).toBe(false)
    // the split is worth having: the staff area's own texts are a large share
    expect(Object.keys(staff).length).toBeGreaterThan(300)
    expect(Object.keys(site).length).toBeGreaterThan(150)
    expect(Object.keys(landing).length).toBeGreaterThan(5)
    expect(Object.keys(sections).length).toBeGreaterThan(100)
    expect(Object.keys(sales).length).toBeGreaterThan(250)
    expect(Object.keys(card).length).toBeGreaterThan(40)
  })

  it('the public parts have the public pages\' texts; the staff part has only the staff area\'s', async () => {
    const site = JSON.stringify(await catalogPart('tr', 'site'))
    const staff = JSON.stringify(await catalogPart('tr', 'staff'))
    const landing = JSON.stringify(await catalogPart('tr', 'landing'))
    const sales = JSON.stringify(await catalogPart('tr', 'sales'))
    const sections = JSON.stringify(await catalogPart('tr', 'sections'))
    const card = JSON.stringify(await catalogPart('tr', 'card'))
    const publicParts = site + landing + sales + sections + card
    for (const text of ['Erken BES satın al', 'Teklif Al', 'Pasaport numarası 5-20 harf veya rakamdan oluşmalıdır', 'İşlem sonucu alınıyor…']) {
      expect(publicParts, text).toContain(text)
      expect(staff, text).not.toContain(text)
    }
    expect(staff).toContain('Personel Girişi')
    // the landing sections' and the purchase steps' own texts are in their parts, not in the site part
    expect(sections).toContain('Sıkça Sorulan Sorular')
    expect(site + landing).not.toContain('Sıkça Sorulan Sorular')
    // the hero's texts load with the page (landing), the sections' below the fold with their code (sections)
    expect(landing).toContain('Katılım esaslı Bireysel Emeklilik ile geleceğinize yatırım yapın')
    expect(sales).toContain('Onayla ve ödemeye geç')
    expect(site).not.toContain('Onayla ve ödemeye geç')
    // the card form's own texts (its fields, errors, 3-D dialog) load with it, not with every page;
    // a payment's outcome, also shown by the result pages, stays in the site part
    for (const text of ['Kredi kartı numarası girmelisiniz', 'Kart numarası', 'Taksit sayısı', 'Banka kodu']) {
      expect(card, text).toContain(text)
      expect(site + landing + sales + sections, text).not.toContain(text)
    }
    expect(site).toContain('Ödeme başarısız')
    expect(card).not.toContain('Ödeme başarısız')
  })

  it('each route loads the catalog parts of every file it imports (PART_PATHS)', () => {
    // a route file's path: src/web/routes/_site/urunler/market/tss.tsx -> /urunler/market/tss
    const routes = files(join(ROOT, 'src/web/routes')).filter((f) => !f.endsWith('__root.tsx'))
    const pathOf = (file: string) => '/' + relative(join(ROOT, 'src/web/routes'), file).replace(/\.tsx?$/, '').split(/[/.]/)
      .filter((s) => !s.startsWith('_') && s !== 'index').join('/').replace(/\$\w*/g, 'x')
    const imported = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen
      seen.add(file)
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const base = resolve(dirname(file), m[1]!)
        const target = [base, `${base}.ts`, `${base}.tsx`].find((t) => statSync(t, { throwIfNoEntry: false })?.isFile())
        if (target && /\.tsx?$/.test(target)) imported(target, seen)
      }
      return seen
    }
    const missing: string[] = []
    let checked = 0
    for (const route of routes) {
      const path = pathOf(route)
      // a module without texts of its own (a hook, a style) may be shared
      const imports = imported(route)
      const used = [...imports].filter((f) => /msg`|<Trans|\bt`|msg\(|<Plural/.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f))
      for (const [part, origin] of Object.entries(PART_ORIGINS)) {
        // the landing sections' texts load with their code, on intent, through their one wrapper (below)
        if (part === 'sections' && imports.has(DEFERRED_SECTIONS)) continue
        // the card form's texts load with its code, when it is first needed: every import of it is lazy and wrapped (below)
        if (part === 'card') continue
        if (used.some((f) => origin.test(f)) && !partsOf(path).includes(part as keyof typeof PART_PATHS)) missing.push(`${path} (${relative(ROOT, route)}) needs ${part}`)
      }
      checked++
    }
    expect(checked).toBeGreaterThan(40)
    expect(missing).toEqual([])
    // and the public pages carry no part they do not need
    expect(partsOf('/')).toEqual(['landing'])
    expect(partsOf('/urunler/market/tss')).toEqual(['sales'])
    expect(partsOf('/kvkk-aydinlatma-metni')).toEqual([])
    expect(partsOf('/navbar/profile')).toEqual(['staff'])
  })

  it('the landing sections are reached only through their wrapper, which loads their texts with their code', () => {
    const wrapper = readFileSync(DEFERRED_SECTIONS, 'utf8')
    expect(wrapper).toMatch(/Promise\.all\(\[import\('\.\/LandingSections\.tsx'\), loadParts\(\['sections'\], \{ quiet: true \}\)\]\)/)
    const outside = files(join(ROOT, 'src/web')).filter((f) => !/components\/landing\//.test(relative(ROOT, f)))
    const offenders: string[] = []
    for (const file of outside) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = resolve(dirname(file), m[1]!)
        if (/src\/web\/components\/landing\//.test(target) && target !== DEFERRED_SECTIONS) offenders.push(`${relative(ROOT, file)} imports ${relative(ROOT, target)}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('the card form is imported only lazily, with its texts (withTexts), so it never shows a message id', () => {
    const cardFiles = files(join(ROOT, 'src/web')).filter((f) => PART_ORIGINS.card.test(relative(ROOT, f)))
    expect(cardFiles.map((f) => relative(ROOT, f))).toContain('src/web/views/payment/PaymentTestForm.tsx')
    const offenders: string[] = []
    const wrapped: string[] = []
    for (const file of files(join(ROOT, 'src/web'))) {
      if (cardFiles.includes(file)) continue
      const source = readFileSync(file, 'utf8')
      for (const m of source.matchAll(/(withTexts\('card', )?(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = resolve(dirname(file), m[2]!)
        if (!cardFiles.some((f) => f === target || f.replace(/\.tsx?$/, '') === target)) continue
        if (m[1]) wrapped.push(relative(ROOT, file))
        else offenders.push(`${relative(ROOT, file)} imports ${relative(ROOT, target)} without its texts`)
      }
    }
    expect(offenders).toEqual([])
    // the payment test section of `/` and the purchases' payment steps
    expect(wrapped.sort()).toEqual(['src/web/views/payment/PaymentTestSection.tsx', 'src/web/views/sales/PurchaseView.tsx', 'src/web/views/sales/bes/BesPurchaseView.tsx'])
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
