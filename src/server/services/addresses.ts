import type { Context } from 'hono'
import * as z from 'zod/mini'
import { and, asc, eq } from 'drizzle-orm'
import type { AddressBody } from '../../domain/schemas/company.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, city, company, country, district, hometown, optionItem } from '../db/schema.ts'
import { AppError, type FieldIssue } from '../errors.ts'
import { auditBySession } from './audit.ts'

/**
 * A party's addresses and contacts (spec 7.5; issue 26 item 3 moved the queries out of
 * routes/party.ts): today the company's own. Each write and its audit entry are one transaction.
 */
type AddressRow = typeof address.$inferSelect
type AddressInput = z.output<typeof AddressBody>
export type Entity = { entityName: string; entityId: string }

/** The spec's personal-address field names (3.1), `status` as the form's mode once stored: edit. */
export const addressView = (a: AddressRow) => ({
  addressid: a.id, status: 'edit' as const, locationtype: a.locationType, locationname: a.locationName, countrycode: a.countryCode,
  citycode: a.cityCode, districtcode: a.districtCode, suburbcode: a.suburbCode, zipcode: a.zipCode, addresstext: a.addressText, version: a.version,
})

/**
 * The cascade must hold: a country that exists; for Türkiye a province, a district of it, and a
 * neighbourhood of that district whose postal code becomes the address's zip code.
 */
export async function resolveAddress(db: Db, body: AddressInput) {
  const issues: FieldIssue[] = []
  const [type] = await db.select().from(optionItem).where(and(eq(optionItem.list, 'locationTypes'), eq(optionItem.value, body.locationtype)))
  if (!type || type.value === 'RSD') issues.push({ path: 'locationtype', code: 'requiredSelection' })
  const [ctry] = await db.select().from(country).where(eq(country.code, body.countrycode))
  if (!ctry) issues.push({ path: 'countrycode', code: 'requiredSelection' })
  let zipcode = body.zipcode || null
  if (body.countrycode === 'TR') {
    if (!body.citycode) issues.push({ path: 'citycode', code: 'requiredSelection' })
    else if (!(await db.select().from(city).where(and(eq(city.countryCode, 'TR'), eq(city.code, body.citycode)))).length) issues.push({ path: 'citycode', code: 'requiredSelection' })
    if (!body.districtcode) issues.push({ path: 'districtcode', code: 'requiredSelection' })
    else if (body.citycode && !(await db.select().from(district).where(and(eq(district.countryCode, 'TR'), eq(district.cityCode, body.citycode), eq(district.code, body.districtcode)))).length) {
      issues.push({ path: 'districtcode', code: 'requiredSelection' })
    }
    if (body.suburbcode && body.citycode && body.districtcode && !issues.some((i) => i.path === 'citycode' || i.path === 'districtcode')) {
      const [suburb] = await db.select().from(hometown).where(and(
        eq(hometown.countryCode, 'TR'), eq(hometown.cityCode, body.citycode), eq(hometown.districtCode, body.districtcode), eq(hometown.code, body.suburbcode),
      ))
      if (!suburb) issues.push({ path: 'suburbcode', code: 'requiredSelection' })
      else zipcode = suburb.zipcode
    }
  }
  if (issues.length) throw new AppError(400, 'VALIDATION', issues)
  return {
    locationType: body.locationtype, locationName: body.locationname.trim(), countryCode: body.countrycode,
    cityCode: body.countrycode === 'TR' ? body.citycode : null, districtCode: body.countrycode === 'TR' ? body.districtcode : null,
    suburbCode: body.countrycode === 'TR' ? body.suburbcode : null, zipCode: zipcode, addressText: body.addresstext.trim(),
  }
}

export async function listAddresses(db: Db, companyId: string, entity: Entity) {
  const rows = await db.select().from(address)
    .where(and(eq(address.companyId, companyId), eq(address.entityName, entity.entityName), eq(address.entityId, entity.entityId)))
    .orderBy(asc(address.locationName))
  return rows.map(addressView)
}

export async function companyContacts(db: Db, companyId: string) {
  const [row] = await db.select().from(company).where(eq(company.id, companyId))
  return [
    { contacttype: 'email', value: row!.email },
    { contacttype: 'phone', value: row!.phone },
    { contacttype: 'web', value: row!.webPage },
  ]
}

export async function createAddress(c: Context<AppEnv>, entity: Entity, body: AddressInput) {
  const { db, clock } = c.get('deps')
  const values = await resolveAddress(db, body)
  const now = clock.now()
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(address).values({ companyId: c.get('session').companyId, ...entity, ...values, createdAt: now, updatedAt: now }).returning()
    await auditBySession(c, 'address.created', row!.id, { after: addressView(row!) }, tx as unknown as Db)
    return addressView(row!)
  })
}

/** An address changed at the version the client read (else 409 CONFLICT; another company's or none 404). */
export async function updateAddress(c: Context<AppEnv>, id: string, version: number, body: AddressInput) {
  const { db, clock } = c.get('deps')
  const [before] = await db.select().from(address).where(and(eq(address.id, id), eq(address.companyId, c.get('session').companyId)))
  if (!before) throw new AppError(404, 'NOT_FOUND')
  const values = await resolveAddress(db, body)
  return db.transaction(async (tx) => {
    const [after] = await tx.update(address).set({ ...values, version: before.version + 1, updatedAt: clock.now() })
      .where(and(eq(address.id, id), eq(address.version, version))).returning()
    if (!after) throw new AppError(409, 'CONFLICT')
    await auditBySession(c, 'address.updated', id, { before: addressView(before), after: addressView(after) }, tx as unknown as Db)
    return addressView(after)
  })
}

/** An address deleted at the version the client read (else 409 CONFLICT; another company's or none 404). */
export async function deleteAddress(c: Context<AppEnv>, id: string, version: number) {
  const companyId = c.get('session').companyId
  await c.get('deps').db.transaction(async (tx) => {
    const [row] = await tx.delete(address).where(and(eq(address.id, id), eq(address.companyId, companyId), eq(address.version, version))).returning()
    if (!row) {
      const [exists] = await tx.select({ id: address.id }).from(address).where(and(eq(address.id, id), eq(address.companyId, companyId)))
      throw exists ? new AppError(409, 'CONFLICT') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'address.deleted', id, { before: addressView(row) }, tx as unknown as Db)
  })
}
