import { Hono } from 'hono'
import * as z from 'zod/mini'
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { permissionsAboveLevel, type DataPrivacyLevel } from '../../domain/data-privacy.ts'
import { allPermissions, isCatalogued, toPermissionStrings, toRolePermissions } from '../../domain/permission-catalogue.ts'
import { FIXED_BUNDLE_ROLE, RoleBody, RoleUpdateBody, SYSTEM_ROLE_FIXED_FIELDS, type RoleInput } from '../../domain/schemas/admin.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { role, userGroup, userRole } from '../db/schema.ts'
import { AppError, type FieldIssue, isUniqueViolation } from '../errors.ts'
import { idParam, readJson, readQuery, uuidString } from '../http.ts'
import { auditBySession } from '../services/audit.ts'
import { containsPattern, listAnswer, orderBy, readList } from '../services/list.ts'
import { assertRoleWrite } from '../services/authority.ts'
import { permit } from '../services/permissions.ts'
import { announceToSuperadmins, requireReauth } from '../services/reauth.ts'

type RoleRow = typeof role.$inferSelect

const LEVELS = ['PUBLIC', 'INTERNAL', 'CONFIDENTIAL', 'SENSITIVE'] as const
const owner = z.string().check(z.minLength(1), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))
const uuid = uuidString


function view(row: RoleRow, holders?: number) {
  return {
    id: row.id, rolename: row.name, roleType: row.roleType, owner: row.owner, groupId: row.groupId, gdprLevel: row.gdprLevel,
    teamSize: row.teamSize, isMainRole: row.isMainRole, permissions: toRolePermissions(toPermissionStrings(row.permissions)),
    version: row.version, updatedAt: row.updatedAt.toISOString(), ...(holders !== undefined ? { holders } : {}),
  }
}

/** Refuses cells outside the catalogue and permissions above the role's data-privacy level. */
function checkPermissions(body: RoleInput): string[] {
  const unknown: FieldIssue[] = []
  for (const entry of body.permissions) for (const action of entry.actions) {
    if (!isCatalogued(entry.permtag, action)) unknown.push({ path: 'permissions', code: `${entry.permtag}:${action}` })
  }
  if (unknown.length) throw new AppError(400, 'VALIDATION', unknown)
  const strings = toPermissionStrings(body.permissions)
  const above = permissionsAboveLevel(strings, body.gdprLevel as DataPrivacyLevel)
  if (above.length) throw new AppError(422, 'PERMISSION_LEVEL', above.map((p) => ({ path: 'permissions', code: p })))
  return strings
}

async function checkGroup(db: Db, companyId: string, groupId: string | null) {
  if (!groupId) return
  const [g] = await db.select({ id: userGroup.id }).from(userGroup).where(and(eq(userGroup.id, groupId), eq(userGroup.companyId, companyId)))
  if (!g) throw new AppError(400, 'VALIDATION', [{ path: 'groupId', code: 'groupId.unknown' }])
}

