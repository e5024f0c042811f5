import { Hono, type Context } from 'hono'
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { appUser, auditLog, company, outbox, role, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { readJson } from '../http.ts'
import { may, signedIn } from '../services/permissions.ts'
import { verifyPassword } from '../services/passwords.ts'
import { hit } from '../services/rate-limit.ts'
import { requireCustomHeaders, userView } from '../services/sessions.ts'
import { DEFAULT_PREFERENCES, DEFAULT_SECURITY, notificationSettings, policyOf, readSetting, type SecuritySettings } from '../services/settings.ts'
import { changePassword } from '../services/password-change.ts'

const DAY_MS = 86_400_000
/** Other-group roles whose valid-until date is this close are "about to expire". */
export const ROLE_EXPIRY_WINDOW_DAYS = 14
const PASSWORD_TRIES_MAX = 10
const PASSWORD_TRIES_WINDOW_MS = 15 * 60_000

/** The person's own language (issue 25 item 5); null: none of their own (the browser's or the company's applies). */
const LanguageBody = z.strictObject({ language: z.nullable(z.enum(['tr', 'en', 'ru'], 'requiredSelection')) })

const ChangeBody = z.strictObject({
  oldPassword: z.string().check(z.minLength(1), z.maxLength(128)),
  newPassword: z.string().check(z.minLength(1), z.maxLength(1000)),
})

/** When the password expires under the company policy (null: never), and whether to warn now. */
export function passwordExpiry(changedAt: Date, security: SecuritySettings, now: Date) {
  if (security.expiryDays <= 0) return { expiresAt: null, daysLeft: null, warn: false }
  const expiresAt = new Date(changedAt.getTime() + security.expiryDays * DAY_MS)
  const daysLeft = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS))
  return { expiresAt: expiresAt.toISOString(), daysLeft, warn: daysLeft <= security.expiryWarningDays }
}

/** Internal notices (issue 12) reach this far back on the tasks page, at most NOTICE_MAX of them. */
export const NOTICE_DAYS = 30
const NOTICE_MAX = 20
const NOTICE_KINDS = {
  'user.lockedOut': 'accountLocked',
  'user.passwordChanged': 'passwordChanged',
  'user.passwordCompromised': 'passwordCompromised',
  'settings.security.updated': 'policyForcedChange',
} as const
export type NoticeKind = (typeof NOTICE_KINDS)[keyof typeof NOTICE_KINDS]

/**
 * The internal notices of the tasks page, read from the audit log (nothing is stored twice): the
 * viewer's own password changes and invalidations; for user admins, every lockout and invalidation
 * in the company; for security readers, policy changes that forced users to change their password.
 * None at all while the company's internal notifications are off.
 */
async function noticesFor(c: Context<AppEnv>, now: Date) {
  const { db } = c.get('deps')
  const viewer = c.get('session')
  if (!(await notificationSettings(db, viewer.companyId)).internalNotification) return []
  const own = and(inArray(auditLog.action, ['user.passwordChanged', 'user.passwordCompromised']), eq(auditLog.target, viewer.userId))
  const wanted: (SQL | undefined)[] = [own]
  if (await may(c, 'user:update')) wanted.push(inArray(auditLog.action, ['user.lockedOut', 'user.passwordCompromised']))
  if (await may(c, 'security:read')) wanted.push(and(eq(auditLog.action, 'settings.security.updated'), sql`coalesce((${auditLog.detail}->>'affected')::int, 0) > 0`))
  const rows = await db.select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, target: auditLog.target, detail: auditLog.detail, username: appUser.username })
    .from(auditLog).leftJoin(appUser, sql`${appUser.id}::text = ${auditLog.target}`)
    .where(and(eq(auditLog.companyId, viewer.companyId), gt(auditLog.at, new Date(now.getTime() - NOTICE_DAYS * DAY_MS)), or(...wanted)))
    .orderBy(desc(auditLog.at)).limit(NOTICE_MAX)
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    kind: NOTICE_KINDS[r.action as keyof typeof NOTICE_KINDS],
    username: r.action === 'settings.security.updated' ? null : r.username,
    own: r.target === viewer.userId,
    affected: r.action === 'settings.security.updated' ? Number(r.detail?.affected ?? 0) : null,
  }))
}

/**
 * The signed-in user's own things (spec 2.2 top menu): profile, tasks, and the password change
 * while signed in (the current session stays; the user's other sessions end).
 */
