import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { permissionsAboveLevel, type DataPrivacyLevel } from '../../domain/data-privacy.ts'
import { allPermissions, isCatalogued, toPermissionStrings, toRolePermissions } from '../../domain/permission-catalogue.ts'
import { FIXED_BUNDLE_ROLE, SYSTEM_ROLE_FIXED_FIELDS, type RoleInput, type RoleUpdateBody } from '../../domain/schemas/admin.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { role, userGroup, userRole } from '../db/schema.ts'
import { AppError, type FieldIssue, isUniqueViolation } from '../errors.ts'
import { auditBySession } from './audit.ts'
import { assertRoleWrite } from './authority.ts'
import { containsPattern, orderBy, type ListParams } from './list.ts'
import { announceToSuperadmins, requireReauth } from './reauth.ts'

/**
 * Roles and their permission bundles (issue 13) within a company: the queries and rules of
 * routes/role.ts (issue 26 item 3). Every write that grants power is one transaction that checks
 * the caller's authority again under its locks (services/authority.ts, issue 28) and writes its audit entry.
 */

type RoleRow = typeof role.$inferSelect

export const LEVELS = ['PUBLIC', 'INTERNAL', 'CONFIDENTIAL', 'SENSITIVE'] as const

export function roleView(row: RoleRow, holders?: number) {
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

/** A role name the company already has is 409 ROLE_EXISTS (the unique index decides). */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'ROLE_EXISTS', [{ path: 'rolename', code: 'exists' }])
    throw error
  }
}

export type RoleListFilters = { roleowner?: string; levelType?: (typeof LEVELS)[number]; rolegroupId?: string; roleType?: 'main' | 'default' }

/** One page of the company's roles (spec 2.2 "Lists"), each with how many users hold it. */
export async function listRoles(db: Db, companyId: string, params: ListParams<RoleListFilters>) {
  const f = params.filters
  const where: SQL[] = [eq(role.companyId, companyId)]
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
  return { items: rows.map((x) => roleView(x, holders.get(x.id) ?? 0)), total: total?.n ?? 0 }
}

/** One role of the company with its holders; 404 NOT_FOUND otherwise. */
export async function getRole(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(role).where(and(eq(role.id, id), eq(role.companyId, companyId)))
  if (!row) throw new AppError(404, 'NOT_FOUND')
  return roleView(row, (await holderCounts(db, [row.id])).get(row.id) ?? 0)
}

/** Spec 7.5 `GET /role/{companyId}`: the roles matching all the filters (`and`, the default) or any (`or`). */
export async function filterRoles(db: Db, companyId: string, q: { filteroperator?: 'and' | 'or'; roleowner?: string; levelType?: string; rolegroupId?: string }) {
  const filters: SQL[] = []
  if (q.roleowner) filters.push(eq(role.owner, q.roleowner))
  if (q.levelType) filters.push(eq(role.gdprLevel, q.levelType))
  if (q.rolegroupId) filters.push(eq(role.groupId, q.rolegroupId))
  const combined = filters.length === 0 ? undefined : q.filteroperator === 'or' ? or(...filters) : and(...filters)
  const rows = await db.select().from(role).where(and(eq(role.companyId, companyId), combined)).orderBy(asc(role.name))
  return rows.map((x) => roleView(x))
}

/** A new role, its permissions within the caller's own (issue 28): checked and inserted in one transaction. */
export async function createRole(c: Context<AppEnv>, db: Db, body: RoleInput, now: Date): Promise<RoleRow> {
  const session = c.get('session')
  const permissions = checkPermissions(body)
  await checkGroup(db, session.companyId, body.groupId)
  const [creator] = await db.execute(sql`select username from app_user where id = ${session.userId}::uuid`).then((r) => (r as unknown as { rows: Array<{ username: string }> }).rows)
  return uniqueName(() => db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await assertRoleWrite(t, c, { current: null, next: permissions })
    const [inserted] = await t.insert(role).values({
      companyId: session.companyId, name: body.rolename, roleType: body.roleType, owner: creator?.username ?? 'USER', groupId: body.groupId,
      gdprLevel: body.gdprLevel, teamSize: body.teamSize, isMainRole: body.isMainRole, permissions: toRolePermissions(permissions),
      createdAt: now, updatedAt: now,
    }).returning()
    // the grant and its audit entry are one transaction (issue 28)
    await auditBySession(c, 'role.created', inserted!.id, { after: roleView(inserted!) }, t)
    return inserted!
  }))
}

/**
 * A change: within the caller's own permissions, never of a role the caller holds, ROLE_ADMIN's
 * and ROLE_USER's bundles only by a superadmin (services/authority.ts); a change of permissions
 * carries the caller's password again and is announced to every superadmin in the same transaction.
 */
export async function updateRole(
  c: Context<AppEnv>, db: Db, id: string, body: Omit<z.infer<typeof RoleUpdateBody>, 'currentPassword'>, currentPassword: string | undefined, now: () => Date,
) {
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
  const updated = await uniqueName(() => db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [locked] = await t.select().from(role).where(and(eq(role.id, id), eq(role.companyId, companyId))).for('update')
    if (!locked || locked.version !== body.version) throw new AppError(409, 'CONFLICT')
    await assertRoleWrite(t, c, write(locked))
    const [row] = await t.update(role).set({
      name: body.rolename, roleType: body.roleType, groupId: body.groupId, gdprLevel: body.gdprLevel, teamSize: body.teamSize,
      isMainRole: body.isMainRole, permissions: toRolePermissions(permissions), version: locked.version + 1, updatedAt: now(),
    }).where(and(eq(role.id, id), eq(role.version, body.version))).returning()
    if (row && (added.length || removed.length)) await announceToSuperadmins(t, c, { kind: 'rolePermissions', role: row.name, added, removed })
    if (row) await auditBySession(c, 'role.updated', id, { before: roleView(current), after: roleView(row), ...(added.length || removed.length ? { added, removed, reauthenticated: true } : {}) }, t)
    return row
  }))
  if (!updated) throw new AppError(409, 'CONFLICT')
  return { current, updated, added, removed }
}

/** Deletes a role nobody holds (409 ROLE_IN_USE otherwise), in one transaction with the authority check; system roles stay. */
export async function deleteRole(c: Context<AppEnv>, db: Db, id: string): Promise<RoleRow> {
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
    await auditBySession(c, 'role.deleted', id, { before: roleView(locked) }, t)
  })
  return current
}
