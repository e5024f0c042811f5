import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { normalizeTrPhone, textColourOn } from '../../domain/company.ts'
import { emptyFieldIssues, missingFields } from '../../domain/missing-fields.ts'
import { PASSWORD_COMPLEXITIES, type PasswordComplexity } from '../../domain/password.ts'
import { COMPANY_REQUIRED_ON_UPDATE, type CompanyBody, type JobTitleBody } from '../../domain/schemas/company.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, companyLogo, industry, jobTitle, optionItem } from '../db/schema.ts'
import { AppError, isUniqueViolation } from '../errors.ts'
import type * as z from 'zod/mini'
import { DEFAULT_MAIL_SERVER, type MailServerSetting } from './mail-settings.ts'
import { keyFrom, seal } from './secrets.ts'
import {
  DEFAULT_NOTIFICATION, DEFAULT_PREFERENCES, DEFAULT_SECURITY, readVersionedSetting, writeVersionedSetting,
  type NotificationSettings, type Preferences, type SecuritySettings,
} from './settings.ts'

/**
 * The company's own data (issue 12, spec 7.5): general information and logo, job titles, its
 * locations and the settings categories. The routes (routes/company.ts) read the request, check
 * the permission and write the audit; the queries and rules are here (issue 26 item 3).
 */

type CompanyRow = typeof company.$inferSelect

export function companyView(row: CompanyRow, hasLogo: boolean, apiBase: string) {
  return {
    id: row.id, name: row.name, email: row.email, phone: row.phone, taxNumber: row.taxNumber, size: row.size, sector: row.sector,
    webPage: row.webPage, defaultCurrency: row.defaultCurrency, language: row.language, timeZone: row.timeZone, version: row.version,
    logo: hasLogo ? `${apiBase}/images/company/${row.id}/logo?v=${row.updatedAt.getTime()}` : null,
  }
}

export const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone').concat('UTC'))

async function optionExists(db: Db, list: string, value: string): Promise<boolean> {
  const rows = await db.select({ value: optionItem.value }).from(optionItem).where(and(eq(optionItem.list, list), eq(optionItem.value, value))).limit(1)
  return rows.length > 0
}

async function hasLogo(db: Db, companyId: string): Promise<boolean> {
  const [logo] = await db.select({ n: count() }).from(companyLogo).where(eq(companyLogo.companyId, companyId))
  return (logo?.n ?? 0) > 0
}

// ---- general information ----

export async function readCompany(db: Db, id: string): Promise<{ row: CompanyRow; hasLogo: boolean }> {
  const [[row], logo] = await Promise.all([db.select().from(company).where(eq(company.id, id)), hasLogo(db, id)])
  return { row: row!, hasLogo: logo }
}

/**
 * Saves the general information at the version the caller read: 400 VALIDATION for an empty
 * required field (one the stored company never had may stay empty: issue 25) or an unknown
 * size, sector or time zone; 409 CONFLICT when someone saved meanwhile.
 */
export async function updateCompany(db: Db, id: string, body: z.infer<typeof CompanyBody>, now: Date) {
  const [before] = await db.select().from(company).where(eq(company.id, id))
  const issues = emptyFieldIssues(body, COMPANY_REQUIRED_ON_UPDATE, missingFields(before!, Object.keys(COMPANY_REQUIRED_ON_UPDATE)))
  if (body.size !== null && !(await optionExists(db, 'companySizes', body.size))) issues.push({ path: 'size', code: 'requiredSelection' })
  const [sector] = body.sector === null ? [null] : await db.select({ code: industry.code }).from(industry).where(eq(industry.code, body.sector)).limit(1)
  if (body.sector !== null && !sector) issues.push({ path: 'sector', code: 'requiredSelection' })
  if (!TIME_ZONES.has(body.timeZone)) issues.push({ path: 'timeZone', code: 'requiredSelection' })
  if (issues.length) throw new AppError(400, 'VALIDATION', issues)
  const [after] = await db.update(company).set({
    name: body.name.trim(), email: body.email.trim().toLowerCase(), phone: body.phone === null ? null : normalizeTrPhone(body.phone), taxNumber: body.taxNumber,
    size: body.size, sector: body.sector, webPage: body.webPage || null, defaultCurrency: body.defaultCurrency, language: body.language,
    timeZone: body.timeZone, version: sql`${company.version} + 1`, updatedAt: now,
  }).where(and(eq(company.id, id), eq(company.version, body.version))).returning()
  if (!after) throw new AppError(409, 'CONFLICT')
  return { before: before!, after, hasLogo: await hasLogo(db, id) }
}

