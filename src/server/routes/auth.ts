import { Hono, type Context } from 'hono'
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { checkPassword } from '../../domain/password.ts'
import { isValidEmail } from '../../domain/email.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, passwordHistory, staffSession, tempPassword } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { readJson } from '../http.ts'
import { MAILS } from '../mail-texts.ts'
import { audit } from '../services/audit.ts'
import { hashPassword, needsRehash, randomPassword, verifyPassword } from '../services/passwords.ts'
import { hit } from '../services/rate-limit.ts'
import {
  clearSessionCookie, endSession, endUserSessions, requireCustomHeaders, requireSession, setSessionCookie,
  startSession, tokenHash, newToken, userView,
} from '../services/sessions.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, sessionTiming, type SecuritySettings } from '../services/settings.ts'
import { publicRoute } from '../services/route-access.ts'

const TEMP_PASSWORD_MINUTES = 30
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

async function sendMail(c: Context<AppEnv>, companyId: string, to: string, subject: string, text: string) {
  const { mail } = c.get('deps')
  if (!mail) return
  try {
    await mail.send({ to, subject, text, companyId })
  } catch (error) {
    // the mail server being down must not change the answer (nor reveal anything)
    c.get('log').log('error', 'mail failed', { error: error instanceof Error ? error.message : String(error) })
  }
}

function isExpired(user: UserRow, security: SecuritySettings, now: Date): boolean {
  if (user.mustChangePassword) return true
  if (security.expiryDays <= 0) return false
  return now.getTime() - user.passwordChangedAt.getTime() > security.expiryDays * 86_400_000
}

/**
 * Counts a failed sign-in; at the company's maximum the account is locked and its owner e-mailed.
 * Every refusal (unknown user, locked account, wrong password) runs the same statements, so that
 * none answers measurably faster than another.
 */
async function recordFailure(c: Context<AppEnv>, name: string, user: UserRow | null, security: SecuritySettings | null, reason: string) {
  const { db, clock } = c.get('deps')
  const [row] = await db.update(appUser).set({ failedLogins: sql`${appUser.failedLogins} + 1` })
    .where(sql`lower(${appUser.username}) = lower(${name})`).returning({ failedLogins: appUser.failedLogins, lockedAt: appUser.lockedAt })
  await audit(c, 'auth.login.failed', user?.id ?? null, name.slice(0, 100), { reason })
  if (user && security && row && row.failedLogins >= security.maxFailedLogins && !row.lockedAt && user.status === 'active') {
    await db.update(appUser).set({ lockedAt: clock.now() }).where(and(eq(appUser.id, user.id), isNull(appUser.lockedAt)))
    await endUserSessions(db, user.id, 'accountLocked', clock.now())
    await audit(c, 'user.lockedOut', user.id, user.username, { attempts: row.failedLogins })
    const m = MAILS.accountLocked[c.get('locale')]
    await sendMail(c, user.companyId, user.email, m.subject, m.text({ name: `${user.firstName} ${user.lastName}`, attempts: row.failedLogins }))
  }
}

/** The usable temporary password of a user matching `candidate`, if any. */
async function matchingTempPassword(db: Db, userId: string, candidate: string, now: Date) {
  const rows = await db.select().from(tempPassword)
    .where(and(eq(tempPassword.userId, userId), isNull(tempPassword.usedAt), gt(tempPassword.expiresAt, now)))
    .orderBy(desc(tempPassword.createdAt)).limit(3)
  for (const row of rows) if (await verifyPassword(row.passwordHash, candidate)) return row
  return null
}

