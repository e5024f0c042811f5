/**
 * Who may call a route (spec 6, SECURITY.md "deny by default"): `signedIn()` for a signed-in,
 * unlocked staff member's own things, `permit('tag:action', ...)` when the active role must hold one
 * of the permissions (with the spec's '!' semantics). Both check the session and that the spec's
 * `companyId` and `role_name` headers agree with it. Public routes say so with `publicRoute()`
 * (./route-access.ts); a test walks every registered route and fails on one that declares nothing.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { and, eq, gt, isNull, or } from 'drizzle-orm'
import { toPermissionStrings } from '../../domain/permission-catalogue.ts'
import { hasPermission } from '../../domain/permissions.ts'
import type { AppEnv } from '../types.ts'
import { role, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { declareAccess, type RouteAccess } from './route-access.ts'
import { requireSession } from './sessions.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** The active role's permissions, 'tag:action'. */
    permissions: string[]
  }
}

/** The active role's permission strings: main, default, or an other-group role still valid. */
export async function activePermissions(c: Context<AppEnv>): Promise<string[]> {
  const cached = c.var.permissions
  if (cached) return cached
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  const now = clock.now()
  const rows = await db.select({ name: role.name, permissions: role.permissions, isMain: userRole.isMain, isDefault: userRole.isDefault })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, session.userId), eq(role.companyId, session.companyId), or(isNull(userRole.validUntil), gt(userRole.validUntil, now))))
  const active = rows.find((r) => r.name === session.activeRole) ?? rows.find((r) => r.isMain) ?? rows.find((r) => r.isDefault)
  const permissions = toPermissionStrings(active?.permissions ?? [])
  c.set('permissions', permissions)
  return permissions
}

/**
 * The spec's authenticated headers (7.1) must agree with the session: a `companyId` or `role_name`
 * that names another company or role than the session's is refused (403), never silently ignored.
 */
function checkHeaders(c: Context<AppEnv>) {
  const session = c.get('session')
  const companyId = c.req.header('companyId')
  const roleName = c.req.header('role_name')
  if (companyId && companyId !== session.companyId) throw new AppError(403, 'HEADER_MISMATCH', [{ path: 'companyId', code: 'mismatch' }])
  if (roleName && session.activeRole && roleName !== session.activeRole) throw new AppError(403, 'HEADER_MISMATCH', [{ path: 'role_name', code: 'mismatch' }])
}

function guard(access: RouteAccess, check: (c: Context<AppEnv>) => Promise<void>): MiddlewareHandler<AppEnv> {
  const session = requireSession()
  return declareAccess(async (c, next) => {
    await session(c, async () => {
      checkHeaders(c)
      await check(c)
      await next()
    })
  }, access)
}

/** Any signed-in, unlocked staff member (their own profile, tasks, search within what they may read). */
export function signedIn(): MiddlewareHandler<AppEnv> {
  return guard({ kind: 'signedIn' }, async () => {})
}

/** The active role must hold one of `required` ('tag:action'; a leading '!' must be absent). */
export function permit(...required: string[]): MiddlewareHandler<AppEnv> {
  return guard({ kind: 'permit', required }, async (c) => {
    if (!hasPermission(await activePermissions(c), required)) throw new AppError(403, 'FORBIDDEN')
  })
}

/** Whether the caller's active role holds `required` (for answers that depend on it, e.g. search). */
export async function may(c: Context<AppEnv>, required: string | string[]): Promise<boolean> {
  return hasPermission(await activePermissions(c), required)
}
