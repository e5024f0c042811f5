import type { Context, MiddlewareHandler } from 'hono'
import { hasPermission } from '../../domain/permissions.ts'
import type { SessionUser } from '../../domain/session.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { requireSession, userView } from './sessions.ts'

declare module 'hono' {
  interface ContextVariableMap {
    viewer: SessionUser
  }
}

/**
 * A signed-in, unlocked session whose active role holds `required` (spec 6 semantics: any listed
 * string; a leading '!' must be absent). With no argument, only the session is required. The
 * caller's user (active role, permissions) is `c.get('viewer')`.
 * Until the shared `permit()` middleware lands this is the admin routes' guard; it checks the same
 * thing (the active role's permissions, deny by default).
 */
export function allow(required?: string | readonly string[]): MiddlewareHandler<AppEnv> {
  const session = requireSession()
  return async (c, next) => {
    await session(c, async () => {
      const { db, clock } = c.get('deps')
      const s = c.get('session')
      const viewer = await userView(db, s.userId, s.activeRole, clock.now())
      if (required !== undefined && !hasPermission(viewer.permissions, required)) throw new AppError(403, 'FORBIDDEN')
      c.set('viewer', viewer)
      await next()
    })
  }
}

/** Whether the caller's active role holds `required`. */
export function viewerCan(c: Context<AppEnv>, required: string | readonly string[]): boolean {
  return hasPermission(c.get('viewer').permissions, required)
}
