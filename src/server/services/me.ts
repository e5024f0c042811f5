import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appUser, auditLog, company, outbox, role, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { verifyPassword } from './passwords.ts'
import { userView } from './sessions.ts'
import { DEFAULT_PREFERENCES, DEFAULT_SECURITY, notificationSettings, policyOf, readSetting, type SecuritySettings } from './settings.ts'

/**
 * The signed-in user's own things (spec 2.2 top menu; issue 26 item 3 moved the queries out of
 * routes/me.ts): the profile, the company's defaults, the person's language, the tasks page with
 * its notices, and the user a password change while signed in starts from.
 */
const DAY_MS = 86_400_000
/** Other-group roles whose valid-until date is this close are "about to expire". */
export const ROLE_EXPIRY_WINDOW_DAYS = 14

type UserRow = typeof appUser.$inferSelect
/** Who asks: their session's user and company, and its active role. */
export type Viewer = { userId: string; companyId: string; activeRole: string | null }

/** When the password expires under the company policy (null: never), and whether to warn now. */
export function passwordExpiry(changedAt: Date, security: SecuritySettings, now: Date) {
  if (security.expiryDays <= 0) return { expiresAt: null, daysLeft: null, warn: false }
  const expiresAt = new Date(changedAt.getTime() + security.expiryDays * DAY_MS)
  const daysLeft = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS))
  return { expiresAt: expiresAt.toISOString(), daysLeft, warn: daysLeft <= security.expiryWarningDays }
}

async function ownUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(appUser).where(eq(appUser.id, userId)).limit(1)
  if (!user) throw new AppError(401, 'UNAUTHORIZED')
  return user
}

/** The profile page: who they are, their roles, and when their password expires. */
export async function ownProfile(db: Db, viewer: Viewer, now: Date) {
  const user = await ownUser(db, viewer.userId)
  const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
  const view = await userView(db, user.id, viewer.activeRole, now)
  const roles = await db.select({ name: role.name, isMain: userRole.isMain, isDefault: userRole.isDefault, validUntil: userRole.validUntil })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(eq(userRole.userId, user.id)).orderBy(asc(role.name))
  return {
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
  }
}

/**
 * The company's defaults the staff app applies (spec 9, issue 12): its name (the org chart's
 * root, issue 25 item 10), its language for a person who has not chosen one, its time zone for
 * staff dates, its currency for amounts; and the person's own language.
 */
export async function ownCompanyDefaults(db: Db, viewer: Viewer) {
  const [row] = await db.select({ name: company.name, language: company.language, timeZone: company.timeZone, defaultCurrency: company.defaultCurrency })
    .from(company).where(eq(company.id, viewer.companyId)).limit(1)
  if (!row) throw new AppError(404, 'NOT_FOUND')
  const [user] = await db.select({ locale: appUser.locale }).from(appUser).where(eq(appUser.id, viewer.userId)).limit(1)
  const { browserLanguage } = await readSetting(db, viewer.companyId, 'preferences', DEFAULT_PREFERENCES)
  // the person's own language first, then (when the company allows it) the browser's, then the company's
  return { ...row, personalLanguage: user?.locale ?? null, browserLanguage }
}

/** The person's own language (issue 25 item 5); null: none of their own. */
export async function setOwnLanguage(db: Db, userId: string, language: 'tr' | 'en' | 'ru' | null) {
  await db.update(appUser).set({ locale: language }).where(eq(appUser.id, userId))
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

/** What the viewer's active role may see on the tasks page. */
export type TaskRights = { userUpdate: boolean; securityRead: boolean; mailserverRead: boolean }

/**
 * The internal notices of the tasks page, read from the audit log (nothing is stored twice): the
 * viewer's own password changes and invalidations; for user admins, every lockout and invalidation
 * in the company; for security readers, policy changes that forced users to change their password.
 * None at all while the company's internal notifications are off.
 */
async function noticesFor(db: Db, viewer: Viewer, rights: TaskRights, now: Date) {
  if (!(await notificationSettings(db, viewer.companyId)).internalNotification) return []
  const own = and(inArray(auditLog.action, ['user.passwordChanged', 'user.passwordCompromised']), eq(auditLog.target, viewer.userId))
  const wanted: (SQL | undefined)[] = [own]
  if (rights.userUpdate) wanted.push(inArray(auditLog.action, ['user.lockedOut', 'user.passwordCompromised']))
  if (rights.securityRead) wanted.push(and(eq(auditLog.action, 'settings.security.updated'), sql`coalesce((${auditLog.detail}->>'affected')::int, 0) > 0`))
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
 * The tasks page: locked accounts (user admins), role assignments running out (the user's own,
 * and everyone's in the company for admins), the password about to expire, mail that could not
 * go out (issue 25 item 3, for those who read the outbox) and the internal notices.
 */
export async function ownTasks(db: Db, viewer: Viewer, rights: TaskRights, now: Date) {
  const horizon = new Date(now.getTime() + ROLE_EXPIRY_WINDOW_DAYS * DAY_MS)
  const user = await ownUser(db, viewer.userId)
  const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
  const admin = rights.userUpdate
  const lockedAccounts = admin
    ? await db.select({ id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName, lockedAt: appUser.lockedAt, failedLogins: appUser.failedLogins })
      .from(appUser)
      .where(and(eq(appUser.companyId, viewer.companyId), isNotNull(appUser.lockedAt), eq(appUser.status, 'active')))
      .orderBy(asc(appUser.lockedAt)).limit(100)
    : []
  const expiring = await db.select({ userId: appUser.id, username: appUser.username, role: role.name, validUntil: userRole.validUntil })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).innerJoin(appUser, eq(appUser.id, userRole.userId))
    .where(and(
      eq(appUser.companyId, viewer.companyId),
      admin ? undefined : eq(appUser.id, viewer.userId),
      isNotNull(userRole.validUntil), gt(userRole.validUntil, now), lte(userRole.validUntil, horizon),
    ))
    .orderBy(asc(userRole.validUntil)).limit(100)
  const password = passwordExpiry(user.passwordChangedAt, security, now)
  const failedMails = rights.mailserverRead
    ? (await db.select({ n: count() }).from(outbox).where(and(eq(outbox.kind, 'mail'), isNull(outbox.doneAt), gt(outbox.attempts, 0),
      or(eq(outbox.companyId, viewer.companyId), isNull(outbox.companyId)))))[0]?.n ?? 0
    : 0
  return {
    failedMails,
    lockedAccounts: lockedAccounts.map((u) => ({ ...u, lockedAt: u.lockedAt!.toISOString() })),
    expiringRoles: expiring.map((x) => ({ ...x, own: x.userId === viewer.userId, validUntil: x.validUntil!.toISOString() })),
    password: password.warn ? password : null,
    notices: await noticesFor(db, viewer, rights, now),
  }
}

/**
 * The user whose password a signed-in change replaces, with the company's policy: active, not
 * locked, not bound to the expired-password change (401 otherwise); the current password must
 * match (400 WRONG_PASSWORD on `oldPassword`).
 */
export async function ownPasswordChanger(db: Db, userId: string, oldPassword: string): Promise<{ user: UserRow; security: SecuritySettings }> {
  const [user] = await db.select().from(appUser)
    .where(and(eq(appUser.id, userId), eq(appUser.status, 'active'), isNull(appUser.lockedAt), ne(appUser.mustChangePassword, true))).limit(1)
  if (!user) throw new AppError(401, 'UNAUTHORIZED')
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', [{ path: 'oldPassword', code: 'wrongPassword' }])
  }
  return { user, security: await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY) }
}
