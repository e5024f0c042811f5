import type { Context } from 'hono'
import { and, eq, sql } from 'drizzle-orm'
import { checkPassword, isWeakerPolicy, type PasswordPolicy } from '../../domain/password.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { audit } from './audit.ts'
import { hashPassword, needsRehash, randomPassword, verifyPassword } from './passwords.ts'
import { countAttempt, lockAccount, recordFailure } from './sign-in-failures.ts'
import { findTempPassword, NIL_UUID, redeemTempPassword, tempChangesPassword, tempSignsIn } from './password-reset.ts'
import { hasDeviceCookie, isTrustedAddress, rememberAddress, reserveAttempt, setDeviceCookie, settleAttempt, usernameKey } from './login-limits.ts'
import { clearSessionCookie, endSession, startSession, userView } from './sessions.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, recordedPolicyOf, sessionTiming, siteCompany, type SecuritySettings, type Timing } from './settings.ts'
import { changePassword } from './password-change.ts'
import type { SessionUser } from '../../domain/session.ts'

/**
 * Signing in and the change of an expired password (spec 7.1, SECURITY.md "Passwords and
 * sign-in"; issue 26 item 3 moved these rules and queries out of routes/auth.ts). Every refused
 * sign-in does the same work whatever the reason (unknown name, locked, wrong password), so that
 * neither the answer nor its timing tells them apart.
 */
type UserRow = typeof appUser.$inferSelect

let dummyHash: Promise<string> | null = null
/** A hash to verify against when the username is unknown, so that the answer takes the same time. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomPassword())
  return dummyHash
}

async function findUser(db: Db, name: string): Promise<UserRow | null> {
  const rows = await db.select().from(appUser).where(sql`lower(${appUser.username}) = lower(${name})`).limit(1)
  return rows[0] ?? null
}

function isExpired(user: UserRow, security: SecuritySettings, now: Date): boolean {
  if (user.mustChangePassword) return true
  if (security.expiryDays <= 0) return false
  return now.getTime() - user.passwordChangedAt.getTime() > security.expiryDays * 86_400_000
}

/**
 * A correct password (or temporary password): the account trusts this address from now on
 * (services/login-limits.ts); the browser gets the device cookie with its session.
 */
async function trust(c: Context<AppEnv>, userId: string, now: Date) {
  await rememberAddress(c.get('deps').db, userId, c.get('clientIp'), now)
}

export type SignInAnswer =
  | { passwordExpired: true; reason: 'temporary' | 'policy' | 'expired'; username: string; policy: PasswordPolicy }
  | { passwordExpired: false; user: SessionUser; timing: Timing; at: number }

/**
 * A sign-in (POST /auth/login): a session and its cookie, or the expired-password change asked;
 * refused with 401 INVALID_CREDENTIALS alike for every wrong case, 429 RATE_LIMITED while the
 * client's address is over its limit, 403 ACCOUNT_LOCKED / ACCOUNT_SUSPENDED only for the right
 * password from an address or device the account already trusts.
 */
