import type { Context } from 'hono'
import { eq, sql } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, staffSession } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { audit } from './audit.ts'
import { verifyPassword } from './passwords.ts'
import { recordFailure } from './sign-in-failures.ts'
import { clearSessionCookie, endSession, newToken, setSessionCookie, tokenHash, userView } from './sessions.ts'
import { DEFAULT_SECURITY, readSetting } from './settings.ts'

/**
 * The calls on an existing session (spec 7.2; issue 26 item 3 moved their queries out of
 * routes/auth.ts): activity, lock, unlock, the switch of the active role and logout. Each write
 * and its audit entry are one transaction: a lock, an unlock (its new session id, the lifted lock,
 * the reset failure count), a role switch or a logout is written whole or not at all.
 */

/** The session's last activity (the company's timing reaches the session at its next report). */
export async function recordActivity(db: Db, sessionId: string, now: Date) {
  await db.update(staffSession).set({ lastSeenAt: now }).where(eq(staffSession.id, sessionId))
}

/** Locks the caller's session (already locked: keeps its lock time); counts the inactive seconds. Answers the lock time. */
export async function lockSession(c: Context<AppEnv>, inactivetime: number): Promise<Date> {
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  const lockedAt = session.lockedAt ?? clock.now()
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx.update(staffSession).set({
      lockedAt,
      inactiveSeconds: sql`${staffSession.inactiveSeconds} + ${inactivetime}`,
    }).where(eq(staffSession.id, session.id))
    await audit(c, 'auth.lock', session.userId, null, { inactivetime }, tx)
  })
  return lockedAt
}

/**
 * Unlocks the caller's session with their password: a new session id (the old token stops
 * working), the lock lifted, the failure count reset, audited, in one transaction; the cookie is
 * set once it holds. A wrong password logs out (spec 4) and counts as a failed sign-in.
 */
export async function unlockSession(c: Context<AppEnv>, password: string) {
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  const now = clock.now()
  const [user] = await db.select().from(appUser).where(eq(appUser.id, session.userId)).limit(1)
  if (!user) throw new AppError(401, 'UNAUTHORIZED')
  if (!(await verifyPassword(user.passwordHash, password))) {
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    await recordFailure(c, user, security, 'unlock')
    await endSession(db, session.id, 'unlockFailed', now)
    clearSessionCookie(c)
    await audit(c, 'auth.unlock.failed', user.id, user.username)
    throw new AppError(401, 'INVALID_CREDENTIALS')
  }
  const token = newToken()
  const lockedFor = session.lockedAt ? Math.round((now.getTime() - session.lockedAt.getTime()) / 1000) : 0
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx.update(staffSession).set({
      tokenHash: tokenHash(token), lockedAt: null, lastSeenAt: now,
      inactiveSeconds: sql`${staffSession.inactiveSeconds} + ${lockedFor}`,
    }).where(eq(staffSession.id, session.id))
    await tx.update(appUser).set({ failedLogins: 0 }).where(eq(appUser.id, user.id))
    await audit(c, 'auth.unlock', user.id, user.username, undefined, tx)
  })
  setSessionCookie(c, token, session.rememberMe ? session.absoluteExpiresAt : null)
  return { user: await userView(db, session.userId, session.activeRole, now), at: now.getTime() }
}

/** Ends the caller's session (counting its last inactive seconds), audited in the same transaction. */
export async function logout(c: Context<AppEnv>, inactivetime: number) {
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await endSession(tx, session.id, 'logout', clock.now(), inactivetime)
    await audit(c, 'auth.logout', session.userId, null, { inactivetime }, tx)
  })
}

/** Switches the session's active role to one the user holds (403 FORBIDDEN otherwise), audited in the same transaction. */
export async function switchRole(c: Context<AppEnv>, roleName: string) {
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  const view = c.get('sessionUser')
  if (!view.roles.includes(roleName)) throw new AppError(403, 'FORBIDDEN')
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx.update(staffSession).set({ activeRole: roleName }).where(eq(staffSession.id, session.id))
    await audit(c, 'auth.switchRole', session.userId, null, { from: view.activeRole, to: roleName }, tx)
  })
  return userView(db, session.userId, roleName, clock.now())
}