/** Stores the (already re-encoded) logo and moves the company's `updatedAt`, which the logo's URL carries. */
export async function saveLogo(db: Db, companyId: string, image: { data: Uint8Array; width: number; height: number }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(companyLogo).values({ companyId, contentType: 'image/png', data: image.data, width: image.width, height: image.height, updatedAt: now })
      .onConflictDoUpdate({ target: companyLogo.companyId, set: { data: image.data, width: image.width, height: image.height, updatedAt: now } })
    await tx.update(company).set({ updatedAt: now }).where(eq(company.id, companyId))
  })
}

export async function deleteLogo(db: Db, companyId: string): Promise<void> {
  await db.delete(companyLogo).where(eq(companyLogo.companyId, companyId))
}

// ---- job titles ----

type JobTitleRow = typeof jobTitle.$inferSelect
export const jobTitleView = (r: JobTitleRow) => ({
  jobtitleid: r.id, jobtitle: r.title, experienceLevel: r.experienceLevel, colorCode: r.colorCode, textColour: textColourOn(r.colorCode), version: r.version,
})

export function listJobTitles(db: Db, companyId: string): Promise<JobTitleRow[]> {
  return db.select().from(jobTitle).where(eq(jobTitle.companyId, companyId)).orderBy(asc(jobTitle.title))
}

/** One job title of the company; 404 NOT_FOUND for another company's or none. */
export async function getJobTitle(db: Db, companyId: string, id: string): Promise<JobTitleRow> {
  const [row] = await db.select().from(jobTitle).where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, companyId)))
  if (!row) throw new AppError(404, 'NOT_FOUND')
  return row
}

async function requireExperienceLevel(db: Db, value: string): Promise<void> {
  if (!(await optionExists(db, 'experienceLevels', value))) throw new AppError(400, 'VALIDATION', [{ path: 'experienceLevel', code: 'requiredSelection' }])
}

/** A title the company already has is 409 JOB_TITLE_EXISTS (the unique index decides, also under parallel requests). */
async function uniqueTitle<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'JOB_TITLE_EXISTS', [{ path: 'title', code: 'exists' }])
    throw error
  }
}

export async function createJobTitle(db: Db, companyId: string, body: z.infer<typeof JobTitleBody>, now: Date): Promise<JobTitleRow> {
  await requireExperienceLevel(db, body.experienceLevel)
  return uniqueTitle(async () => {
    const [row] = await db.insert(jobTitle).values({
      companyId, title: body.title.trim(), experienceLevel: body.experienceLevel, colorCode: body.colorCode.toLowerCase(), createdAt: now, updatedAt: now,
    }).returning()
    return row!
  })
}

export async function updateJobTitle(db: Db, companyId: string, id: string, body: z.infer<typeof JobTitleBody> & { version: number }, now: Date) {
  await requireExperienceLevel(db, body.experienceLevel)
  const before = await getJobTitle(db, companyId, id)
  return uniqueTitle(async () => {
    const [after] = await db.update(jobTitle).set({
      title: body.title.trim(), experienceLevel: body.experienceLevel, colorCode: body.colorCode.toLowerCase(), version: before.version + 1, updatedAt: now,
    }).where(and(eq(jobTitle.id, id), eq(jobTitle.version, body.version))).returning()
    if (!after) throw new AppError(409, 'CONFLICT')
    return { before, after }
  })
}

