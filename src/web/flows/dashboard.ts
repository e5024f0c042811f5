import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'

export type DashboardAnswer = {
  usersByStatus: Record<string, number>
  sessions: { active: number; locked: number }
  daily: { day: string; signIns: number; lockouts: number }[]
  expiringRoles: { username: string; role: string; validUntil: string }[]
}

/** The periods the dashboard offers (GET /dashboard?days=). */
export const DASHBOARD_PERIODS = [7, 30] as const
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]

/** The dashboards of the top menu (dashboard:read): GET /dashboard for the chosen period. */
export const dashboardFlow = loadFlow<{ days: DashboardPeriod }, DashboardAnswer>(({ days }, signal) =>
  call<DashboardAnswer>('/dashboard', { query: { days: String(days) }, authenticated: true, signal }))
