import { Hono } from 'hono'
import * as z from 'zod/mini'
import { RoleBody, RoleUpdateBody } from '../../domain/schemas/admin.ts'
import type { AppEnv } from '../types.ts'
import { idParam, readJson, readQuery, uuidString } from '../http.ts'
import { listAnswer, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'
import { createRole, deleteRole, filterRoles, getRole, LEVELS, listRoles, roleView, updateRole } from '../services/roles.ts'

const owner = z.string().check(z.minLength(1), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))
const uuid = uuidString

/** Roles and their permission bundles (issue 13), within the caller's company (queries and rules: services/roles.ts). */
export function roleRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('role:read'), async (c) => {
    const params = readList(c, ['rolename', 'updatedAt'], {
      roleowner: owner, levelType: z.enum(LEVELS), rolegroupId: uuid, roleType: z.enum(['main', 'default']),
    })
    const { items, total } = await listRoles(c.get('deps').db, c.get('session').companyId, params)
    return c.json(listAnswer(items, total, params))
  })

  /**
   * Spec 7.5 `GET /role/{id}` (filteroperator, roleowner, levelType, rolegroupId): for the company's
   * id, its roles matching the filters (all of them with filteroperator=and, the default; any with
   * or); for a role's id, that role.
   */
  r.get('/:id', permit('role:read'), async (c) => {
    const id = idParam(c)
    const q = readQuery(c, z.strictObject({
      filteroperator: z.optional(z.enum(['and', 'or'])), roleowner: z.optional(owner), levelType: z.optional(z.enum(LEVELS)), rolegroupId: z.optional(uuid),
    }))
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    if (id !== companyId) return c.json(await getRole(db, companyId, id))
    return c.json({ items: await filterRoles(db, companyId, q) })
  })

  /** A new role: its permissions within the caller's own (issue 28). */
  r.post('/', permit('role:create'), async (c) => {
    const body = await readJson(c, RoleBody)
    const { db, clock } = c.get('deps')
    const row = await createRole(c, db, body, clock.now())
    return c.json(roleView(row), 201)
  })

  /** A change (services/roles.ts `updateRole` says who may, and when the password is asked again); each write and its audit entry are one transaction. */
  r.put('/:id', permit('role:update'), async (c) => {
    const id = idParam(c)
    const { currentPassword, ...body } = await readJson(c, RoleUpdateBody)
    const { db, clock, outbox } = c.get('deps')
    const { updated, added, removed } = await updateRole(c, db, id, body, currentPassword, () => clock.now())
    if (added.length || removed.length) outbox?.kick()
    return c.json(roleView(updated))
  })

  r.delete('/:id', permit('role:delete'), async (c) => {
    const id = idParam(c)
    await deleteRole(c, c.get('deps').db, id)
    return c.json({ ok: true })
  })

  return r
}
