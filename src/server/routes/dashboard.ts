import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import { DASHBOARD_DAYS, DASHBOARD_PERIODS, dashboardFigures } from '../services/dashboard.ts'
import { may, permit } from '../services/permissions.ts'

const DashboardQuery = z.strictObject({ days: z.optional(z.enum(DASHBOARD_PERIODS)) })

/**
 * The dashboards of the top menu (spec 2.2), from the users, sessions and the audit log; the daily
 * figures of the last `days` days (7 or 30). The company's figures (users by status, open
 * sessions, everyone's sign-ins and lockouts, everyone's ending roles) need `user:read`; without it
 * the answer is the caller's own (`scope: 'own'`: their sign-ins, lockouts and ending roles).
 */
export function dashboardRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/', permit('dashboard:read'), async (c) => {
    const { db, clock } = c.get('deps')
    const { days } = readQuery(c, DashboardQuery)
    const session = c.get('session')
    // company-wide figures only with user:read (issue 25 item 9); otherwise the caller's own
    const company = await may(c, 'user:read')
    return c.json(await dashboardFigures(db, { companyId: session.companyId, userId: session.userId, company }, days ? Number(days) : DASHBOARD_DAYS, clock.now()))
  })

  return r
}
