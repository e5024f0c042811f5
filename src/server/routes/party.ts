import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { AddressBody, AddressUpdateBody } from '../../domain/schemas/company.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { idParam, readJson, readQuery, uuidString } from '../http.ts'
import { companyContacts, createAddress, deleteAddress, listAddresses, updateAddress } from '../services/addresses.ts'
import { permit } from '../services/permissions.ts'

/** The address cascade's check (routes/user.ts reads it from here). */
export { resolveAddress } from '../services/addresses.ts'

const uuid = uuidString
const EntityQuery = z.strictObject({ entityname: z.enum(['company']), entityid: uuid })

function entityOf(c: Context<AppEnv>, q: { entityname: string; entityid: string }) {
  if (q.entityid.toLowerCase() !== c.get('session').companyId) throw new AppError(404, 'NOT_FOUND')
  return { entityName: q.entityname, entityId: q.entityid.toLowerCase() }
}


/** Addresses and contacts of a party (spec 7.5 `/party/address`, `/party/contacts`): today the company's own. */
export function partyRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/address', permit('address:read'), async (c) => {
    const entity = entityOf(c, readQuery(c, EntityQuery))
    return c.json({ items: await listAddresses(c.get('deps').db, c.get('session').companyId, entity) })
  })

  r.get('/contacts', permit('company:read'), async (c) => {
    const q = readQuery(c, z.strictObject({ entityname: z.enum(['company']), entityid: uuid, contacttype: z.optional(z.enum(['email', 'phone', 'web'])) }))
    const entity = entityOf(c, q)
    const contacts = (await companyContacts(c.get('deps').db, entity.entityId)).filter((x) => x.value && (!q.contacttype || x.contacttype === q.contacttype))
    return c.json({ items: contacts })
  })

  r.post('/address', permit('address:create'), async (c) => {
    const entity = entityOf(c, readQuery(c, EntityQuery))
    const body = await readJson(c, AddressBody)
    return c.json(await createAddress(c, entity, body), 201)
  })

  r.put('/address/:id', permit('address:update'), async (c) => {
    const id = idParam(c)
    const { version, ...body } = await readJson(c, AddressUpdateBody)
    return c.json(await updateAddress(c, id, version, body))
  })

  r.delete('/address/:id', permit('address:delete'), async (c) => {
    const id = idParam(c)
    const { version } = readQuery(c, z.strictObject({ version: z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)) }))
    await deleteAddress(c, id, Number(version))
    return c.json({ ok: true })
  })

  return r
}