async function holderCounts(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>()
  const rows = await db.select({ id: userRole.roleId, n: count() }).from(userRole).where(inArray(userRole.roleId, ids)).groupBy(userRole.roleId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

/** Roles and their permission bundles (issue 13), within the caller's company. */
export function roleRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('role:read'), async (c) => {
    const params = readList(c, ['rolename', 'updatedAt'], {
      roleowner: owner, levelType: z.enum(LEVELS), rolegroupId: uuid, roleType: z.enum(['main', 'default']),
    })
    const { db } = c.get('deps')
    const f = params.filters
    const where: SQL[] = [eq(role.companyId, c.get('session').companyId)]
    if (f.roleowner) where.push(eq(role.owner, f.roleowner))
    if (f.levelType) where.push(eq(role.gdprLevel, f.levelType))
    if (f.rolegroupId) where.push(eq(role.groupId, f.rolegroupId))
    if (f.roleType) where.push(eq(role.roleType, f.roleType))
    if (params.q) where.push(sql`lower(${role.name}) like ${containsPattern(params.q)}`)
    const condition = and(...where)
    const [rows, [total]] = await Promise.all([
      db.select().from(role).where(condition).orderBy(...orderBy(params, { rolename: role.name, updatedAt: role.updatedAt }, [asc(role.name)], role.id))
        .limit(params.size).offset(params.offset),
      db.select({ n: count() }).from(role).where(condition),
    ])
    const holders = await holderCounts(db, rows.map((x) => x.id))
    return c.json(listAnswer(rows.map((x) => view(x, holders.get(x.id) ?? 0)), total?.n ?? 0, params))
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
    if (id !== companyId) {
      const [row] = await db.select().from(role).where(and(eq(role.id, id), eq(role.companyId, companyId)))
      if (!row) throw new AppError(404, 'NOT_FOUND')
      return c.json(view(row, (await holderCounts(db, [row.id])).get(row.id) ?? 0))
    }
    const filters: SQL[] = []
    if (q.roleowner) filters.push(eq(role.owner, q.roleowner))
    if (q.levelType) filters.push(eq(role.gdprLevel, q.levelType))
    if (q.rolegroupId) filters.push(eq(role.groupId, q.rolegroupId))
    const combined = filters.length === 0 ? undefined : q.filteroperator === 'or' ? or(...filters) : and(...filters)
    const rows = await db.select().from(role).where(and(eq(role.companyId, companyId), combined)).orderBy(asc(role.name))
    return c.json({ items: rows.map((x) => view(x)) })
  })

  /** A new role: its permissions within the caller's own (issue 28). */
  r.post('/', permit('role:create'), async (c) => {
    const body = await readJson(c, RoleBody)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const permissions = checkPermissions(body)
    await checkGroup(db, session.companyId, body.groupId)
    const [creator] = await db.execute(sql`select username from app_user where id = ${session.userId}::uuid`).then((r) => (r as unknown as { rows: Array<{ username: string }> }).rows)
    let row: RoleRow
    try {
      const now = clock.now()
      row = await db.transaction(async (tx) => {
        const t = tx as unknown as Db
        await assertRoleWrite(t, c, { current: null, next: permissions })
        const [inserted] = await t.insert(role).values({
          companyId: session.companyId, name: body.rolename, roleType: body.roleType, owner: creator?.username ?? 'USER', groupId: body.groupId,
          gdprLevel: body.gdprLevel, teamSize: body.teamSize, isMainRole: body.isMainRole, permissions: toRolePermissions(permissions),
          createdAt: now, updatedAt: now,
        }).returning()
        return inserted!
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'ROLE_EXISTS', [{ path: 'rolename', code: 'exists' }])
      throw error
    }
    await auditBySession(c, 'role.created', row.id, { after: view(row) })
    return c.json(view(row), 201)
  })

  /**
   * A change: within the caller's own permissions, never of a role the caller holds, ROLE_ADMIN's
   * and ROLE_USER's bundles only by a superadmin (services/authority.ts); a change of permissions
   * carries the caller's password again and is announced to every superadmin (services/reauth.ts).
   */
  r.put('/:id', permit('role:update'), async (c) => {
    const id = idParam(c)
    const { currentPassword, ...body } = await readJson(c, RoleUpdateBody)
    const { db, clock, outbox } = c.get('deps')
    const companyId = c.get('session').companyId
    const [current] = await db.select().from(role).where(and(eq(role.id, id), eq(role.companyId, companyId)))
    if (!current) throw new AppError(404, 'NOT_FOUND')
    if (current.version !== body.version) throw new AppError(409, 'CONFLICT')
    if (current.owner === 'SYSTEM') {
      const was = { rolename: current.name, roleType: current.roleType, isMainRole: current.isMainRole, gdprLevel: current.gdprLevel }
      const changed = SYSTEM_ROLE_FIXED_FIELDS.filter((f) => body[f] !== was[f])
      if (current.name === FIXED_BUNDLE_ROLE && toPermissionStrings(body.permissions).join() !== allPermissions().sort().join()) changed.push('permissions' as never)
      if (changed.length) throw new AppError(422, 'SYSTEM_ROLE_FIXED', changed.map((f) => ({ path: f, code: 'fixed' })))
    }
    const permissions = checkPermissions(body)
    await checkGroup(db, companyId, body.groupId)
    const before = toPermissionStrings(current.permissions)
    const added = permissions.filter((p) => !before.includes(p))
    const removed = before.filter((p) => !permissions.includes(p))
    const write = (stored: RoleRow) => ({ current: { id, name: stored.name, owner: stored.owner, permissions: toPermissionStrings(stored.permissions) }, next: permissions })
    // who may is answered before the password is asked for; the transaction checks again under its locks
    await assertRoleWrite(db, c, write(current))
    if (added.length || removed.length) await requireReauth(c, currentPassword)
    let updated: RoleRow | undefined
    try {
      updated = await db.transaction(async (tx) => {
        const t = tx as unknown as Db
        const [locked] = await t.select().from(role).where(and(eq(role.id, id), eq(role.companyId, companyId))).for('update')
        if (!locked || locked.version !== body.version) throw new AppError(409, 'CONFLICT')
        await assertRoleWrite(t, c, write(locked))
        const [row] = await t.update(role).set({
          name: body.rolename, roleType: body.roleType, groupId: body.groupId, gdprLevel: body.gdprLevel, teamSize: body.teamSize,
          isMainRole: body.isMainRole, permissions: toRolePermissions(permissions), version: locked.version + 1, updatedAt: clock.now(),
        }).where(and(eq(role.id, id), eq(role.version, body.version))).returning()
        if (row && (added.length || removed.length)) await announceToSuperadmins(t, c, { kind: 'rolePermissions', role: row.name, added, removed })
        return row
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'ROLE_EXISTS', [{ path: 'rolename', code: 'exists' }])
      throw error
    }
    if (!updated) throw new AppError(409, 'CONFLICT')
    if (added.length || removed.length) outbox?.kick()
    await auditBySession(c, 'role.updated', id, { before: view(current), after: view(updated), ...(added.length || removed.length ? { added, removed, reauthenticated: true } : {}) })
    return c.json(view(updated))
  })

  r.delete('/:id', permit('role:delete'), async (c) => {
    const id = idParam(c)
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const [current] = await db.select().from(role).where(and(eq(role.id, id), eq(role.companyId, companyId)))
    if (!current) throw new AppError(404, 'NOT_FOUND')
    if (current.owner === 'SYSTEM') throw new AppError(422, 'SYSTEM_ROLE_FIXED', [{ path: 'rolename', code: 'fixed' }])
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const [locked] = await t.select().from(role).where(eq(role.id, id)).for('update')
      if (!locked) throw new AppError(404, 'NOT_FOUND')
      await assertRoleWrite(t, c, { current: { id, name: locked.name, owner: locked.owner, permissions: toPermissionStrings(locked.permissions) }, next: null })
      const holders = (await holderCounts(t, [id])).get(id) ?? 0
      if (holders > 0) throw new AppError(409, 'ROLE_IN_USE', [{ path: 'holders', code: String(holders) }])
      await t.delete(role).where(eq(role.id, id))
    })
    await auditBySession(c, 'role.deleted', id, { before: view(current) })
    return c.json({ ok: true })
  })

  return r
}
