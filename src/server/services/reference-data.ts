import { and, asc, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { city, country, district, hometown, industry, nationality, optionItem } from '../db/schema.ts'
import { AppError } from '../errors.ts'

/**
 * Reference data (spec 7.5; issue 26 item 3 moved the queries out of routes/lookup.ts): industries,
 * countries, nationalities, option lists and the address cascade. Each read of a cascade's level
 * first checks the levels above it (404 UNKNOWN_COUNTRY / UNKNOWN_CITY / UNKNOWN_DISTRICT).
 */

export function industries(db: Db) {
  return db.select().from(industry).orderBy(asc(industry.code))
}

export function countries(db: Db) {
  return db.select().from(country)
}

export function nationalities(db: Db) {
  return db.select().from(nationality).orderBy(asc(nationality.sort))
}

/** An option list in its order, without one value (the RSD location type, spec 7.5). */
export function options(db: Db, list: string, exclude?: string) {
  const where = exclude ? and(eq(optionItem.list, list), ne(optionItem.value, exclude)) : eq(optionItem.list, list)
  return db.select().from(optionItem).where(where).orderBy(asc(optionItem.sort))
}

async function requireCountry(db: Db, code: string) {
  const found = await db.select({ code: country.code }).from(country).where(eq(country.code, code)).limit(1)
  if (found.length === 0) throw new AppError(404, 'UNKNOWN_COUNTRY')
}

async function requireCity(db: Db, cc: string, code: string) {
  const found = await db.select({ code: city.code }).from(city)
    .where(and(eq(city.countryCode, cc), eq(city.code, code))).limit(1)
  if (found.length === 0) throw new AppError(404, 'UNKNOWN_CITY')
}

export async function cities(db: Db, countryCode: string) {
  await requireCountry(db, countryCode)
  return db.select().from(city).where(eq(city.countryCode, countryCode)).orderBy(asc(city.code))
}

export async function districts(db: Db, countryCode: string, cityCode: string) {
  await requireCountry(db, countryCode)
  await requireCity(db, countryCode, cityCode)
  return db.select().from(district).where(and(eq(district.countryCode, countryCode), eq(district.cityCode, cityCode)))
}

export async function hometowns(db: Db, countryCode: string, cityCode: string, districtCode: string) {
  await requireCountry(db, countryCode)
  await requireCity(db, countryCode, cityCode)
  const known = await db.select({ code: district.code }).from(district)
    .where(and(eq(district.countryCode, countryCode), eq(district.cityCode, cityCode), eq(district.code, districtCode))).limit(1)
  if (known.length === 0) throw new AppError(404, 'UNKNOWN_DISTRICT')
  return db.select().from(hometown).where(and(eq(hometown.countryCode, countryCode), eq(hometown.cityCode, cityCode), eq(hometown.districtCode, districtCode)))
}
