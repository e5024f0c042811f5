import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { and, asc, eq } from 'drizzle-orm'
import { AddressBody, AddressUpdateBody } from '../../domain/schemas/company.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, city, company, country, district, hometown, optionItem } from '../db/schema.ts'
import { AppError, type FieldIssue } from '../errors.ts'
import { idParam, readJson, readQuery, uuidString } from '../http.ts'
import { auditBySession } from '../services/audit.ts'
import { permit } from '../services/permissions.ts'

const uuid = uuidString
const EntityQuery = z.strictObject({ entityname: z.enum(['company']), entityid: uuid })

type AddressRow = typeof address.$inferSelect
type AddressInput = z.output<typeof AddressBody>

/** The spec's personal-address field names (3.1), `status` as the form's mode once stored: edit. */
const view = (a: AddressRow) => ({
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

function entityOf(c: Context<AppEnv>, q: { entityname: string; entityid: string }) {
  if (q.entityid.toLowerCase() !== c.get('session').companyId) throw new AppError(404, 'NOT_FOUND')
  return { entityName: q.entityname, entityId: q.entityid.toLowerCase() }
}


/** Addresses and contacts of a party (spec 7.5 `/party/address`, `/party/contacts`): today the company's own. */
export function partyRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/address', permit('address:read'), async (c) => {
    const entity = entityOf(c, readQuery(c, EntityQuery))
    const rows = await c.get('deps').db.select().from(address)
      .where(and(eq(address.companyId, c.get('session').companyId), eq(address.entityName, entity.entityName), eq(address.entityId, entity.entityId)))
      .orderBy(asc(address.locationName))
    return c.json({ items: rows.map(view) })
  })

  r.get('/contacts', permit('company:read'), async (c) => {
    const q = readQuery(c, z.strictObject({ entityname: z.enum(['company']), entityid: uuid, contacttype: z.optional(z.enum(['email', 'phone', 'web'])) }))
    const entity = entityOf(c, q)
    const [row] = await c.get('deps').db.select().from(company).where(eq(company.id, entity.entityId))
    const contacts = [
      { contacttype: 'email', value: row!.email },
      { contacttype: 'phone', value: row!.phone },
      { contacttype: 'web', value: row!.webPage },
    ].filter((x) => x.value && (!q.contacttype || x.contacttype === q.contacttype))
    return c.json({ items: contacts })
  })

  r.post('/address', permit('address:create'), async (c) => {
    const entity = entityOf(c, readQuery(c, EntityQuery))
    const body = await readJson(c, AddressBody)
    const { db, clock } = c.get('deps')
    const values = await resolveAddress(db, body)
    const now = clock.now()
    const [row] = await db.insert(address).values({ companyId: c.get('session').companyId, ...entity, ...values, createdAt: now, updatedAt: now }).returning()
    await auditBySession(c, 'address.created', row!.id, { after: view(row!) })
    return c.json(view(row!), 201)
  })

  r.put('/address/:id', permit('address:update'), async (c) => {
    const id = idParam(c)
    const { version, ...body } = await readJson(c, AddressUpdateBody)
    const { db, clock } = c.get('deps')
    const [before] = await db.select().from(address).where(and(eq(address.id, id), eq(address.companyId, c.get('session').companyId)))
    if (!before) throw new AppError(404, 'NOT_FOUND')
    const values = await resolveAddress(db, body)
    const [after] = await db.update(address).set({ ...values, version: before.version + 1, updatedAt: clock.now() })
      .where(and(eq(address.id, id), eq(address.version, version))).returning()
    if (!after) throw new AppError(409, 'CONFLICT')
    await auditBySession(c, 'address.updated', id, { before: view(before), after: view(after) })
    return c.json(view(after))
  })

  r.delete('/address/:id', permit('address:delete'), async (c) => {
    const id = idParam(c)
    const { version } = readQuery(c, z.strictObject({ version: z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)) }))
    const { db } = c.get('deps')
    const [row] = await db.delete(address).where(and(eq(address.id, id), eq(address.companyId, c.get('session').companyId), eq(address.version, Number(version)))).returning()
    if (!row) {
      const [exists] = await db.select({ id: address.id }).from(address).where(and(eq(address.id, id), eq(address.companyId, c.get('session').companyId)))
      throw exists ? new AppError(409, 'CONFLICT') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'address.deleted', id, { before: view(row) })
    return c.json({ ok: true })
  })

  return r
}