/** Deletes at the version the caller read: 409 CONFLICT when it changed, 404 NOT_FOUND when it is gone. */
export async function deleteJobTitle(db: Db, companyId: string, id: string, version: number): Promise<JobTitleRow> {
  const [row] = await db.delete(jobTitle)
    .where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, companyId), eq(jobTitle.version, version))).returning()
  if (!row) {
    const [exists] = await db.select({ id: jobTitle.id }).from(jobTitle).where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, companyId)))
    throw exists ? new AppError(409, 'CONFLICT') : new AppError(404, 'NOT_FOUND')
  }
  return row
}

/** The "locations" option list (spec 3.1): the company's addresses. */
export async function companyLocations(db: Db, companyId: string) {
  const rows = await db.select().from(address)
    .where(and(eq(address.companyId, companyId), eq(address.entityName, 'company'), eq(address.entityId, companyId))).orderBy(asc(address.locationName))
  return rows.map((a) => ({ locationname: a.locationName, addressid: a.id, locationtype: a.locationType }))
}

// ---- settings ----

/** Settings categories (spec 7.5 `GET /company/settings/{id}?category=`) and the permission each needs. */
export const CATEGORIES = {
  notification: 'notification:read',
  mailServer: 'mailserver:read',
  security: 'security:read',
  preferences: 'preferences:read',
} as const
export type Category = keyof typeof CATEGORIES

/** One settings category as `GET /company/settings` shows it (the mail server's password only as "set"). */
export async function readSettingsCategory(db: Db, companyId: string, cat: Category): Promise<unknown> {
  if (cat === 'notification') {
    const s = await readVersionedSetting(db, companyId, 'notification', DEFAULT_NOTIFICATION)
    return { ...s.data, version: s.version }
  }
  if (cat === 'mailServer') {
    const s = await readVersionedSetting<MailServerSetting>(db, companyId, 'mailServer', DEFAULT_MAIL_SERVER)
    const { passwordSealed, ...rest } = s.data
    return { ...rest, passwordSet: passwordSealed !== '', version: s.version }
  }
  if (cat === 'security') {
    const s = await readVersionedSetting(db, companyId, 'security', DEFAULT_SECURITY)
    return { ...s.data, ldap: false, version: s.version }
  }
  const s = await readVersionedSetting<Preferences>(db, companyId, 'preferences', DEFAULT_PREFERENCES)
  const [row] = await db.select().from(company).where(eq(company.id, companyId))
  return { ...s.data, defaultCurrency: row!.defaultCurrency, language: row!.language, timeZone: row!.timeZone, defaults: DEFAULT_PREFERENCES, version: s.version }
}

export async function updateNotificationSettings(db: Db, companyId: string, data: NotificationSettings, version: number, now: Date) {
  const before = await readVersionedSetting(db, companyId, 'notification', DEFAULT_NOTIFICATION)
  const next = await writeVersionedSetting(db, companyId, 'notification', data, version, now)
  if (next === null) throw new AppError(409, 'CONFLICT')
  return { before: before.data, version: next }
}

/** Runs inside the write's transaction: tells every superadmin (services/reauth.ts `announceToSuperadmins`). */
export type Announce<T> = (tx: Db, before: T) => Promise<unknown>

/**
 * The company's mail server (issue 28), in one transaction with the superadmins' notice. The
 * password is write-only: absent keeps the stored one, '' clears it, else it is sealed.
 */
export async function updateMailServer(
  db: Db, companyId: string,
  change: { fields: Omit<MailServerSetting, 'passwordSealed' | 'host'>; host: string; password: string | undefined; version: number; secretsKey: Parameters<typeof keyFrom>[0] },
  now: Date, announce: Announce<MailServerSetting>,
) {
  const before = await readVersionedSetting<MailServerSetting>(db, companyId, 'mailServer', DEFAULT_MAIL_SERVER)
  const { password } = change
  const passwordSealed = password === undefined ? before.data.passwordSealed : password === '' ? '' : seal(password, keyFrom(change.secretsKey))
  const data: MailServerSetting = { ...change.fields, host: change.host, passwordSealed }
  const version = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const written = await writeVersionedSetting(t, companyId, 'mailServer', data, change.version, now)
    if (written === null) throw new AppError(409, 'CONFLICT')
    await announce(t, before.data)
    return written
  })
  return { before: before.data, data, version }
}