export function authRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', requireCustomHeaders)

  r.post('/login', publicRoute(), async (c) => {
    const body = await readJson(c, LoginBody)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    if (!(await hit(db, `login:ip:${c.get('clientIp')}`, LOGIN_IP_MAX, LOGIN_IP_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    const user = await findUser(db, body.username)
    // exactly one argon2 verification whatever the case: unknown, locked and wrong look the same
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummy()), body.password)
    const security = user ? await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY) : null
    if (!user || !security || user.status !== 'active' || user.lockedAt) {
      await recordFailure(c, body.username, user, security, !user ? 'unknown' : user.lockedAt ? 'locked' : user.status)
      throw new AppError(401, 'INVALID_CREDENTIALS')
    }
    let usedTemp = false
    if (!passwordOk) {
      const temp = await matchingTempPassword(db, user.id, body.password, now)
      if (!temp) {
        await recordFailure(c, body.username, user, security, 'password')
        throw new AppError(401, 'INVALID_CREDENTIALS')
      }
      // the temporary password replaces the real one only now, and forces a change
      await db.update(tempPassword).set({ usedAt: now }).where(eq(tempPassword.id, temp.id))
      await db.update(appUser).set({ passwordHash: temp.passwordHash, mustChangePassword: true }).where(eq(appUser.id, user.id))
      usedTemp = true
    }
    await db.update(appUser).set({ failedLogins: 0 }).where(eq(appUser.id, user.id))
    if (passwordOk && needsRehash(user.passwordHash)) {
      await db.update(appUser).set({ passwordHash: await hashPassword(body.password) }).where(eq(appUser.id, user.id))
    }
    if (usedTemp || isExpired(user, security, now)) {
      await audit(c, 'auth.login.passwordExpired', user.id, user.username)
      return c.json({ passwordExpired: true, username: user.username, policy: policyOf(security) })
    }
    const view = await userView(db, user.id, null, now)
    await startSession(c, user.id, user.companyId, view.activeRole, body.rememberMe ?? false)
    await audit(c, 'auth.login', user.id, user.username)
    const timing = await sessionTiming(db, user.companyId, c.get('deps').config)
    return c.json({ passwordExpired: false, user: view, timing, at: now.getTime() })
  })

  r.post('/changeExpiredPassword', publicRoute(), async (c) => {
    const body = await readJson(c, ChangeBody)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    if (!(await hit(db, `login:ip:${c.get('clientIp')}`, LOGIN_IP_MAX, LOGIN_IP_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    const user = await findUser(db, body.username)
    const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), body.oldPassword)
    if (!user || user.status !== 'active' || user.lockedAt) throw new AppError(401, 'INVALID_CREDENTIALS')
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    if (!ok) {
      await recordFailure(c, body.username, user, security, 'password')
      throw new AppError(401, 'INVALID_CREDENTIALS')
    }
    await changePassword(c, user, body.newPassword, security)
    return c.json({ ok: true })
  })

  r.post('/forgotPassword', publicRoute(), async (c) => {
    const body = await readJson(c, ForgotBody)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const email = body.email.trim().toLowerCase()
    if (!isValidEmail(email)) throw new AppError(400, 'VALIDATION', [{ path: 'email', code: 'email' }])
    if (!(await hit(db, `forgot:ip:${c.get('clientIp')}`, FORGOT_MAX * 4, FORGOT_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    // the same answer for every address; the work happens only for a known, active one
    if (await hit(db, `forgot:email:${email}`, FORGOT_MAX, FORGOT_WINDOW_MS, now)) {
      const rows = await db.select().from(appUser).where(and(sql`lower(${appUser.email}) = ${email}`, eq(appUser.status, 'active'))).limit(1)
      const user = rows[0]
      if (user) {
        const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
        const temp = temporaryPassword(security, user.username)
        await db.insert(tempPassword).values({
          userId: user.id, passwordHash: await hashPassword(temp), expiresAt: new Date(now.getTime() + TEMP_PASSWORD_MINUTES * 60_000), createdAt: now,
        })
        await audit(c, 'auth.forgotPassword', user.id, null)
        const m = MAILS.temporaryPassword[c.get('locale')]
        await sendMail(c, user.companyId, user.email, m.subject, m.text({ name: `${user.firstName} ${user.lastName}`, password: temp, minutes: TEMP_PASSWORD_MINUTES }))
      }
    }
    return c.json({ ok: true }, 202)
  })

  // ---- calls on an existing session (spec 7.2) ----

  r.post('/checkSessionValidity', requireSession({ allowLocked: true }), async (c) => {
    await readJson(c, EmptyBody).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'UNSUPPORTED_MEDIA_TYPE') return {}
      throw e
    })
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const now = clock.now()
    return c.json({
      user: await userView(db, session.userId, session.activeRole, now),
      timing: c.get('timing'),
      lockedAt: session.lockedAt ? session.lockedAt.getTime() : null,
      sessionId: session.id,
      at: now.getTime(),
    })
  })

  r.post('/activity', requireSession(), async (c) => {
    const { db, clock } = c.get('deps')
    await db.update(staffSession).set({ lastSeenAt: clock.now() }).where(eq(staffSession.id, c.get('session').id))
    return c.json({ ok: true })
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
      await recordFailure(c, user!.username, user!, security, 'unlock')
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
    const view = await userView(db, session.userId, session.activeRole, clock.now())
    if (!view.roles.includes(body.role)) throw new AppError(403, 'FORBIDDEN')
    await db.update(staffSession).set({ activeRole: body.role }).where(eq(staffSession.id, session.id))
    await audit(c, 'auth.switchRole', session.userId, null, { from: view.activeRole, to: body.role })
    return c.json(await userView(db, session.userId, body.role, clock.now()))
  })

  r.get('/permissions', requireSession(), async (c) => {
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const view = await userView(db, session.userId, session.activeRole, clock.now())
    return c.json({ role: view.activeRole, permissions: view.permissions })
  })

  return r
}

/** A temporary password that meets the company policy. */
function temporaryPassword(security: SecuritySettings, name: string): string {
  for (;;) {
    const candidate = randomPassword(Math.max(16, security.minLength))
    if (checkPassword(candidate, policyOf(security), { username: name }).ok) return candidate
  }
}

/**
 * Sets a new password under the company policy: the rules, the history, and "unique among all
 * users" (a collision is refused with the generic policy answer, and the other account, whose
 * password is now known to this user, is treated as compromised).
 */
export async function changePassword(c: Context<AppEnv>, user: UserRow, newPassword: string, security: SecuritySettings) {
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
        await sendMail(c, other.companyId, other.email, m.subject, m.text({ name: `${other.firstName} ${other.lastName}` }))
        throw new AppError(400, 'PASSWORD_POLICY', [{ path: 'newPassword', code: 'policy' }])
      }
    }
  }
  await db.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
  await db.update(appUser).set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: now, mustChangePassword: false, failedLogins: 0, passwordPolicy: policyOf(security) })
    .where(eq(appUser.id, user.id))
  await endUserSessions(db, user.id, 'passwordChanged', now)
  await audit(c, 'user.passwordChanged', user.id, user.username)
}
