import { Hono, type MiddlewareHandler } from 'hono'
import { etag } from 'hono/etag'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import { localized, type ServerLocale } from '../i18n.ts'
import { cities, countries, districts, hometowns, industries, nationalities, options } from '../services/reference-data.ts'
import { publicRoute } from '../services/route-access.ts'

/** Reference data rarely changes: let browsers and proxies keep it for an hour, revalidate by ETag. */
const cacheable: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (c.res.status === 200) {
    c.res.headers.set('Cache-Control', 'public, max-age=3600')
    c.res.headers.set('Vary', 'locale, Accept-Language, encrypted')
  }
}

const countryCode = z.string().check(z.regex(/^[A-Z]{2}$/))
const cityCode = z.string().check(z.regex(/^\d{2}$/))
const districtCode = z.string().check(z.regex(/^\d{1,6}$/))
const noParams = z.strictObject({})

function byName<T extends { name: string }>(rows: T[], locale: ServerLocale): T[] {
  const collator = new Intl.Collator(locale)
  return rows.sort((a, b) => collator.compare(a.name, b.name))
}

export function lookupRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute(), cacheable, etag())

  r.get('/industries', async (c) => {
    readQuery(c, noParams)
    const rows = await industries(c.get('deps').db)
    const locale = c.get('locale')
    // sections first (A..U), each followed by its divisions
    const sections = rows.filter((row) => row.level === 1)
    return c.json(sections.flatMap((section) => [
      { value: section.code, name: localized(section.name, locale), level: 1, parent: null },
      ...rows
        .filter((row) => row.parentCode === section.code)
        .map((row) => ({ value: row.code, name: localized(row.name, locale), level: 2, parent: section.code })),
    ]))
  })

  r.get('/countries', async (c) => {
    readQuery(c, noParams)
    const locale = c.get('locale')
    const rows = await countries(c.get('deps').db)
    return c.json(byName(rows.map((row) => ({ value: row.code, name: localized(row.name, locale), icon: row.icon })), locale))
  })

  r.get('/nationalities', async (c) => {
    readQuery(c, noParams)
    const locale = c.get('locale')
    const rows = await nationalities(c.get('deps').db)
    return c.json(rows.map((row) => ({ value: row.code, name: localized(row.name, locale) })))
  })

  const optionList = (list: string, exclude?: string) => r.get(`/${list === 'experienceLevels' ? 'experiencelevels' : list === 'gdprLevels' ? 'gdprlevels' : list}`, async (c) => {
    readQuery(c, noParams)
    const locale = c.get('locale')
    const rows = await options(c.get('deps').db, list, exclude)
    return c.json(rows.map((row) => list === 'gdprLevels'
      ? { value: row.value, name: localized(row.name, locale), level: row.level }
      : { value: row.value, name: localized(row.name, locale) }))
  })
  optionList('companySizes')
  optionList('locationTypes', 'RSD') // spec 7.5: the RSD (residence) type is excluded
  optionList('experienceLevels')
  optionList('gdprLevels')

  r.get('/cities', async (c) => {
    const q = readQuery(c, z.strictObject({ countryCode }))
    const rows = await cities(c.get('deps').db, q.countryCode)
    return c.json(rows.map((row) => ({ value: row.code, name: row.name })))
  })

  r.get('/districts', async (c) => {
    const q = readQuery(c, z.strictObject({ countryCode, cityCode }))
    const rows = await districts(c.get('deps').db, q.countryCode, q.cityCode)
    return c.json(byName(rows.map((row) => ({ value: row.code, name: row.name })), 'tr'))
  })

  r.get('/hometowns', async (c) => {
    const q = readQuery(c, z.strictObject({ countryCode, cityCode, districtCode }))
    const rows = await hometowns(c.get('deps').db, q.countryCode, q.cityCode, q.districtCode)
    return c.json(byName(rows.map((row) => ({ value: row.code, name: row.name, zipcode: row.zipcode })), 'tr'))
  })

  return r
}
