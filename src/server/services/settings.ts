import { and, asc, eq, sql } from 'drizzle-orm'
import { CURRENCY_BY_LANGUAGE, type CurrencySetting } from '../../domain/company.ts'
import { PASSWORD_RULES_VERSION, type PasswordPolicy } from '../../domain/password.ts'
import type { ServerConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { company, companySetting } from '../db/schema.ts'

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
  /** Days before expiry from which the user is warned. */
  expiryWarningDays: number
  /**
   * Distinct usernames that may fail to sign in from one client address within
   * `addressWindowMinutes` before further attempts from it wait (password spraying); a correct
   * password from a browser or an address the account signed in from before is not refused.
   */
  addressFailureLimit: number
  addressWindowMinutes: number
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
  addressFailureLimit: 10,
  addressWindowMinutes: 15,
}

/** Company preferences: the inactivity parameters, in minutes as the spec says. */
export type Preferences = {
  defaultCurrency: CurrencySetting
  language: 'tr' | 'en' | 'ru'
  /** A person without a language of their own gets their browser's (when translated), not the company's (issue 25 item 5). */
  browserLanguage: boolean
  timeZone: string
  inactiveUserThresholdMinutes: number
  activityThrottleMinutes: number
  logoutWaitMinutes: number
  timeToLockMinutes: number
}

export const DEFAULT_PREFERENCES: Preferences = {
  defaultCurrency: CURRENCY_BY_LANGUAGE,
  language: 'tr',
  browserLanguage: true,
  timeZone: 'Europe/Istanbul',
  inactiveUserThresholdMinutes: 10,
  activityThrottleMinutes: 2,
  logoutWaitMinutes: 30,
  timeToLockMinutes: 0.5,
}

/**
 * Company notification flags (spec 3.1; docs/decisions/company.md "Notifications"): e-mail notices
 * (lockout, password changed, account re-activated, password compromised, welcome) are sent only
 * with `emailNotification`; internal notices appear on the tasks page only with `internalNotification`.
 * Mails the user asks for (forgot password) and the admin's test mail are always sent.
 */
export type NotificationSettings = { internalNotification: boolean; emailNotification: boolean }
export const DEFAULT_NOTIFICATION: NotificationSettings = { internalNotification: true, emailNotification: true }

export async function readSetting<T extends object>(db: Db, companyId: string, category: string, defaults: T): Promise<T> {
  const rows = await db.select().from(companySetting)
    .where(and(eq(companySetting.companyId, companyId), eq(companySetting.category, category))).limit(1)
  return { ...defaults, ...(rows[0]?.data as Partial<T> | undefined) }
}

/** A category's stored data and version (1 when nothing is stored yet). */
export async function readVersionedSetting<T extends object>(db: Db, companyId: string, category: string, defaults: T): Promise<{ data: T; version: number }> {
  const rows = await db.select().from(companySetting)
    .where(and(eq(companySetting.companyId, companyId), eq(companySetting.category, category))).limit(1)
  return { data: { ...defaults, ...(rows[0]?.data as Partial<T> | undefined) }, version: rows[0]?.version ?? 1 }
}

/**
 * Writes a category only if nobody changed it since `version` was read; returns the new version,
 * or null on a stale write (the caller answers 409 CONFLICT).
 */
export async function writeVersionedSetting(db: Db, companyId: string, category: string, data: object, version: number, now: Date): Promise<number | null> {
  const json = data as Record<string, unknown>
  if (version === 1) {
    const inserted = await db.insert(companySetting).values({ companyId, category, data: json, version: 2, updatedAt: now })
      .onConflictDoNothing().returning({ version: companySetting.version })
    if (inserted.length) return 2
  }
  const updated = await db.update(companySetting).set({ data: json, version: sql`${companySetting.version} + 1`, updatedAt: now })
    .where(and(eq(companySetting.companyId, companyId), eq(companySetting.category, category), eq(companySetting.version, version)))
    .returning({ version: companySetting.version })
  return updated[0]?.version ?? null
}

export async function writeSetting(db: Db, companyId: string, category: string, data: object): Promise<void> {
  await db.insert(companySetting).values({ companyId, category, data: data as Record<string, unknown> })
    .onConflictDoUpdate({ target: [companySetting.companyId, companySetting.category], set: { data: data as Record<string, unknown>, updatedAt: new Date() } })
}

export function policyOf(security: SecuritySettings): PasswordPolicy {
  return { minLength: security.minLength, complexity: security.complexity }
}

/** The policy recorded with a password that met it: the settings and the version of the rules every level applies. */
export function recordedPolicyOf(security: SecuritySettings): Required<PasswordPolicy> {
  return { ...policyOf(security), rules: PASSWORD_RULES_VERSION }
}

export type Timing = { throttleMs: number; inactiveMs: number; warningMs: number; logoutWaitMs: number; lockExpiryS: number }

/** The session timing: company preferences, overridden by the server's configuration when set. */
export async function sessionTiming(db: Db, companyId: string, config: ServerConfig): Promise<Timing> {
  return timingFrom((await readSetting(db, companyId, 'preferences', DEFAULT_PREFERENCES)), config)
}

/** The session timing from stored preferences (a row's data, or null) and the server's configuration. */
export function timingFrom(stored: Partial<Preferences> | null, config: ServerConfig): Timing {
  const p = { ...DEFAULT_PREFERENCES, ...stored }
  const min = (m: number) => Math.round(m * 60_000)
  return {
    throttleMs: config.timing.throttleMs ?? min(p.activityThrottleMinutes),
    inactiveMs: config.timing.inactiveMs ?? min(p.inactiveUserThresholdMinutes),
    warningMs: config.timing.warningMs ?? min(p.timeToLockMinutes),
    logoutWaitMs: config.timing.logoutWaitMs ?? min(p.logoutWaitMinutes),
    lockExpiryS: config.timing.lockExpiryS ?? 1800,
  }
}

export function notificationSettings(db: Db, companyId: string): Promise<NotificationSettings> {
  return readSetting(db, companyId, 'notification', DEFAULT_NOTIFICATION)
}

/** The public site's company: the first one made (the sales calls without a companyId, the card form's currency). */
export async function siteCompany(db: Db): Promise<{ id: string; defaultCurrency: string } | undefined> {
  const [row] = await db.select({ id: company.id, defaultCurrency: company.defaultCurrency }).from(company).orderBy(asc(company.createdAt)).limit(1)
  return row
}
