import { Hono } from 'hono'
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import { appUser, auditLog, role, staffSession, userRole } from '../db/schema.ts'
import { permit } from '../services/permissions.ts'
import { ROLE_EXPIRY_WINDOW_DAYS } from './me.ts'

const DAY_MS = 86_400_000
export const DASHBOARD_DAYS = 7
/** The periods the dashboard offers: the last 7 days (the default) or the last 30. */
export const DASHBOARD_PERIODS = ['7', '30'] as const
const DashboardQuery = z.strictObject({ days: z.optional(z.enum(DASHBOARD_PERIODS)) })

/** The UTC days (YYYY-MM-DD) of the last `days` days, oldest first, today last. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10))
}

/**
 * The dashboards of the top menu (spec 2.2), from the users, sessions and the audit log; the daily
 * figures of the last `days` days (7 or 30).
 */
export function dashboardRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/', permit('dashboard:read'), async (c) => {
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const { days: period } = readQuery(c, DashboardQuery)
    const now = clock.now()
    const days = lastDays(now, period ? Number(period) : DASHBOARD_DAYS)
    const since = new Date(`${days[0]}T00:00:00Z`)

    const statusRows = await db.select({
      status: sql<string>`case when ${appUser.lockedAt} is not null and ${appUser.status} = 'active' then 'locked' else ${appUser.status} end`,
      count: sql<number>`count(*)::int`,
    }).from(appUser).where(eq(appUser.companyId, companyId)).groupBy(sql`1`)
    const usersByStatus: Record<string, number> = { active: 0, locked: 0 }
    for (const row of statusRows) usersByStatus[row.status] = row.count

    const [sessions] = await db.select({
      active: sql<number>`count(*) filter (where ${staffSession.lockedAt} is null)::int`,
      locked: sql<number>`count(*) filter (where ${staffSession.lockedAt} is not null)::int`,
    }).from(staffSession)
      .where(and(eq(staffSession.companyId, companyId), isNull(staffSession.endedAt), gt(staffSession.absoluteExpiresAt, now)))

    const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`
    const eventRows = await db.select({ day, action: auditLog.action, count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), gte(auditLog.at, since), lte(auditLog.at, now), inArray(auditLog.action, ['auth.login', 'user.lockedOut'])))
      .groupBy(day, auditLog.action)
    const daily = days.map((d) => ({
      day: d,
      signIns: eventRows.find((x) => x.day === d && x.action === 'auth.login')?.count ?? 0,
      lockouts: eventRows.find((x) => x.day === d && x.action === 'user.lockedOut')?.count ?? 0,
    }))

    const horizon = new Date(now.getTime() + ROLE_EXPIRY_WINDOW_DAYS * DAY_MS)
    const expiring = await db.select({ username: appUser.username, role: role.name, validUntil: userRole.validUntil })
      .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).innerJoin(appUser, eq(appUser.id, userRole.userId))
      .where(and(eq(appUser.companyId, companyId), isNotNull(userRole.validUntil), gt(userRole.validUntil, now), lte(userRole.validUntil, horizon)))
      .orderBy(asc(userRole.validUntil)).limit(50)

    return c.json({
      usersByStatus,
      sessions: { active: sessions?.active ?? 0, locked: sessions?.locked ?? 0 },
      daily,
      expiringRoles: expiring.map((x) => ({ ...x, validUntil: x.validUntil!.toISOString() })),
    })
  })

  return r
}
