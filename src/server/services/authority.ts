/**
 * One rule for every write that grants power or touches another person (issue 28, SECURITY.md
 * "Authority"): **a write may only touch permissions, and people, within the caller's own active
 * role.**
 *
 * - A role is created or changed only with permissions the caller's active role holds, before and
 *   after the change (a role holding more than the caller is out of reach, even for its name).
 * - No one edits a role they hold themselves, and the bundles of ROLE_ADMIN and ROLE_USER change
 *   only by a superadmin (whose active role is ROLE_SUPERADMIN: it holds the whole catalogue).
 * - A write on another user (profile, e-mail, photo, status, re-activation, roles) is refused when
 *   that user holds, through any of their valid roles, a permission the caller's active role lacks.
 * - Roles handed out (a new user's, an assignment) hold nothing the caller lacks.
 *
 * Every check runs inside the write's own transaction and locks what it reads: the target user's
 * row (FOR UPDATE: role assignments bump it too), and the roles whose permissions it compares
 * (FOR SHARE: a role write waits, and PostgreSQL's read committed gives the next statement the
 * committed state), so a parallel promotion or role change cannot slip between check and write.
 * A refusal is 403 ROLE_ESCALATION.
 */
import type { Context } from 'hono'
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { toPermissionStrings } from '../../domain/permission-catalogue.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, role, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'

/** The role whose holders are "superadmins": it always holds every catalogued permission. */
export const SUPERADMIN_ROLE = 'ROLE_SUPERADMIN'
/** System roles whose permission bundles only a superadmin changes. */
export const SUPERADMIN_ONLY_BUNDLES: readonly string[] = ['ROLE_ADMIN', 'ROLE_USER']

export type Caller = {
  userId: string
  /** The active role's permissions. */
  held: ReadonlySet<string>
  /** Whether the active role is ROLE_SUPERADMIN. */
  superadmin: boolean
  /** Every role the caller holds now (valid), by id. */
  roleIds: ReadonlySet<string>
}

function validNow(now: Date) {
  return or(isNull(userRole.validUntil), gt(userRole.validUntil, now))
}

/**
 * The caller as the rule sees them, read in `t` with their roles locked FOR SHARE: the active role
 * (the session's, else the main, else the default one, as permit() reads it) and every role held.
 */
export async function callerOf(t: Db, c: Context<AppEnv>): Promise<Caller> {
  const session = c.get('session')
  const now = c.get('deps').clock.now()
  const rows = await t.select({ id: role.id, name: role.name, permissions: role.permissions, isMain: userRole.isMain, isDefault: userRole.isDefault })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, session.userId), eq(role.companyId, session.companyId), validNow(now)))
    .for('share', { of: role })
  const active = rows.find((r) => r.name === session.activeRole) ?? rows.find((r) => r.isMain) ?? rows.find((r) => r.isDefault)
  return {
    userId: session.userId,
    held: new Set(toPermissionStrings(active?.permissions ?? [])),
    superadmin: active?.name === SUPERADMIN_ROLE,
    roleIds: new Set(rows.map((r) => r.id)),
  }
}

function escalation(): never {
  throw new AppError(403, 'ROLE_ESCALATION')
}

/** The permissions of `wanted` the caller's active role does not hold. */
export function beyond(caller: Caller, wanted: Iterable<string>): string[] {
  return [...wanted].filter((p) => !caller.held.has(p))
}

export type RoleWrite = {
  /** The stored role (null when one is created); lock it FOR UPDATE in `t` first. */
  current: { id: string; name: string; owner: string; permissions: string[] } | null
  /** The permissions it will hold (null: unchanged, e.g. a delete). */
  next: string[] | null
}

/**
 * Creating, changing or deleting a role: it must hold nothing the caller lacks before and after,
 * nobody but a superadmin edits a role they hold, and ROLE_ADMIN's and ROLE_USER's bundles change
 * only by a superadmin.
 */
export async function assertRoleWrite(t: Db, c: Context<AppEnv>, write: RoleWrite): Promise<Caller> {
  const caller = await callerOf(t, c)
  if (caller.superadmin) return caller
  const { current, next } = write
  if (current) {
    if (caller.roleIds.has(current.id)) escalation()
    const bundleChanges = next !== null && [...current.permissions].sort().join() !== [...next].sort().join()
    if (bundleChanges && current.owner === 'SYSTEM' && SUPERADMIN_ONLY_BUNDLES.includes(current.name)) escalation()
    if (beyond(caller, current.permissions).length) escalation()
  }
  if (next && beyond(caller, next).length) escalation()
  return caller
}

/** The permissions a user holds through every role valid now (any of them may become active). */
export async function permissionsOfUser(t: Db, userId: string, now: Date, opts: { lock?: boolean } = {}): Promise<Set<string>> {
  const query = t.select({ permissions: role.permissions }).from(userRole).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, userId), validNow(now)))
  const rows = opts.lock ? await query.for('share', { of: role }) : await query
  return new Set(rows.flatMap((r) => toPermissionStrings(r.permissions)))
}

/**
 * A write on another user of the caller's company: refused (403 ROLE_ESCALATION) when the target
 * holds a permission the caller's active role lacks. The target's row is locked FOR UPDATE, so an
 * assignment made meanwhile is seen. The caller's own record is not "another user" (their own
 * profile and photo; status and roles refuse self-changes with their own codes).
 */
export async function assertUserWithinReach(t: Db, c: Context<AppEnv>, targetId: string, caller?: Caller): Promise<Caller> {
  const who = caller ?? await callerOf(t, c)
  if (targetId === who.userId) return who
  const [target] = await t.select({ id: appUser.id }).from(appUser)
    .where(and(eq(appUser.id, targetId), eq(appUser.companyId, c.get('session').companyId))).for('update')
  if (!target) throw new AppError(404, 'NOT_FOUND')
  if (who.superadmin) return who
  const theirs = await permissionsOfUser(t, targetId, c.get('deps').clock.now(), { lock: true })
  if (beyond(who, theirs).length) escalation()
  return who
}

/** Roles handed out (a new user's roles, an assignment added, ended or re-marked) hold nothing the caller lacks. */
export async function assertGrantable(t: Db, c: Context<AppEnv>, roleIds: readonly string[], caller?: Caller): Promise<Caller> {
  const who = caller ?? await callerOf(t, c)
  if (who.superadmin || roleIds.length === 0) return who
  const rows = await t.select({ permissions: role.permissions }).from(role)
    .where(and(inArray(role.id, [...new Set(roleIds)]), eq(role.companyId, c.get('session').companyId))).for('share')
  if (rows.some((r) => beyond(who, toPermissionStrings(r.permissions)).length > 0)) escalation()
  return who
}
