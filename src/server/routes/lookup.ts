import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { etag } from 'hono/etag'
import { and, asc, eq, ne } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { readQuery } from '../http.ts'
import { localized, type ServerLocale } from '../i18n.ts'
import { city, country, district, hometown, industry, nationality, optionItem } from '../db/schema.ts'
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
    const { db } = c.get('deps')
    const rows = await db.select().from(industry).orderBy(asc(industry.code))
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
    const rows = await c.get('deps').db.select().from(country)
    return c.json(byName(rows.map((row) => ({ value: row.code, name: localized(row.name, locale), icon: row.icon })), locale))
  })

  r.get('/nationalities', async (c) => {
    readQuery(c, noParams)
    const locale = c.get('locale')
    const rows = await c.get('deps').db.select().from(nationality).orderBy(asc(nationality.sort))
    return c.json(rows.map((row) => ({ value: row.code, name: localized(row.name, locale) })))
  })

  const optionList = (list: string, exclude?: string) => r.get(`/${list === 'experienceLevels' ? 'experiencelevels' : list === 'gdprLevels' ? 'gdprlevels' : list}`, async (c) => {
    readQuery(c, noParams)
    const locale = c.get('locale')
    const where = exclude ? and(eq(optionItem.list, list), ne(optionItem.value, exclude)) : eq(optionItem.list, list)
    const rows = await c.get('deps').db.select().from(optionItem).where(where).orderBy(asc(optionItem.sort))
    return c.json(rows.map((row) => list === 'gdprLevels'
      ? { value: row.value, name: localized(row.name, locale), level: row.level }
      : { value: row.value, name: localized(row.name, locale) }))
  })
  optionList('companySizes')
  optionList('locationTypes', 'RSD') // spec 7.5: the RSD (residence) type is excluded
  optionList('experienceLevels')
  optionList('gdprLevels')

  async function requireCountry(c: Context<AppEnv>, code: string) {
    const found = await c.get('deps').db.select({ code: country.code }).from(country).where(eq(country.code, code)).limit(1)
    if (found.length === 0) throw new AppError(404, 'UNKNOWN_COUNTRY')
  }
  async function requireCity(c: Context<AppEnv>, cc: string, code: string) {
    const found = await c.get('deps').db.select({ code: city.code }).from(city)
      .where(and(eq(city.countryCode, cc), eq(city.code, code))).limit(1)
    if (found.length === 0) throw new AppError(404, 'UNKNOWN_CITY')
  }

  r.get('/cities', async (c) => {
    const q = readQuery(c, z.strictObject({ countryCode }))
    await requireCountry(c, q.countryCode)
    const rows = await c.get('deps').db.select().from(city).where(eq(city.countryCode, q.countryCode)).orderBy(asc(city.code))
    return c.json(rows.map((row) => ({ value: row.code, name: row.name })))
  })

  r.get('/districts', async (c) => {
    const q = readQuery(c, z.strictObject({ countryCode, cityCode }))
    await requireCountry(c, q.countryCode)
    await requireCity(c, q.countryCode, q.cityCode)
    const rows = await c.get('deps').db.select().from(district)
      .where(and(eq(district.countryCode, q.countryCode), eq(district.cityCode, q.cityCode)))
    return c.json(byName(rows.map((row) => ({ value: row.code, name: row.name })), 'tr'))
  })

  r.get('/hometowns', async (c) => {
    const q = readQuery(c, z.strictObject({ countryCode, cityCode, districtCode }))
    await requireCountry(c, q.countryCode)
    await requireCity(c, q.countryCode, q.cityCode)
    const { db } = c.get('deps')
    const known = await db.select({ code: district.code }).from(district)
      .where(and(eq(district.countryCode, q.countryCode), eq(district.cityCode, q.cityCode), eq(district.code, q.districtCode))).limit(1)
    if (known.length === 0) throw new AppError(404, 'UNKNOWN_DISTRICT')
    const rows = await db.select().from(hometown).where(and(
      eq(hometown.countryCode, q.countryCode), eq(hometown.cityCode, q.cityCode), eq(hometown.districtCode, q.districtCode)))
    return c.json(byName(rows.map((row) => ({ value: row.code, name: row.name, zipcode: row.zipcode })), 'tr'))
  })

  return r
}