export async function signIn(c: Context<AppEnv>, body: { username: string; password: string; rememberMe?: boolean | undefined }): Promise<SignInAnswer> {
  const { db, clock, config } = c.get('deps')
  const now = clock.now()
  const ip = c.get('clientIp')
  // The client's address first (issue 28 item 7, services/login-limits.ts): an address that
  // failed for too many usernames waits, unless this client is one the account already trusts.
  const known = await findUser(db, body.username)
  // (the site's company is read for every name, so that an unknown one does the same work)
  const site = await siteCompany(db)
  const policyCompany = known?.companyId ?? site?.id ?? NIL_UUID
  const security = await readSetting(db, policyCompany, 'security', DEFAULT_SECURITY)
  const limits = { limit: config.loginFailuresPerIp ?? security.addressFailureLimit, windowMs: security.addressWindowMinutes * 60_000 }
  const trustedAddress = await isTrustedAddress(db, known?.id ?? NIL_UUID, ip, now)
  const trusted = !!known && (trustedAddress || hasDeviceCookie(c, known.id, now))
  const reservation = trusted ? null : await reserveAttempt(db, ip, usernameKey(config.secretsKey, body.username), limits, now)
  if (!trusted && !reservation) {
    // over the limit: a correct, unused temporary password still signs in (it proves the mailbox)
    const temp = await findTempPassword(db, known?.id ?? null, body.password)
    if (!(known && known.status === 'active' && tempSignsIn(temp, now))) {
      c.header('Retry-After', String(security.addressWindowMinutes * 60))
      throw new AppError(429, 'RATE_LIMITED')
    }
  }
  const settle = async (failed: boolean) => { if (reservation) await settleAttempt(db, reservation, failed, now) }
  // The same statements whatever the case (unknown, locked, wrong, pending resets): the counted
  // attempt, exactly one argon2 verification, one temporary-password lookup.
  const user = await countAttempt(db, body.username)
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummy()), body.password)
  const temp = await findTempPassword(db, user?.id ?? null, body.password)
  const active = !!user && user.status === 'active'
  // a temporary password (mailbox ownership) works for a locked account too, and re-activates it
  const viaTemp = active && tempSignsIn(temp, now)
  const withinMaximum = !!user && !user.lockedAt && user.failedLogins <= security.maxFailedLogins
  if (!user || !active || !(viaTemp || (passwordOk && withinMaximum))) {
    await settle(true)
    await audit(c, 'auth.login.failed', user?.id ?? null, body.username.slice(0, 100), {
      reason: !user ? 'unknown' : !active ? user.status : user.lockedAt ? 'locked' : passwordOk ? 'overMaximum' : 'password',
    })
    if (user && active && !user.lockedAt && user.failedLogins >= security.maxFailedLogins) await lockAccount(c, user, user.failedLogins)
    // the right password of a locked or suspended account, from an address or device the account
    // already trusts: its owner is told to ask the administrator (issue 25). Elsewhere, and for
    // any wrong password, the answer is the same for every case (unknown names too), so that a
    // lockout never becomes an oracle for guessing on.
    if (user && passwordOk && trusted && user.status === 'suspended') throw new AppError(403, 'ACCOUNT_SUSPENDED')
    if (user && passwordOk && trusted && active) throw new AppError(403, 'ACCOUNT_LOCKED')
    throw new AppError(401, 'INVALID_CREDENTIALS')
  }
  if (viaTemp) {
    // the old password stops working (kept in the history); the temporary one only serves the change:
    // one transaction, so a failure anywhere leaves the temporary password usable and nothing half-done
    const redeemed = await redeemTempPassword(db, user, temp, await hashPassword(randomPassword(32)), now, async (tx) => {
      if (user.lockedAt) await audit(c, 'user.reactivated', user.id, user.username, { via: 'temporaryPassword' }, tx)
      await audit(c, 'auth.login.passwordExpired', user.id, user.username, { via: 'temporaryPassword' }, tx)
    })
    await settle(!redeemed)
    if (!redeemed) throw new AppError(401, 'INVALID_CREDENTIALS')
    await trust(c, user.id, now)
    return { passwordExpired: true, reason: 'temporary', username: user.username, policy: policyOf(security) }
  }
  await settle(false)
  await trust(c, user.id, now)
  // reset the count only if no other attempt came in meanwhile (a burst keeps counting to the lock)
  await db.update(appUser).set({ failedLogins: 0 }).where(and(eq(appUser.id, user.id), eq(appUser.failedLogins, user.failedLogins)))
  if (needsRehash(user.passwordHash)) {
    await db.update(appUser).set({ passwordHash: await hashPassword(body.password) }).where(eq(appUser.id, user.id))
  }
  // A password set under a weaker policy (or an unrecorded one, or older rules) is checked against
  // today's now that it is known: it is recorded as meeting it, or must change (issue 28 item 6).
  let failsPolicy = false
  if (!user.mustChangePassword && isWeakerPolicy(user.passwordPolicy, recordedPolicyOf(security))) {
    failsPolicy = !checkPassword(body.password, policyOf(security), { username: user.username }).ok
    await db.update(appUser).set(failsPolicy ? { mustChangePassword: true } : { passwordPolicy: recordedPolicyOf(security) }).where(eq(appUser.id, user.id))
  }
  if (failsPolicy || isExpired(user, security, now)) {
    await audit(c, 'auth.login.passwordExpired', user.id, user.username, failsPolicy ? { via: 'policy' } : undefined)
    // why the change is asked (issue 25): a temporary password not yet replaced is not an expiry
    // (a must-change password under today's policy was handed out: a new user's initial password)
    const reason = failsPolicy || (user.mustChangePassword && isWeakerPolicy(user.passwordPolicy, recordedPolicyOf(security))) ? 'policy'
      : user.mustChangePassword ? 'temporary' : 'expired'
    return { passwordExpired: true, reason, username: user.username, policy: policyOf(security) }
  }
  const view = await userView(db, user.id, null, now)
  const session = await startSession(c, user.id, user.companyId, view.activeRole, body.rememberMe ?? false)
  // a lockout that raced this sign-in ended the sessions it saw; this one it may not have seen
  const [after] = await db.select({ lockedAt: appUser.lockedAt }).from(appUser).where(eq(appUser.id, user.id))
  if (after?.lockedAt) {
    await endSession(db, session.id, 'accountLocked', now)
    clearSessionCookie(c)
    throw new AppError(401, 'INVALID_CREDENTIALS')
  }
  setDeviceCookie(c, user.id, now)
  await audit(c, 'auth.login', user.id, user.username)
  const timing = await sessionTiming(db, user.companyId, config)
  return { passwordExpired: false, user: view, timing, at: now.getTime() }
}

/**
 * The change of an expired password (POST /auth/changeExpiredPassword): only for an expired
 * password (or one the server forces to change), or a temporary password within 30 minutes of its
 * one sign-in; any other valid password gets 409 PASSWORD_NOT_EXPIRED.
 */
export async function changeExpiredPassword(c: Context<AppEnv>, body: { username: string; oldPassword: string; newPassword: string }) {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const user = await findUser(db, body.username)
  const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), body.oldPassword)
  const temp = await findTempPassword(db, user?.id ?? null, body.oldPassword)
  if (!user || user.status !== 'active' || user.lockedAt) throw new AppError(401, 'INVALID_CREDENTIALS')
  const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
  const viaTemp = tempChangesPassword(temp, now)
  if (!ok && !viaTemp) {
    await recordFailure(c, user, security, 'password')
    throw new AppError(401, 'INVALID_CREDENTIALS')
  }
  if (!viaTemp && !isExpired(user, security, now)) throw new AppError(409, 'PASSWORD_NOT_EXPIRED')
  await changePassword(c, user, body.newPassword, security)
}
