import { createHash, randomBytes } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { and, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm'
import type { SessionUser } from '../../domain/session.ts'
import { PERMISSIONS_STAMP_HEADER, permissionsStamp } from '../../domain/permissions.ts'
import type { AppEnv } from '../types.ts'
import type { ServerConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { OID, runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { appUser, role, staffSession } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { toPermissionStrings, toRolePermissions } from '../../domain/permission-catalogue.ts'
import { declareAccess } from './route-access.ts'
import { timingFrom, type Preferences, type Timing } from './settings.ts'

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

type RoleRef = { id: string; name: string; stamp: string; isMain: boolean; isDefault: boolean }

/** A role's permission strings and their `permissions-stamp` (the browser's fingerprint of them). */
type RolePermissions = { stamp: string; permissions: readonly string[]; permissionsStamp: string }

const NO_PERMISSIONS: RolePermissions = { stamp: '', permissions: [], permissionsStamp: permissionsStamp([]) }

/**
 * The active role's permission strings, cached per role and process. Every session check reads a
 * fingerprint of each role's permissions (md5 of the stored JSON) with the session, in the same
 * round trip, so any change, by any server process or by hand in SQL, is seen at the next call:
 * an entry is used only while the fingerprint read with the session is the one it was made from.
 */
const permissionCaches = new WeakMap<Db, Map<string, RolePermissions>>()

async function rolePermissions(db: Db, ref: RoleRef | undefined): Promise<RolePermissions> {
  if (!ref) return NO_PERMISSIONS
  let cache = permissionCaches.get(db)
  if (!cache) permissionCaches.set(db, (cache = new Map()))
  const cached = cache.get(ref.id)
  if (cached && cached.stamp === ref.stamp) return cached
  const [row] = await db.select({ permissions: role.permissions, stamp: sql<string>`md5(${role.permissions}::text)` }).from(role).where(eq(role.id, ref.id)).limit(1)
  const permissions = Object.freeze(toPermissionStrings(row?.permissions))
  const entry = { stamp: row?.stamp ?? ref.stamp, permissions, permissionsStamp: permissionsStamp(permissions) }
  cache.set(ref.id, entry)
  return entry
}

/** Changes a role's permissions ('tag:action' strings), bumping its version; every server's cache sees the new fingerprint. */
export async function setRolePermissions(db: Db, roleId: string, permissions: string[]) {
  await db.update(role).set({ permissions: toRolePermissions(permissions), version: sql`${role.version} + 1` }).where(eq(role.id, roleId))
}

/**
 * The user's roles valid at `now`, as one JSON value (a sub-select of the session query). Written
 * as plain SQL: drizzle leaves columns unqualified inside a select list, which a correlated
 * sub-select cannot afford. `userIdColumn` is the outer query's qualified user id column.
 */
function rolesOf(userIdColumn: '"app_user"."id"' | '"staff_session"."user_id"', now: Date) {
  return sql<RoleRef[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'stamp', md5(r.permissions::text), 'isMain', ur.is_main, 'isDefault', ur.is_default)), '[]'::json)
    from user_role ur join role r on r.id = ur.role_id
    where ur.user_id = ${sql.raw(userIdColumn)} and (ur.valid_until is null or ur.valid_until > ${now.toISOString()}::timestamptz))`
}

type UserFields = { userId: string; companyId: string; username: string; firstName: string; lastName: string }

/** The view and the active role's permissions-stamp (sent with every signed-in answer). */
async function viewOf(db: Db, user: UserFields, rows: RoleRef[], activeRole: string | null): Promise<{ view: SessionUser; stamp: string }> {
  const roles = rows.map((r) => r.name).sort()
  const mainRole = rows.find((r) => r.isMain)?.name ?? null
  const defaultRole = rows.find((r) => r.isDefault)?.name ?? null
  const active = activeRole && roles.includes(activeRole) ? activeRole : mainRole ?? defaultRole
  const held = await rolePermissions(db, rows.find((r) => r.name === active))
  return { view: { ...user, roles, mainRole, defaultRole, activeRole: active, permissions: [...held.permissions] }, stamp: held.permissionsStamp }
}

/** The user as the browser's session machine sees it: roles, active role and its permissions. */
export async function userView(db: Db, userId: string, activeRole: string | null, now: Date): Promise<SessionUser> {
  const [user] = await db.select({
    userId: appUser.id, companyId: appUser.companyId, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName,
    roles: rolesOf('"app_user"."id"', now),
  }).from(appUser).where(eq(appUser.id, userId)).limit(1)
  if (!user) throw new AppError(401, 'UNAUTHORIZED')
  const { roles, ...fields } = user
  return (await viewOf(db, fields, roles, activeRole)).view
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

/** Ends every open session of a user (password change, suspension, removal), but `exceptSessionId`. */
export async function endUserSessions(db: Db, userId: string, reason: string, now: Date, exceptSessionId?: string) {
  await db.update(staffSession).set({ endedAt: now, endReason: reason })
    .where(and(eq(staffSession.userId, userId), isNull(staffSession.endedAt), exceptSessionId ? ne(staffSession.id, exceptSessionId) : undefined))
}

export type SessionRow = typeof staffSession.$inferSelect

declare module 'hono' {
  interface ContextVariableMap {
    session: SessionRow
    timing: Timing
    /** The active role's permission strings ('tag:action'), for permit() and the routes. */
    permissions: string[]
    /** The signed-in user as the session machine sees it (roles, active role, permissions). */
    sessionUser: SessionUser
  }
}

/** Last-activity writes are throttled: at most one per session in this period. */
export const LAST_SEEN_WRITE_MS = 15_000

const SESSION_COLUMNS = Object.entries(getTableColumns(staffSession)).map(([key, column]) => ({ key, name: column.name }))

/**
 * The session check's one round trip: the session by its token hash, its user's state, the
 * company's timing preferences and the user's roles valid at $2 (with fingerprints: the
 * permissions come from a per-role cache), as a named prepared statement (../db/prepared.ts).
 * The session's columns are listed (never `*`, see there), in the schema's order, then the rest.
 */
const SESSION_CHECK: PreparedStatement = {
  name: 'ke_session_check_v1',
  text: `select ${SESSION_COLUMNS.map((c) => `s."${c.name}"`).join(', ')},
      u.status, u.locked_at, u.username, u.first_name, u.last_name,
      (select cs.data from company_setting cs where cs.company_id = s.company_id and cs.category = 'preferences'),
      (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'stamp', md5(r.permissions::text), 'isMain', ur.is_main, 'isDefault', ur.is_default)), '[]'::json)
        from user_role ur join role r on r.id = ur.role_id
        where ur.user_id = s.user_id and (ur.valid_until is null or ur.valid_until > $2::timestamptz))
    from staff_session s join app_user u on u.id = s.user_id
    where s.token_hash = $1::text
    limit 1`,
  types: [OID.text, OID.timestamptz],
}

type SessionCheckRow = {
  session: SessionRow
  status: string
  accountLockedAt: Date | null
  username: string
  firstName: string
  lastName: string
  prefs: Partial<Preferences> | null
  roles: RoleRef[]
}

async function findSession(db: Db, token: string, now: Date): Promise<SessionCheckRow | undefined> {
  const [row] = await runPrepared(db, SESSION_CHECK, [tokenHash(token), now])
  if (!row) return undefined
  const session: Record<string, unknown> = {}
  let i = 0
  for (; i < SESSION_COLUMNS.length; i++) session[SESSION_COLUMNS[i]!.key] = row[i]
  return {
    session: session as SessionRow,
    status: row[i] as string,
    accountLockedAt: row[i + 1] as Date | null,
    username: row[i + 2] as string,
    firstName: row[i + 3] as string,
    lastName: row[i + 4] as string,
    prefs: row[i + 5] as Partial<Preferences> | null,
    roles: row[i + 6] as RoleRef[],
  }
}

/**
 * Finds the caller's session from the cookie and enforces the server-side rules (SECURITY.md):
 * absolute lifetime, idle lifetime (the server locks a session the browser should have locked),
 * the lock (401 LOCKED for every call but those marked `allowLocked`), lock expiry, user status and
 * account lockout. One round trip (SESSION_CHECK) reads all of it at every call: nothing about a
 * session, its user or their roles is remembered between requests but each role's permission
 * strings, keyed by the fingerprint read in that same round trip. The only writes are the
 * throttled last-activity update and the rare state changes.
 */
export function requireSession(opts: { allowLocked?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return declareAccess<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const { db, config, clock } = c.get('deps')
    const token = getCookie(c, cookieName(config))
    if (!token) throw new AppError(401, 'UNAUTHORIZED')
    const now = clock.now()
    const row = await findSession(db, token, now)
    const session = row?.session
    if (!row || !session || session.endedAt) throw new AppError(401, 'UNAUTHORIZED')
    // a suspended or locked-out account's sessions end (a lockout also ends them when it happens)
    if (row.status !== 'active' || row.accountLockedAt) {
      await endSession(db, session.id, row.status !== 'active' ? 'userStatus' : 'accountLocked', now)
      throw new AppError(401, 'UNAUTHORIZED')
    }
    const timing = timingFrom(row.prefs, config)
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
    if (!lockedAt && now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_WRITE_MS) {
      await db.update(staffSession).set({ lastSeenAt: now }).where(eq(staffSession.id, session.id))
    }
    const { view, stamp } = await viewOf(db, {
      userId: session.userId, companyId: session.companyId, username: row.username, firstName: row.firstName, lastName: row.lastName,
    }, row.roles, session.activeRole)
    c.set('session', { ...session, lockedAt })
    c.set('timing', timing)
    c.set('sessionUser', view)
    c.set('permissions', view.permissions)
    // the browser re-fetches its permissions when this differs from what it holds
    c.header(PERMISSIONS_STAMP_HEADER, stamp)
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
