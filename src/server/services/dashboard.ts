import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appUser, auditLog, role, staffSession, userRole } from '../db/schema.ts'
import { ROLE_EXPIRY_WINDOW_DAYS } from './me.ts'

/**
 * The dashboards of the top menu (spec 2.2; issue 26 item 3 moved the queries out of
 * routes/dashboard.ts): users by status, open sessions, the daily sign-ins and lockouts and the
 * roles running out, for the company or for the caller alone.
 */
const DAY_MS = 86_400_000
export const DASHBOARD_DAYS = 7
/** The periods the dashboard offers: the last 7 days (the default) or the last 30. */
export const DASHBOARD_PERIODS = ['7', '30'] as const

/** The UTC days (YYYY-MM-DD) of the last `days` days, oldest first, today last. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10))
}

/**
 * The figures of the last `days` days. `scope.company`: the company's figures (users by status,
 * open sessions, everyone's sign-ins, lockouts and ending roles); otherwise the caller's own
 * (their sign-ins, lockouts and ending roles; no users or sessions).
 */
export async function dashboardFigures(db: Db, scope: { companyId: string; userId: string; company: boolean }, period: number, now: Date) {
  const { companyId, company } = scope
  const days = lastDays(now, period)
  const since = new Date(`${days[0]}T00:00:00Z`)
  const mine = company ? undefined : eq(appUser.id, scope.userId)

  let usersByStatus: Record<string, number> | null = null
  let sessions: { active: number; locked: number } | null = null
  if (company) {
    const statusRows = await db.select({
      status: sql<string>`case when ${appUser.lockedAt} is not null and ${appUser.status} = 'active' then 'locked' else ${appUser.status} end`,
      count: sql<number>`count(*)::int`,
    }).from(appUser).where(eq(appUser.companyId, companyId)).groupBy(sql`1`)
    usersByStatus = { active: 0, locked: 0 }
    for (const row of statusRows) usersByStatus[row.status] = row.count
    const [open] = await db.select({
      active: sql<number>`count(*) filter (where ${staffSession.lockedAt} is null)::int`,
      locked: sql<number>`count(*) filter (where ${staffSession.lockedAt} is not null)::int`,
    }).from(staffSession)
      .where(and(eq(staffSession.companyId, companyId), isNull(staffSession.endedAt), gt(staffSession.absoluteExpiresAt, now)))
    sessions = { active: open?.active ?? 0, locked: open?.locked ?? 0 }
  }

  const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`
  const eventRows = await db.select({ day, action: auditLog.action, count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), gte(auditLog.at, since), lte(auditLog.at, now), inArray(auditLog.action, ['auth.login', 'user.lockedOut']),
      company ? undefined : eq(auditLog.target, scope.userId)))
    .groupBy(day, auditLog.action)
  const daily = days.map((d) => ({
    day: d,
    signIns: eventRows.find((x) => x.day === d && x.action === 'auth.login')?.count ?? 0,
    lockouts: eventRows.find((x) => x.day === d && x.action === 'user.lockedOut')?.count ?? 0,
  }))

  const horizon = new Date(now.getTime() + ROLE_EXPIRY_WINDOW_DAYS * DAY_MS)
  const expiring = await db.select({ username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName, role: role.name, validUntil: userRole.validUntil })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).innerJoin(appUser, eq(appUser.id, userRole.userId))
    .where(and(eq(appUser.companyId, companyId), mine, isNotNull(userRole.validUntil), gt(userRole.validUntil, now), lte(userRole.validUntil, horizon)))
    .orderBy(asc(userRole.validUntil)).limit(50)

  return {
    scope: company ? 'company' : 'own',
    usersByStatus,
    sessions,
    daily,
    expiringRoles: expiring.map((x) => ({ ...x, validUntil: x.validUntil!.toISOString() })),
  }
}
