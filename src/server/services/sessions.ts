import { createHash, randomBytes } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { SessionUser } from '../../domain/session.ts'
import type { AppEnv } from '../types.ts'
import type { ServerConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { appUser, role, staffSession, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { toPermissionStrings } from '../../domain/permission-catalogue.ts'
import { declareAccess } from './route-access.ts'
import { sessionTiming, type Timing } from './settings.ts'

export function cookieName(config: ServerConfig): string {
  return config.cookieSecure ? '__Host-ke_session' : 'ke_session'
}

/** 256 bits from the CSPRNG; only the SHA-256 of it is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The user as the browser's session machine sees it: roles, active role and its permissions. */
export async function userView(db: Db, userId: string, activeRole: string | null, now: Date): Promise<SessionUser> {
  const [user] = await db.select().from(appUser).where(eq(appUser.id, userId)).limit(1)
  if (!user) throw new AppError(401, 'UNAUTHORIZED')
  const rows = await db.select({ name: role.name, permissions: role.permissions, isMain: userRole.isMain, isDefault: userRole.isDefault })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, userId), or(isNull(userRole.validUntil), gt(userRole.validUntil, now))))
  const roles = rows.map((r) => r.name).sort()
  const mainRole = rows.find((r) => r.isMain)?.name ?? null
  const defaultRole = rows.find((r) => r.isDefault)?.name ?? null
  const active = activeRole && roles.includes(activeRole) ? activeRole : mainRole ?? defaultRole
  const permissions = toPermissionStrings(rows.find((r) => r.name === active)?.permissions)
  return {
    userId: user.id, companyId: user.companyId, username: user.username, firstName: user.firstName, lastName: user.lastName,
    roles, mainRole, defaultRole, activeRole: active, permissions,
  }
}

/** Starts a session: a new id every time (login and unlock), set as an HttpOnly cookie. */
export async function startSession(c: Context<AppEnv>, userId: string, companyId: string, activeRole: string | null, rememberMe: boolean) {
  const { db, config, clock } = c.get('deps')
  const now = clock.now()
  const token = newToken()
  const absoluteExpiresAt = new Date(now.getTime() + config.sessionAbsoluteMs)
  const [row] = await db.insert(staffSession).values({
    tokenHash: tokenHash(token), userId, companyId, activeRole, rememberMe,
    createdAt: now, lastSeenAt: now, absoluteExpiresAt,
    ip: c.get('clientIp'), userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
  }).returning()
  setSessionCookie(c, token, rememberMe ? absoluteExpiresAt : null)
  return row!
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expires: Date | null) {
  const { config } = c.get('deps')
  setCookie(c, cookieName(config), token, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'Strict',
    path: '/',
    ...(expires ? { expires } : {}),
  })
}

export function clearSessionCookie(c: Context<AppEnv>) {
  const { config } = c.get('deps')
  deleteCookie(c, cookieName(config), { path: '/', secure: config.cookieSecure })
}

export async function endSession(db: Db, sessionId: string, reason: string, now: Date, inactiveSeconds?: number) {
  await db.update(staffSession)
    .set({
      endedAt: now,
      endReason: reason,
      ...(inactiveSeconds !== undefined ? { inactiveSeconds: sql`${staffSession.inactiveSeconds} + ${inactiveSeconds}` } : {}),
    })
    .where(and(eq(staffSession.id, sessionId), isNull(staffSession.endedAt)))
}

/** Ends every open session of a user (password change, suspension, removal). */
export async function endUserSessions(db: Db, userId: string, reason: string, now: Date) {
  await db.update(staffSession).set({ endedAt: now, endReason: reason })
    .where(and(eq(staffSession.userId, userId), isNull(staffSession.endedAt)))
}

export type SessionRow = typeof staffSession.$inferSelect

declare module 'hono' {
  interface ContextVariableMap {
    session: SessionRow
    timing: Timing
  }
}

/**
 * Finds the caller's session from the cookie and enforces the server-side rules (SECURITY.md):
 * absolute lifetime, idle lifetime (the server locks a session the browser should have locked),
 * the lock (401 LOCKED for every call but those marked `allowLocked`), lock expiry, user status.
 */
export function requireSession(opts: { allowLocked?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return declareAccess<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const { db, config, clock } = c.get('deps')
    const token = getCookie(c, cookieName(config))
    if (!token) throw new AppError(401, 'UNAUTHORIZED')
    const [session] = await db.select().from(staffSession).where(eq(staffSession.tokenHash, tokenHash(token))).limit(1)
    if (!session || session.endedAt) throw new AppError(401, 'UNAUTHORIZED')
    const now = clock.now()
    const timing = await sessionTiming(db, session.companyId, config)
    if (now >= session.absoluteExpiresAt) {
      await endSession(db, session.id, 'absolute', now)
      throw new AppError(401, 'SESSION_EXPIRED')
    }
    let lockedAt = session.lockedAt
    // idle on the server: activity is reported at most every throttle period, hence the slack
    const idleLimit = timing.inactiveMs + timing.warningMs + timing.throttleMs
    if (!lockedAt && now.getTime() - session.lastSeenAt.getTime() > idleLimit) {
      lockedAt = new Date(session.lastSeenAt.getTime() + idleLimit)
      await db.update(staffSession).set({ lockedAt }).where(eq(staffSession.id, session.id))
    }
    if (lockedAt && now.getTime() - lockedAt.getTime() > timing.lockExpiryS * 1000) {
      await endSession(db, session.id, 'lockExpired', now)
      throw new AppError(401, 'LOCK_EXPIRED')
    }
    if (lockedAt && !opts.allowLocked) throw new AppError(401, 'LOCKED')
    const [user] = await db.select({ status: appUser.status }).from(appUser).where(eq(appUser.id, session.userId)).limit(1)
    if (!user || user.status !== 'active') {
      await endSession(db, session.id, 'userStatus', now)
      throw new AppError(401, 'UNAUTHORIZED')
    }
    if (!lockedAt && now.getTime() - session.lastSeenAt.getTime() > 15_000) {
      await db.update(staffSession).set({ lastSeenAt: now }).where(eq(staffSession.id, session.id))
    }
    c.set('session', { ...session, lockedAt })
    c.set('timing', timing)
    await next()
  }, { kind: 'session' })
}

/**
 * State-changing calls must carry the spec's custom headers: a cross-site form cannot set them,
 * so this (with SameSite=Strict) closes cross-site request forgery.
 */
export const requireCustomHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header('trxType') === undefined) {
    throw new AppError(403, 'MISSING_HEADER', [{ path: 'trxType', code: 'required' }])
  }
  await next()
}
