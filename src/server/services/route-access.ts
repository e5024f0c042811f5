import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types.ts'

/**
 * Every route of the app declares who may call it (deny by default, SECURITY.md): the declaration
 * is recorded on the middleware itself, so tests/server/permissions.test.ts can walk every
 * registered route and fail on one that declares nothing.
 * - `public`: anyone (lookups, sign-in, the sales and payment calls, the bank's callback);
 * - `session`: the caller's own session (the spec 7.2 session calls);
 * - `signedIn` / `permit`: see ./permissions.ts.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'signedIn' }
  | { kind: 'permit'; required: string[] }

const declared = new WeakMap<object, RouteAccess>()

export function declareAccess<T extends object>(handler: T, access: RouteAccess): T {
  declared.set(handler, access)
  return handler
}

export function accessOf(handler: unknown): RouteAccess | undefined {
  return typeof handler === 'function' ? declared.get(handler) : undefined
}

/** Marks a route (or, with `use('*', ...)`, a whole public module) as callable by anyone. */
export function publicRoute(): MiddlewareHandler<AppEnv> {
  return declareAccess<MiddlewareHandler<AppEnv>>(async (_c, next) => { await next() }, { kind: 'public' })
}