const RANK: Record<PasswordComplexity, number> = Object.fromEntries(PASSWORD_COMPLEXITIES.map((c, i) => [c, i])) as Record<PasswordComplexity, number>

/**
 * Who a stricter policy affects: users whose password was set under a weaker policy (shorter
 * minimum, lower complexity) or under an unrecorded one, and, with a shorter expiry, users whose
 * password is then already expired. Passwords are hashed: only the policy they met is known.
 */
export async function policyImpact(db: Db, companyId: string, next: SecuritySettings, now: Date) {
  const users = await db.select({ id: appUser.id, policy: appUser.passwordPolicy, changedAt: appUser.passwordChangedAt, must: appUser.mustChangePassword })
    .from(appUser).where(and(eq(appUser.companyId, companyId), ne(appUser.status, 'removed')))
  const affected = users.filter((u) => {
    if (u.must) return false
    const p = u.policy
    const weaker = !p || p.minLength < next.minLength || (RANK[p.complexity as PasswordComplexity] ?? -1) < RANK[next.complexity]
    const expired = next.expiryDays > 0 && now.getTime() - u.changedAt.getTime() > next.expiryDays * 86_400_000
    return weaker || expired
  })
  return { total: users.length, affected: affected.map((u) => u.id) }
}

/** The password and sign-in policy, in one transaction with the superadmins' notice (what changed, key by key). */
export async function updateSecuritySettings(
  db: Db, companyId: string, settings: SecuritySettings, version: number, now: Date, announce: (tx: Db, summary: string) => Promise<unknown>,
) {
  const before = await readVersionedSetting(db, companyId, 'security', DEFAULT_SECURITY)
  const impact = await policyImpact(db, companyId, settings, now)
  const changed = (Object.keys(settings) as Array<keyof SecuritySettings>).filter((k) => before.data[k] !== settings[k])
  const next = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const written = await writeVersionedSetting(t, companyId, 'security', settings, version, now)
    if (written === null) throw new AppError(409, 'CONFLICT')
    await announce(t, changed.map((k) => `${k}: ${String(before.data[k])} -> ${String(settings[k])}`).join('\n') || '-')
    return written
  })
  return { before: before.data, affected: impact.affected.length, version: next }
}

/**
 * The preferences (the inactivity thresholds and the company's currency, language and time zone):
 * 400 VALIDATION for an unknown time zone or a lock that would come before inactivity; the
 * company's own three defaults follow, in the same transaction.
 */
export async function updatePreferences(db: Db, companyId: string, data: Preferences, version: number, now: Date) {
  if (!TIME_ZONES.has(data.timeZone)) throw new AppError(400, 'VALIDATION', [{ path: 'timeZone', code: 'requiredSelection' }])
  if (data.timeToLockMinutes >= data.inactiveUserThresholdMinutes) {
    throw new AppError(400, 'VALIDATION', [{ path: 'timeToLockMinutes', code: 'range' }])
  }
  const before = await readVersionedSetting<Preferences>(db, companyId, 'preferences', DEFAULT_PREFERENCES)
  const next = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const written = await writeVersionedSetting(t, companyId, 'preferences', data, version, now)
    if (written === null) throw new AppError(409, 'CONFLICT')
    await t.update(company).set({ defaultCurrency: data.defaultCurrency, language: data.language, timeZone: data.timeZone, version: sql`${company.version} + 1`, updatedAt: now })
      .where(eq(company.id, companyId))
    return written
  })
  return { before: before.data, version: next }
}
