import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

type Item = { value: string; name: string; icon?: string; level?: number | null; parent?: string | null; zipcode?: string }

describe.each(dbKinds())('lookups on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp(kind) })
  afterAll(async () => { await t.close() })

  const get = async (path: string, locale = 'tr') => {
    const res = await t.request(path, { headers: { locale } })
    return { res, body: (await res.json()) as unknown }
  }

  it('industries: NACE sections with their divisions, names by locale', async () => {
    const { res, body } = await get('/lookup/industries')
    expect(res.status).toBe(200)
    const items = body as Item[]
    expect(items.filter((i) => i.level === 1)).toHaveLength(21)
    expect(items.filter((i) => i.level === 2)).toHaveLength(88)
    expect(items[0]).toEqual({ value: 'A', name: 'TARIM, ORMANCILIK VE BALIKÇILIK', level: 1, parent: null })
    expect(items[1]).toMatchObject({ value: '01', level: 2, parent: 'A' })
    const en = (await get('/lookup/industries', 'en')).body as Item[]
    expect(en[0]!.name).toBe('AGRICULTURE, FORESTRY AND FISHING')
    const ru = (await get('/lookup/industries', 'ru')).body as Item[]
    expect(ru[0]!.name).toMatch(/СЕЛЬСКОЕ/)
  })

  it('countries: every ISO country with a flag, sorted by the locale\'s collation', async () => {
    const tr = (await get('/lookup/countries')).body as Item[]
    expect(tr.length).toBeGreaterThanOrEqual(249)
    expect(tr.find((c) => c.value === 'TR')).toEqual({ value: 'TR', name: 'Türkiye', icon: '🇹🇷' })
    expect(tr.find((c) => c.value === 'DE')!.name).toBe('Almanya')
    const names = tr.map((c) => c.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('tr').compare))
    const ru = (await get('/lookup/countries', 'ru')).body as Item[]
    expect(ru.find((c) => c.value === 'TR')!.name).toBe('Турция')
  })

  it('cities, districts and hometowns of Türkiye', async () => {
    const cities = (await get('/lookup/cities?countryCode=TR')).body as Item[]
    expect(cities).toHaveLength(81)
    expect(cities[0]).toEqual({ value: '01', name: 'Adana' })
    expect(cities.find((c) => c.value === '34')!.name).toBe('İstanbul')
    const districts = (await get('/lookup/districts?countryCode=TR&cityCode=34')).body as Item[]
    expect(districts.length).toBe(39)
    const kadikoy = districts.find((d) => d.name === 'Kadıköy')!
    expect(kadikoy).toBeDefined()
    const hometowns = (await get(`/lookup/hometowns?countryCode=TR&cityCode=34&districtCode=${kadikoy.value}`)).body as Item[]
    expect(hometowns.length).toBeGreaterThan(10)
    for (const h of hometowns) expect(h.zipcode).toMatch(/^\d{5}$/)
    expect(hometowns.some((h) => h.name.startsWith('Caferağa'))).toBe(true)
  })

  it('a known country without subdivisions answers an empty list', async () => {
    const { res, body } = await get('/lookup/cities?countryCode=DE')
    expect(res.status).toBe(200)
    expect(body).toEqual([])
  })

  it('option lists: company sizes, location types without RSD, experience and GDPR levels, nationalities', async () => {
    const sizes = (await get('/lookup/companySizes')).body as Item[]
    expect(sizes.length).toBeGreaterThanOrEqual(4)
    const types = (await get('/lookup/locationTypes')).body as Item[]
    expect(types.length).toBeGreaterThan(1)
    expect(types.map((x) => x.value)).not.toContain('RSD')
    const levels = (await get('/lookup/experiencelevels')).body as Item[]
    expect(levels.length).toBeGreaterThan(2)
    const gdpr = (await get('/lookup/gdprlevels')).body as Item[]
    expect(gdpr.length).toBeGreaterThan(1)
    for (const g of gdpr) expect(typeof g.level).toBe('number')
    const nationalities = (await get('/lookup/nationalities')).body as Item[]
    expect(nationalities[0]!.value).toBe('TR')
    expect(nationalities.length).toBeGreaterThanOrEqual(249)
  })

  it.each([
    ['/lookup/cities', 400, 'VALIDATION'],
    ['/lookup/cities?countryCode=tr', 400, 'VALIDATION'],
    ['/lookup/cities?countryCode=TR&extra=1', 400, 'VALIDATION'],
    ['/lookup/cities?countryCode=TR&countryCode=DE', 400, 'VALIDATION'],
    ['/lookup/cities?countryCode=XX', 404, 'UNKNOWN_COUNTRY'],
    ['/lookup/districts?countryCode=TR&cityCode=99', 404, 'UNKNOWN_CITY'],
    ['/lookup/districts?countryCode=TR&cityCode=3', 400, 'VALIDATION'],
    ['/lookup/hometowns?countryCode=TR&cityCode=34&districtCode=999999', 404, 'UNKNOWN_DISTRICT'],
    ['/lookup/hometowns?countryCode=TR&cityCode=34', 400, 'VALIDATION'],
    ['/lookup/industries?x=%00', 400, 'VALIDATION'],
    ['/lookup/nope', 404, 'NOT_FOUND'],
  ])('%s answers %i %s', async (path, status, code) => {
    const { res, body } = await get(path)
    expect(res.status).toBe(status)
    expect(body).toMatchObject({ code })
    expect(typeof (body as { message: string }).message).toBe('string')
  })

  it('is cacheable: Cache-Control, Vary and a revalidating ETag', async () => {
    const first = await t.request('/lookup/countries', { headers: { locale: 'en' } })
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(first.headers.get('vary')).toContain('locale')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await t.request('/lookup/countries', { headers: { locale: 'en', 'if-none-match': etag! } })
    expect(again.status).toBe(304)
    const otherLocale = await t.request('/lookup/countries', { headers: { locale: 'ru', 'if-none-match': etag! } })
    expect(otherLocale.status).toBe(200)
  })
})
