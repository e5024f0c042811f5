import { Hono, type Context } from 'hono'
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { checkPassword } from '../../domain/password.ts'
import { isValidEmail } from '../../domain/email.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, passwordHistory, rateCounter, staffSession } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { errorMessage } from '../i18n.ts'
import { readJson } from '../http.ts'
import { MAILS } from '../mail-texts.ts'
import { audit } from '../services/audit.ts'
import { hashPassword, needsRehash, randomPassword, verifyPassword } from '../services/passwords.ts'
import { enqueueJob, enqueueMail } from '../services/outbox.ts'
import {
  findTempPassword, NIL_UUID, tempChangesPassword, tempSignsIn, useTempPassword, voidTempPasswords, type ForgotPasswordJob,
} from '../services/password-reset.ts'
import { hit } from '../services/rate-limit.ts'
import { keyFrom } from '../services/secrets.ts'
import {
  clearSessionCookie, endSession, endUserSessions, requireCustomHeaders, requireSession, setSessionCookie,
  startSession, tokenHash, newToken, userView,
} from '../services/sessions.ts'
import { emailNotificationsOn } from '../services/notifications.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, sessionTiming, type SecuritySettings } from '../services/settings.ts'
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

/**
 * Counts a sign-in attempt before its password is checked, in one atomic statement: the answer is
 * the user with the count including this attempt (its "ticket"). Parallel guesses each get their
 * own ticket, so none slips past the maximum; an unknown name runs the same statement (no row).
 */
async function countAttempt(db: Db, name: string): Promise<UserRow | null> {
  const rows = await db.update(appUser).set({ failedLogins: sql`${appUser.failedLogins} + 1` })
    .where(sql`lower(${appUser.username}) = lower(${name})`).returning()
  return rows[0] ?? null
}

/** Queues a mail (sent by the outbox worker after the answer, retried while SMTP is down). */
async function queueMail(c: Context<AppEnv>, companyId: string, to: string, subject: string, text: string) {
  const { db, config, outbox } = c.get('deps')
  await enqueueMail(db, keyFrom(config.secretsKey), { to, subject, text, companyId })
  outbox?.kick()
}

/** Queues a notice (lockout, password changed, compromised): only with the company's e-mail notifications on. */
async function queueNotice(c: Context<AppEnv>, companyId: string, to: string, subject: string, text: string) {
  if (!(await emailNotificationsOn(c.get('deps').db, companyId))) return
  await queueMail(c, companyId, to, subject, text)
}

function isExpired(user: UserRow, security: SecuritySettings, now: Date): boolean {
  if (user.mustChangePassword) return true
  if (security.expiryDays <= 0) return false
  return now.getTime() - user.passwordChangedAt.getTime() > security.expiryDays * 86_400_000
}

/**
 * Locks an account whose failure count reached the company's maximum: exactly once however many
 * requests see it (the update only wins while unlocked), ends its sessions, audits, mails the owner.
 */
async function lockAccount(c: Context<AppEnv>, user: UserRow, attempts: number) {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const won = await db.update(appUser).set({ lockedAt: now }).where(and(eq(appUser.id, user.id), isNull(appUser.lockedAt))).returning({ id: appUser.id })
  if (won.length === 0) return
  await endUserSessions(db, user.id, 'accountLocked', now)
  await audit(c, 'user.lockedOut', user.id, user.username, { attempts })
  const m = MAILS.accountLocked[c.get('locale')]
  await queueNotice(c, user.companyId, user.email, m.subject, m.text({ name: `${user.firstName} ${user.lastName}`, attempts }))
}

/** Counts a failed password check outside sign-in (unlock, change of an expired password), atomically. */
async function recordFailure(c: Context<AppEnv>, user: UserRow, security: SecuritySettings, reason: string) {
  const counted = await countAttempt(c.get('deps').db, user.username)
  await audit(c, 'auth.login.failed', user.id, user.username.slice(0, 100), { reason })
  if (counted && counted.status === 'active' && counted.failedLogins >= security.maxFailedLogins) await lockAccount(c, counted, counted.failedLogins)
}

/** Gives back a client's reserved failure when its attempt succeeded. */
async function releaseFailure(db: Db, key: string) {
  await db.update(rateCounter).set({ count: sql`greatest(${rateCounter.count} - 1, 0)` }).where(eq(rateCounter.key, key))
}

