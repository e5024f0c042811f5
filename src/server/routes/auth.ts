import { Hono, type Context } from 'hono'
import { and, eq, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { checkPassword, isWeakerPolicy } from '../../domain/password.ts'
import { isValidEmail } from '../../domain/email.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, staffSession } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { errorMessage } from '../i18n.ts'
import { readJson } from '../http.ts'
import { audit } from '../services/audit.ts'
import { hashPassword, needsRehash, randomPassword, verifyPassword } from '../services/passwords.ts'
import { enqueueJob } from '../services/outbox.ts'
import { countAttempt, lockAccount, recordFailure } from '../services/sign-in-failures.ts'
import {
  findTempPassword, NIL_UUID, redeemTempPassword, tempChangesPassword, tempSignsIn, type ForgotPasswordJob,
} from '../services/password-reset.ts'
import { cancelEmailChange, confirmEmailChange } from '../services/email-change.ts'
import { hit } from '../services/rate-limit.ts'
import { hasDeviceCookie, isTrustedAddress, rememberAddress, reserveAttempt, setDeviceCookie, settleAttempt, usernameKey } from '../services/login-limits.ts'
import {
  clearSessionCookie, endSession, requireCustomHeaders, requireSession, setSessionCookie,
  startSession, tokenHash, newToken, userView,
} from '../services/sessions.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, recordedPolicyOf, sessionTiming, siteCompany, type SecuritySettings } from '../services/settings.ts'
import { changePassword } from '../services/password-change.ts'
import { publicRoute } from '../services/route-access.ts'

const LOGIN_IP_MAX = 30
const LOGIN_IP_WINDOW_MS = 15 * 60_000
const FORGOT_MAX = 5
const FORGOT_WINDOW_MS = 60 * 60_000

const username = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^\P{Cc}*$/u))
const password = z.string().check(z.minLength(1), z.maxLength(128))
const inactivetime = z.number().check(z.int(), z.minimum(0), z.maximum(31 * 24 * 3600))

const LoginBody = z.strictObject({ username, password, rememberMe: z.optional(z.boolean()) })
const InactiveBody = z.strictObject({ inactivetime: z.optional(inactivetime) })
const UnlockBody = z.strictObject({ password })
const ChangeBody = z.strictObject({ username, oldPassword: password, newPassword: z.string().check(z.minLength(1), z.maxLength(1000)) })
const ForgotBody = z.strictObject({ email: z.string().check(z.minLength(1), z.maxLength(254)) })
const RoleBody = z.strictObject({ role: z.string().check(z.regex(/^ROLE_[A-Z0-9_]{1,60}$/)) })
const EmptyBody = z.strictObject({})
/** A link's token (32 random bytes, base64url). */
const TokenBody = z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid')) })
const EMAIL_LINK_MAX = 60
const EMAIL_LINK_WINDOW_MS = 60 * 60_000

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

