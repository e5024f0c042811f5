import { and, eq } from 'drizzle-orm'
import type { PasswordPolicy } from '../../domain/password.ts'
import type { ServerConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { companySetting } from '../db/schema.ts'

/** Company security settings (spec 3.1), with SECURITY.md's defaults. */
export type SecuritySettings = {
  ldap: false
  complexity: PasswordPolicy['complexity']
  minLength: number
  /** 0 = never expires. */
  expiryDays: number
  /** How many previous passwords may not be reused. */
  historyCount: number
  /** Failed sign-ins before the account is locked. */
  maxFailedLogins: number
  uniqueAmongUsers: boolean
  /** Days before the expiry from which the user is warned (tasks, a toast after sign-in). */
  expiryWarningDays: number
}

export const DEFAULT_SECURITY: SecuritySettings = {
  ldap: false,
  complexity: 'veryComplex',
  minLength: 12,
  expiryDays: 90,
  historyCount: 4,
  maxFailedLogins: 5,
  uniqueAmongUsers: false,
  expiryWarningDays: 14,
}

/** Company preferences: the inactivity parameters, in minutes as the spec says. */
export type Preferences = {
  inactiveUserThresholdMinutes: number
  activityThrottleMinutes: number
  logoutWaitMinutes: number
  timeToLockMinutes: number
}

export const DEFAULT_PREFERENCES: Preferences = {
  inactiveUserThresholdMinutes: 10,
  activityThrottleMinutes: 2,
  logoutWaitMinutes: 30,
  timeToLockMinutes: 0.5,
}

export async function readSetting<T extends object>(db: Db, companyId: string, category: string, defaults: T): Promise<T> {
  const rows = await db.select().from(companySetting)
    .where(and(eq(companySetting.companyId, companyId), eq(companySetting.category, category))).limit(1)
  return { ...defaults, ...(rows[0]?.data as Partial<T> | undefined) }
}

export async function writeSetting(db: Db, companyId: string, category: string, data: object): Promise<void> {
  await db.insert(companySetting).values({ companyId, category, data: data as Record<string, unknown> })
    .onConflictDoUpdate({ target: [companySetting.companyId, companySetting.category], set: { data: data as Record<string, unknown>, updatedAt: new Date() } })
}

export function policyOf(security: SecuritySettings): PasswordPolicy {
  return { minLength: security.minLength, complexity: security.complexity }
}

export type Timing = { throttleMs: number; inactiveMs: number; warningMs: number; logoutWaitMs: number; lockExpiryS: number }

/** The session timing: company preferences, overridden by the server's configuration when set. */
export async function sessionTiming(db: Db, companyId: string, config: ServerConfig): Promise<Timing> {
  const p = await readSetting(db, companyId, 'preferences', DEFAULT_PREFERENCES)
  const min = (m: number) => Math.round(m * 60_000)
  return {
    throttleMs: config.timing.throttleMs ?? min(p.activityThrottleMinutes),
    inactiveMs: config.timing.inactiveMs ?? min(p.inactiveUserThresholdMinutes),
    warningMs: config.timing.warningMs ?? min(p.timeToLockMinutes),
    logoutWaitMs: config.timing.logoutWaitMs ?? min(p.logoutWaitMinutes),
    lockExpiryS: config.timing.lockExpiryS ?? 1800,
  }
}