export function authRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', requireCustomHeaders)

  r.post('/login', publicRoute(), async (c) => {
    const body = await readJson(c, LoginBody)
    const { db, clock, config } = c.get('deps')
    const now = clock.now()
    const ip = c.get('clientIp')
    if (!(await hit(db, `login:ip:${ip}`, LOGIN_IP_MAX, LOGIN_IP_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    // every attempt reserves one of the client's failures before it can count against an account,
    // so that one client cannot lock many accounts (a success gives it back)
    const failKey = `login:fail:ip:${ip}`
    if (!(await hit(db, failKey, config.loginFailuresPerIp, LOGIN_IP_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    // The same statements whatever the case (unknown, locked, wrong, pending resets): the counted
    // attempt, exactly one argon2 verification, one temporary-password lookup, the policy read.
    const user = await countAttempt(db, body.username)
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummy()), body.password)
    const temp = await findTempPassword(db, user?.id ?? null, body.password)
    const security = await readSetting(db, user?.companyId ?? NIL_UUID, 'security', DEFAULT_SECURITY)
    const active = !!user && user.status === 'active'
    // a temporary password (mailbox ownership) works for a locked account too, and re-activates it
    const viaTemp = active && tempSignsIn(temp, now)
    const withinMaximum = !!user && !user.lockedAt && user.failedLogins <= security.maxFailedLogins
    if (!user || !active || !(viaTemp || (passwordOk && withinMaximum))) {
      await audit(c, 'auth.login.failed', user?.id ?? null, body.username.slice(0, 100), {
        reason: !user ? 'unknown' : !active ? user.status : user.lockedAt ? 'locked' : passwordOk ? 'overMaximum' : 'password',
      })
      if (user && active && !user.lockedAt && user.failedLogins >= security.maxFailedLogins) await lockAccount(c, user, user.failedLogins)
      throw new AppError(401, 'INVALID_CREDENTIALS')
    }
    if (viaTemp) {
      if (!(await useTempPassword(db, temp, now))) throw new AppError(401, 'INVALID_CREDENTIALS')
      await releaseFailure(db, failKey)
      // the old password stops working (kept in the history); the temporary one only serves the change
      await db.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
      await db.update(appUser).set({ passwordHash: await hashPassword(randomPassword(32)), mustChangePassword: true, failedLogins: 0, lockedAt: null })
        .where(eq(appUser.id, user.id))
      await endUserSessions(db, user.id, 'passwordReset', now)
      if (user.lockedAt) await audit(c, 'user.reactivated', user.id, user.username, { via: 'temporaryPassword' })
      await audit(c, 'auth.login.passwordExpired', user.id, user.username, { via: 'temporaryPassword' })
      return c.json({ passwordExpired: true, username: user.username, policy: policyOf(security) })
    }
    await releaseFailure(db, failKey)
    // reset the count only if no other attempt came in meanwhile (a burst keeps counting to the lock)
    await db.update(appUser).set({ failedLogins: 0 }).where(and(eq(appUser.id, user.id), eq(appUser.failedLogins, user.failedLogins)))
    if (needsRehash(user.passwordHash)) {
      await db.update(appUser).set({ passwordHash: await hashPassword(body.password) }).where(eq(appUser.id, user.id))
    }
    if (isExpired(user, security, now)) {
      await audit(c, 'auth.login.passwordExpired', user.id, user.username)
      return c.json({ passwordExpired: true, username: user.username, policy: policyOf(security) })
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

/**
 * Sets a new password under the company policy: the rules, the history, and "unique among all
 * users" (a collision is refused with the generic policy answer, and the other account, whose
 * password is now known to this user, is treated as compromised). Every session of the user ends,
 * except `keepSessionId` (the change made while signed in).
 */
export async function changePassword(c: Context<AppEnv>, user: UserRow, newPassword: string, security: SecuritySettings, opts: { keepSessionId?: string } = {}) {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const result = checkPassword(newPassword, policyOf(security), { username: user.username })
  if (!result.ok) throw new AppError(400, 'PASSWORD_POLICY', result.failures.map((code) => ({ path: 'newPassword', code })))
  if (await verifyPassword(user.passwordHash, newPassword)) throw new AppError(400, 'PASSWORD_REUSED', [{ path: 'newPassword', code: 'sameAsOld' }])
  const history = await db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt)).limit(security.historyCount)
  for (const old of history) {
    if (await verifyPassword(old.passwordHash, newPassword)) throw new AppError(400, 'PASSWORD_REUSED', [{ path: 'newPassword', code: 'history' }])
  }
  if (security.uniqueAmongUsers) {
    const others = await db.select().from(appUser).where(and(eq(appUser.companyId, user.companyId), ne(appUser.id, user.id), eq(appUser.status, 'active')))
    for (const other of others) {
      if (await verifyPassword(other.passwordHash, newPassword)) {
        await db.update(appUser).set({ passwordHash: await hashPassword(randomPassword(32)), mustChangePassword: true }).where(eq(appUser.id, other.id))
        await endUserSessions(db, other.id, 'passwordCompromised', now)
        await audit(c, 'user.passwordCompromised', other.id, null)
        const m = MAILS.passwordCompromised[c.get('locale')]
        await queueNotice(c, other.companyId, other.email, m.subject, m.text({ name: `${other.firstName} ${other.lastName}` }))
        throw new AppError(400, 'PASSWORD_POLICY', [{ path: 'newPassword', code: 'policy' }])
      }
    }
  }
  await db.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
  await db.update(appUser).set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: now, mustChangePassword: false, failedLogins: 0, passwordPolicy: policyOf(security) })
    .where(eq(appUser.id, user.id))
  await voidTempPasswords(db, user.id, now)
  // a change while signed in keeps the session it was made from; every other session ends
  await endUserSessions(db, user.id, 'passwordChanged', now, opts.keepSessionId)
  await audit(c, 'user.passwordChanged', user.id, user.username)
  const m = MAILS.passwordChanged[c.get('locale')]
  await queueNotice(c, user.companyId, user.email, m.subject, m.text({ name: `${user.firstName} ${user.lastName}` }))
}