export function authRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', requireCustomHeaders)

  r.post('/login', publicRoute(), async (c) => {
    const body = await readJson(c, LoginBody)
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
      return c.json({ passwordExpired: true, reason: 'temporary', username: user.username, policy: policyOf(security) })
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
      return c.json({ passwordExpired: true, reason, username: user.username, policy: policyOf(security) })
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
    return c.json({ passwordExpired: false, user: view, timing, at: now.getTime() })
  })

  /**
   * Only for an expired password (or one the server forces to change), or a temporary password
   * within 30 minutes of its one sign-in; any other valid password gets 409 PASSWORD_NOT_EXPIRED.
   */
  r.post('/changeExpiredPassword', publicRoute(), async (c) => {
    const body = await readJson(c, ChangeBody)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    if (!(await hit(db, `login:ip:${c.get('clientIp')}`, LOGIN_IP_MAX, LOGIN_IP_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
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
    return c.json({ ok: true })
  })

  /**
   * Answers at once and alike for every address: the work (the user lookup, the temporary password,
   * the mail) is a durable job the outbox worker does after the answer.
   */
  r.post('/forgotPassword', publicRoute(), async (c) => {
    const body = await readJson(c, ForgotBody)
    const { db, clock, outbox } = c.get('deps')
    const now = clock.now()
    const email = body.email.trim().toLowerCase()
    if (!isValidEmail(email)) throw new AppError(400, 'VALIDATION', [{ path: 'email', code: 'email' }])
    if (!(await hit(db, `forgot:ip:${c.get('clientIp')}`, FORGOT_MAX * 4, FORGOT_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    if (await hit(db, `forgot:email:${email}`, FORGOT_MAX, FORGOT_WINDOW_MS, now)) {
      const job: ForgotPasswordJob = { email, locale: c.get('locale'), requestId: c.get('requestId'), ip: c.get('clientIp') }
      await enqueueJob(db, 'forgotPassword', job)
      outbox?.kick()
    }
    return c.json({ ok: true }, 202)
  })

  /**
   * The links of an e-mail change (issue 28): the new address confirms it, the old one cancels it.
   * Public (the new address's owner may not be signed in), limited per client address.
   */
  r.post('/confirmEmail', publicRoute(), async (c) => {
    const { token } = await readJson(c, TokenBody)
    const { db, clock } = c.get('deps')
    if (!(await hit(db, `email-link:ip:${c.get('clientIp')}`, EMAIL_LINK_MAX, EMAIL_LINK_WINDOW_MS, clock.now()))) throw new AppError(429, 'RATE_LIMITED')
    const { email } = await confirmEmailChange(c, token)
    return c.json({ ok: true, email })
  })

  r.post('/cancelEmailChange', publicRoute(), async (c) => {
    const { token } = await readJson(c, TokenBody)
    const { db, clock } = c.get('deps')
    if (!(await hit(db, `email-link:ip:${c.get('clientIp')}`, EMAIL_LINK_MAX, EMAIL_LINK_WINDOW_MS, clock.now()))) throw new AppError(429, 'RATE_LIMITED')
    await cancelEmailChange(c, token)
    return c.json({ ok: true })
  })

  // ---- calls on an existing session (spec 7.2) ----

  // 401 LOCKED while locked (SECURITY.md); its body says when, and the timing, so that a reload
  // still shows the lock screen, but nothing about the user
  r.post('/checkSessionValidity', requireSession({ allowLocked: true }), async (c) => {
    await readJson(c, EmptyBody).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'UNSUPPORTED_MEDIA_TYPE') return {}
      throw e
    })
    const session = c.get('session')
    const now = c.get('deps').clock.now()
    if (session.lockedAt) {
      return c.json({
        code: 'LOCKED', message: errorMessage('LOCKED', c.get('locale')),
        lockedAt: session.lockedAt.getTime(), timing: c.get('timing'), at: now.getTime(),
      }, 401)
    }
    return c.json({
      user: c.get('sessionUser'),
      timing: c.get('timing'),
      lockedAt: null,
      sessionId: session.id,
      at: now.getTime(),
    })
  })

  r.post('/activity', requireSession(), async (c) => {
    const { db, clock } = c.get('deps')
    await db.update(staffSession).set({ lastSeenAt: clock.now() }).where(eq(staffSession.id, c.get('session').id))
    // the timing as the company's preferences say now: a change reaches the session at its next report
    return c.json({ ok: true, timing: c.get('timing') })
  })

  r.post('/lockSession', requireSession({ allowLocked: true }), async (c) => {
    const body = await readJson(c, InactiveBody)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const now = clock.now()
    const lockedAt = session.lockedAt ?? now
    await db.update(staffSession).set({
      lockedAt,
      inactiveSeconds: sql`${staffSession.inactiveSeconds} + ${body.inactivetime ?? 0}`,
    }).where(eq(staffSession.id, session.id))
    await audit(c, 'auth.lock', session.userId, null, { inactivetime: body.inactivetime ?? 0 })
    return c.json({ at: lockedAt.getTime() })
  })

  r.post('/unlockSession', requireSession({ allowLocked: true }), async (c) => {
    const body = await readJson(c, UnlockBody)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const now = clock.now()
    const [user] = await db.select().from(appUser).where(eq(appUser.id, session.userId)).limit(1)
    const ok = await verifyPassword(user!.passwordHash, body.password)
    if (!ok) {
      // spec 4: a failed unlock logs out
      const security = await readSetting(db, user!.companyId, 'security', DEFAULT_SECURITY)
      await recordFailure(c, user!, security, 'unlock')
      await endSession(db, session.id, 'unlockFailed', now)
      clearSessionCookie(c)
      await audit(c, 'auth.unlock.failed', user!.id, user!.username)
      throw new AppError(401, 'INVALID_CREDENTIALS')
    }
    // a new session id at unlock: the old token stops working
    const token = newToken()
    const lockedFor = session.lockedAt ? Math.round((now.getTime() - session.lockedAt.getTime()) / 1000) : 0
    await db.update(staffSession).set({
      tokenHash: tokenHash(token), lockedAt: null, lastSeenAt: now,
      inactiveSeconds: sql`${staffSession.inactiveSeconds} + ${lockedFor}`,
    }).where(eq(staffSession.id, session.id))
    setSessionCookie(c, token, session.rememberMe ? session.absoluteExpiresAt : null)
    await db.update(appUser).set({ failedLogins: 0 }).where(eq(appUser.id, user!.id))
    await audit(c, 'auth.unlock', user!.id, user!.username)
    return c.json({ user: await userView(db, session.userId, session.activeRole, now), at: now.getTime() })
  })

  r.post('/logout', publicRoute(), async (c) => {
    const body = await readJson(c, InactiveBody)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    // logging out works without a valid session too: it always clears the cookie
    try {
      await requireSession({ allowLocked: true })(c, async () => {})
      const session = c.get('session')
      await endSession(db, session.id, 'logout', now, body.inactivetime ?? 0)
      await audit(c, 'auth.logout', session.userId, null, { inactivetime: body.inactivetime ?? 0 })
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) throw error
    }
    clearSessionCookie(c)
    return c.json({ ok: true })
  })

  r.post('/switchRole', requireSession(), async (c) => {
    const body = await readJson(c, RoleBody)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const view = c.get('sessionUser')
    if (!view.roles.includes(body.role)) throw new AppError(403, 'FORBIDDEN')
    await db.update(staffSession).set({ activeRole: body.role }).where(eq(staffSession.id, session.id))
    await audit(c, 'auth.switchRole', session.userId, null, { from: view.activeRole, to: body.role })
    return c.json(await userView(db, session.userId, body.role, clock.now()))
  })

  r.get('/permissions', requireSession(), async (c) => {
    const view = c.get('sessionUser')
    return c.json({ role: view.activeRole, permissions: view.permissions })
  })

  return r
}