export function meRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/profile', signedIn(), async (c) => {
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const now = clock.now()
    const [user] = await db.select().from(appUser).where(eq(appUser.id, session.userId)).limit(1)
    if (!user) throw new AppError(401, 'UNAUTHORIZED')
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    const view = await userView(db, user.id, session.activeRole, now)
    const roles = await db.select({ name: role.name, isMain: userRole.isMain, isDefault: userRole.isDefault, validUntil: userRole.validUntil })
      .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(eq(userRole.userId, user.id)).orderBy(asc(role.name))
    return c.json({
      userId: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      activeRole: view.activeRole,
      roles: roles.map((x) => ({ ...x, validUntil: x.validUntil ? x.validUntil.toISOString() : null })),
      passwordChangedAt: user.passwordChangedAt.toISOString(),
      password: passwordExpiry(user.passwordChangedAt, security, now),
      policy: policyOf(security),
    })
  })

  /**
   * The company's defaults the staff app applies (spec 9, issue 12): its language for a person who
   * has not chosen one, its time zone for staff dates, its currency for amounts.
   */
  r.get('/profile/company', signedIn(), async (c) => {
    const { db } = c.get('deps')
    const session = c.get('session')
    // the name too: the org chart's root shows it (issue 25 item 10)
    const [row] = await db.select({ name: company.name, language: company.language, timeZone: company.timeZone, defaultCurrency: company.defaultCurrency })
      .from(company).where(eq(company.id, session.companyId)).limit(1)
    if (!row) throw new AppError(404, 'NOT_FOUND')
    const [user] = await db.select({ locale: appUser.locale }).from(appUser).where(eq(appUser.id, session.userId)).limit(1)
    const { browserLanguage } = await readSetting(db, session.companyId, 'preferences', DEFAULT_PREFERENCES)
    // the person's own language first, then (when the company allows it) the browser's, then the company's
    return c.json({ ...row, personalLanguage: user?.locale ?? null, browserLanguage })
  })

  /**
   * The person's own language (issue 25 item 5): applied at every sign-in on any device, and the
   * language of the mails sent to them. null: none of their own.
   */
  r.put('/profile/language', requireCustomHeaders, signedIn(), async (c) => {
    const { language } = await readJson(c, LanguageBody)
    const { db } = c.get('deps')
    await db.update(appUser).set({ locale: language }).where(eq(appUser.id, c.get('session').userId))
    return c.json({ personalLanguage: language })
  })

  r.get('/tasks', signedIn(), async (c) => {
    const { db, clock } = c.get('deps')
    const viewer = c.get('session')
    const now = clock.now()
    const horizon = new Date(now.getTime() + ROLE_EXPIRY_WINDOW_DAYS * DAY_MS)
    const [user] = await db.select().from(appUser).where(eq(appUser.id, viewer.userId)).limit(1)
    if (!user) throw new AppError(401, 'UNAUTHORIZED')
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    const admin = await may(c, 'user:update')
    const lockedAccounts = admin
      ? await db.select({ id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName, lockedAt: appUser.lockedAt, failedLogins: appUser.failedLogins })
        .from(appUser)
        .where(and(eq(appUser.companyId, viewer.companyId), isNotNull(appUser.lockedAt), eq(appUser.status, 'active')))
        .orderBy(asc(appUser.lockedAt)).limit(100)
      : []
    // role assignments running out: the user's own, and (for admins) everyone's in the company
    const expiring = await db.select({ userId: appUser.id, username: appUser.username, role: role.name, validUntil: userRole.validUntil })
      .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).innerJoin(appUser, eq(appUser.id, userRole.userId))
      .where(and(
        eq(appUser.companyId, viewer.companyId),
        admin ? undefined : eq(appUser.id, viewer.userId),
        isNotNull(userRole.validUntil), gt(userRole.validUntil, now), lte(userRole.validUntil, horizon),
      ))
      .orderBy(asc(userRole.validUntil)).limit(100)
    const password = passwordExpiry(user.passwordChangedAt, security, now)
    // mail that could not go out (issue 25 item 3): a task for those who read the outbox
    const failedMails = (await may(c, 'mailserver:read'))
      ? (await db.select({ n: count() }).from(outbox).where(and(eq(outbox.kind, 'mail'), isNull(outbox.doneAt), gt(outbox.attempts, 0),
        or(eq(outbox.companyId, viewer.companyId), isNull(outbox.companyId)))))[0]?.n ?? 0
      : 0
    return c.json({
      failedMails,
      lockedAccounts: lockedAccounts.map((u) => ({ ...u, lockedAt: u.lockedAt!.toISOString() })),
      expiringRoles: expiring.map((x) => ({ ...x, own: x.userId === viewer.userId, validUntil: x.validUntil!.toISOString() })),
      password: password.warn ? password : null,
      notices: await noticesFor(c, now),
    })
  })

  r.post('/profile/password', requireCustomHeaders, signedIn(), async (c) => {
    const body = await readJson(c, ChangeBody)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    if (!(await hit(db, `password:user:${session.userId}`, PASSWORD_TRIES_MAX, PASSWORD_TRIES_WINDOW_MS, clock.now()))) {
      throw new AppError(429, 'RATE_LIMITED')
    }
    const [user] = await db.select().from(appUser)
      .where(and(eq(appUser.id, session.userId), eq(appUser.status, 'active'), isNull(appUser.lockedAt), ne(appUser.mustChangePassword, true))).limit(1)
    if (!user) throw new AppError(401, 'UNAUTHORIZED')
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw new AppError(400, 'WRONG_PASSWORD', [{ path: 'oldPassword', code: 'wrongPassword' }])
    }
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    await changePassword(c, user, body.newPassword, security, { keepSessionId: session.id })
    return c.json({ ok: true })
  })

  return r
}
