import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { normalizeTrPhone, textColourOn } from '../../domain/company.ts'
import { PASSWORD_COMPLEXITIES, type PasswordComplexity } from '../../domain/password.ts'
import {
  CompanyBody, JobTitleBody, JobTitleUpdateBody, MailServerBody, MailTestBody, NotificationSettingsBody, PreferencesBody, SecuritySettingsBody,
} from '../../domain/schemas/company.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, companyLogo, industry, jobTitle, optionItem } from '../db/schema.ts'
import { AppError, isUniqueViolation } from '../errors.ts'
import { idParam, readJson, readQuery, uuidString } from '../http.ts'
import { errorMessage } from '../i18n.ts'
import { auditBySession } from '../services/audit.ts'
import { reencodeImage } from '../services/images.ts'
import { allowList, checkMailServer } from '../services/mail-host.ts'
import { DEFAULT_MAIL_SERVER, type MailServerSetting } from '../services/mail-settings.ts'
import { may, permit } from '../services/permissions.ts'
import { hit } from '../services/rate-limit.ts'
import { announceToSuperadmins, requireReauth } from '../services/reauth.ts'
import { keyFrom, seal } from '../services/secrets.ts'
import {
  DEFAULT_NOTIFICATION, DEFAULT_PREFERENCES, DEFAULT_SECURITY, readVersionedSetting, writeVersionedSetting, type Preferences, type SecuritySettings,
} from '../services/settings.ts'



/** The path's company id must be the caller's own company: any other is "not found". */
function ownCompany(c: Context<AppEnv>): string {
  const id = idParam(c)
  if (id !== c.get('session').companyId) throw new AppError(404, 'NOT_FOUND')
  return id
}

type CompanyRow = typeof company.$inferSelect

function companyView(row: CompanyRow, hasLogo: boolean, apiBase: string) {
  return {
    id: row.id, name: row.name, email: row.email, phone: row.phone, taxNumber: row.taxNumber, size: row.size, sector: row.sector,
    webPage: row.webPage, defaultCurrency: row.defaultCurrency, language: row.language, timeZone: row.timeZone, version: row.version,
    logo: hasLogo ? `${apiBase}/images/company/${row.id}/logo?v=${row.updatedAt.getTime()}` : null,
  }
}

export { IMAGE_MAX_BYTES as LOGO_MAX_BYTES } from '../services/images.ts'

/** The company logo: fits 512 x 512, re-encoded as PNG (../services/images.ts). */
export const reencodeLogo = (input: Uint8Array) => reencodeImage(input, { field: 'logo', size: 512, fit: 'inside' })

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone').concat('UTC'))

async function optionExists(db: Db, list: string, value: string): Promise<boolean> {
  const rows = await db.select({ value: optionItem.value }).from(optionItem).where(and(eq(optionItem.list, list), eq(optionItem.value, value))).limit(1)
  return rows.length > 0
}

type JobTitleRow = typeof jobTitle.$inferSelect
const jobTitleView = (r: JobTitleRow) => ({
  jobtitleid: r.id, jobtitle: r.title, experienceLevel: r.experienceLevel, colorCode: r.colorCode, textColour: textColourOn(r.colorCode), version: r.version,
})

/** Test mails one caller may send through the mail-server settings in a window (issue 28 item 4). */
export const MAIL_TESTS_MAX = 10
export const MAIL_TESTS_WINDOW_MS = 10 * 60_000

/** Settings categories (spec 7.5 `GET /company/settings/{id}?category=`) and the permission each needs. */
const CATEGORIES = {
  notification: 'notification:read',
  mailServer: 'mailserver:read',
  security: 'security:read',
  preferences: 'preferences:read',
} as const
type Category = keyof typeof CATEGORIES

const RANK: Record<PasswordComplexity, number> = Object.fromEntries(PASSWORD_COMPLEXITIES.map((c, i) => [c, i])) as Record<PasswordComplexity, number>

/**
 * Who a stricter policy affects: users whose password was set under a weaker policy (shorter
 * minimum, lower complexity) or under an unrecorded one, and, with a shorter expiry, users whose
 * password is then already expired. Passwords are hashed: only the policy they met is known.
 */
async function policyImpact(db: Db, companyId: string, next: SecuritySettings, now: Date) {
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

/** Company settings (issue 12): general information and logo, job titles, and the settings categories. */
export function companyRoutes() {
  const r = new Hono<AppEnv>()

  // ---- general information (spec 7.5 GET /company/companyInfo/{id}) ----

  r.get('/companyInfo/:id', permit('company:read'), async (c) => {
    const id = ownCompany(c)
    const { db, config } = c.get('deps')
    const [[row], [logo]] = await Promise.all([
      db.select().from(company).where(eq(company.id, id)),
      db.select({ n: count() }).from(companyLogo).where(eq(companyLogo.companyId, id)),
    ])
    return c.json(companyView(row!, (logo?.n ?? 0) > 0, config.apiBase))
  })

  r.put('/:id', permit('company:update'), async (c) => {
    const id = ownCompany(c)
    const body = await readJson(c, CompanyBody)
    const { db, clock, config } = c.get('deps')
    const issues = []
    if (!(await optionExists(db, 'companySizes', body.size))) issues.push({ path: 'size', code: 'requiredSelection' })
    const [sector] = await db.select({ code: industry.code }).from(industry).where(eq(industry.code, body.sector)).limit(1)
    if (!sector) issues.push({ path: 'sector', code: 'requiredSelection' })
    if (!TIME_ZONES.has(body.timeZone)) issues.push({ path: 'timeZone', code: 'requiredSelection' })
    if (issues.length) throw new AppError(400, 'VALIDATION', issues)
    const [before] = await db.select().from(company).where(eq(company.id, id))
    const [after] = await db.update(company).set({
      name: body.name.trim(), email: body.email.trim().toLowerCase(), phone: normalizeTrPhone(body.phone), taxNumber: body.taxNumber,
      size: body.size, sector: body.sector, webPage: body.webPage || null, defaultCurrency: body.defaultCurrency, language: body.language,
      timeZone: body.timeZone, version: sql`${company.version} + 1`, updatedAt: clock.now(),
    }).where(and(eq(company.id, id), eq(company.version, body.version))).returning()
    if (!after) throw new AppError(409, 'CONFLICT')
    await auditBySession(c, 'company.updated', id, { before: companyView(before!, false, config.apiBase), after: companyView(after, false, config.apiBase) })
    const [logo] = await db.select({ n: count() }).from(companyLogo).where(eq(companyLogo.companyId, id))
    return c.json(companyView(after, (logo?.n ?? 0) > 0, config.apiBase))
  })

  /**
   * The logo: PNG, JPEG or WebP, recognised by content (not by name or declared type), at most
   * LOGO_MAX_BYTES; decoded, resized to fit 512 x 512 and re-encoded as PNG on the server, so that
   * no uploaded byte is ever served as it came (trailing data, scripts and metadata are dropped).
   */
  r.post('/:id/logo', permit('company:update'), async (c) => {
    const id = ownCompany(c)
    const { db, clock } = c.get('deps')
    const input = new Uint8Array(await c.req.arrayBuffer())
    const image = await reencodeLogo(input)
    await db.insert(companyLogo).values({ companyId: id, contentType: 'image/png', data: image.data, width: image.width, height: image.height, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: companyLogo.companyId, set: { data: image.data, width: image.width, height: image.height, updatedAt: clock.now() } })
    await db.update(company).set({ updatedAt: clock.now() }).where(eq(company.id, id))
    await auditBySession(c, 'company.logo.updated', id, { width: image.width, height: image.height, bytes: image.data.length })
    return c.json({ ok: true, width: image.width, height: image.height })
  })

  r.delete('/:id/logo', permit('company:update'), async (c) => {
    const id = ownCompany(c)
    const { db } = c.get('deps')
    await db.delete(companyLogo).where(eq(companyLogo.companyId, id))
    await auditBySession(c, 'company.logo.deleted', id)
    return c.json({ ok: true })
  })

  // ---- job titles (spec 7.5 GET /company/jobtitle/{id}) ----

  /** For the company's id, its job titles (the "job titles" option list: jobtitle, jobtitleid); for a job title's id, that one. */
  r.get('/jobtitle/:id', permit('jobtitle:read'), async (c) => {
    const id = idParam(c)
    readQuery(c, z.strictObject({}))
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    if (id === companyId) {
      const rows = await db.select().from(jobTitle).where(eq(jobTitle.companyId, companyId)).orderBy(asc(jobTitle.title))
      return c.json({ items: rows.map(jobTitleView) })
    }
    const [row] = await db.select().from(jobTitle).where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, companyId)))
    if (!row) throw new AppError(404, 'NOT_FOUND')
    return c.json(jobTitleView(row))
  })

  r.post('/jobtitle', permit('jobtitle:create'), async (c) => {
    const body = await readJson(c, JobTitleBody)
    const { db, clock } = c.get('deps')
    if (!(await optionExists(db, 'experienceLevels', body.experienceLevel))) throw new AppError(400, 'VALIDATION', [{ path: 'experienceLevel', code: 'requiredSelection' }])
    try {
      const now = clock.now()
      const [row] = await db.insert(jobTitle).values({
        companyId: c.get('session').companyId, title: body.title.trim(), experienceLevel: body.experienceLevel, colorCode: body.colorCode.toLowerCase(), createdAt: now, updatedAt: now,
      }).returning()
      await auditBySession(c, 'jobtitle.created', row!.id, { after: jobTitleView(row!) })
      return c.json(jobTitleView(row!), 201)
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'JOB_TITLE_EXISTS', [{ path: 'title', code: 'exists' }])
      throw error
    }
  })

  r.put('/jobtitle/:id', permit('jobtitle:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, JobTitleUpdateBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    if (!(await optionExists(db, 'experienceLevels', body.experienceLevel))) throw new AppError(400, 'VALIDATION', [{ path: 'experienceLevel', code: 'requiredSelection' }])
    const [before] = await db.select().from(jobTitle).where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, companyId)))
    if (!before) throw new AppError(404, 'NOT_FOUND')
    try {
      const [after] = await db.update(jobTitle).set({
        title: body.title.trim(), experienceLevel: body.experienceLevel, colorCode: body.colorCode.toLowerCase(), version: before.version + 1, updatedAt: clock.now(),
      }).where(and(eq(jobTitle.id, id), eq(jobTitle.version, body.version))).returning()
      if (!after) throw new AppError(409, 'CONFLICT')
      await auditBySession(c, 'jobtitle.updated', id, { before: jobTitleView(before), after: jobTitleView(after) })
      return c.json(jobTitleView(after))
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'JOB_TITLE_EXISTS', [{ path: 'title', code: 'exists' }])
      throw error
    }
  })

  r.delete('/jobtitle/:id', permit('jobtitle:delete'), async (c) => {
    const id = idParam(c)
    const { version } = readQuery(c, z.strictObject({ version: z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)) }))
    const { db } = c.get('deps')
    const [row] = await db.delete(jobTitle)
      .where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, c.get('session').companyId), eq(jobTitle.version, Number(version)))).returning()
    if (!row) {
      const [exists] = await db.select({ id: jobTitle.id }).from(jobTitle).where(and(eq(jobTitle.id, id), eq(jobTitle.companyId, c.get('session').companyId)))
      throw exists ? new AppError(409, 'CONFLICT') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'jobtitle.deleted', id, { before: jobTitleView(row) })
    return c.json({ ok: true })
  })

  /** The "locations" option list (spec 3.1): the company's addresses, for a user's work location. */
  r.get('/locations', permit('address:read'), async (c) => {
    readQuery(c, z.strictObject({}))
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const rows = await db.select().from(address)
      .where(and(eq(address.companyId, companyId), eq(address.entityName, 'company'), eq(address.entityId, companyId))).orderBy(asc(address.locationName))
    return c.json({ items: rows.map((a) => ({ locationname: a.locationName, addressid: a.id, locationtype: a.locationType })) })
  })

  // ---- settings (spec 7.5 GET /company/settings/{id}?category=a,b) ----

  // any one category's read permission lets the call in; each category asked for is then checked
  r.get('/settings/:id', permit(...Object.values(CATEGORIES)), async (c) => {
    const id = ownCompany(c)
    const { category } = readQuery(c, z.strictObject({ category: z.optional(z.string().check(z.maxLength(200))) }))
    const wanted = (category ? category.split(',').map((s) => s.trim()).filter(Boolean) : Object.keys(CATEGORIES)) as Category[]
    const unknown = wanted.filter((w) => !(w in CATEGORIES))
    if (unknown.length) throw new AppError(400, 'VALIDATION', unknown.map((u) => ({ path: 'category', code: u.slice(0, 40) })))
    const { db } = c.get('deps')
    const out: Record<string, unknown> = {}
    for (const cat of wanted) {
      if (!(await may(c, CATEGORIES[cat]))) throw new AppError(403, 'FORBIDDEN')
      if (cat === 'notification') {
        const s = await readVersionedSetting(db, id, 'notification', DEFAULT_NOTIFICATION)
        out.notification = { ...s.data, version: s.version }
      } else if (cat === 'mailServer') {
        const s = await readVersionedSetting<MailServerSetting>(db, id, 'mailServer', DEFAULT_MAIL_SERVER)
        const { passwordSealed, ...rest } = s.data
        out.mailServer = { ...rest, passwordSet: passwordSealed !== '', version: s.version }
      } else if (cat === 'security') {
        const s = await readVersionedSetting(db, id, 'security', DEFAULT_SECURITY)
        out.security = { ...s.data, ldap: false, version: s.version }
      } else {
        const s = await readVersionedSetting<Preferences>(db, id, 'preferences', DEFAULT_PREFERENCES)
        const [row] = await db.select().from(company).where(eq(company.id, id))
        out.preferences = { ...s.data, defaultCurrency: row!.defaultCurrency, language: row!.language, timeZone: row!.timeZone, defaults: DEFAULT_PREFERENCES, version: s.version }
      }
    }
    return c.json(out)
  })

  r.put('/settings/notification', permit('notification:update'), async (c) => {
    const { version, ...data } = await readJson(c, NotificationSettingsBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const before = await readVersionedSetting(db, companyId, 'notification', DEFAULT_NOTIFICATION)
    const next = await writeVersionedSetting(db, companyId, 'notification', data, version, clock.now())
    if (next === null) throw new AppError(409, 'CONFLICT')
    await auditBySession(c, 'settings.notification.updated', companyId, { before: before.data, after: data })
    return c.json({ ...data, version: next })
  })

  /**
   * The company's mail server (issue 28): a host must be public and on an SMTP port unless the
   * operator allows it (services/mail-host.ts); an empty host returns to the built-in mail. The
   * caller's password is asked again and every superadmin is told.
   */
  r.put('/settings/mailServer', permit('mailserver:update'), async (c) => {
    const { version, password, currentPassword, ...fields } = await readJson(c, MailServerBody)
    const { db, clock, config, outbox } = c.get('deps')
    const companyId = c.get('session').companyId
    const host = fields.host.trim()
    if (host) {
      const checked = await checkMailServer(host, fields.port, allowList(config.mailServerAllow))
      if (!checked.ok) throw new AppError(400, 'VALIDATION', [{ path: checked.path, code: checked.code }])
    }
    await requireReauth(c, currentPassword)
    const before = await readVersionedSetting<MailServerSetting>(db, companyId, 'mailServer', DEFAULT_MAIL_SERVER)
    // the password is write-only: absent keeps the stored one, '' clears it
    const passwordSealed = password === undefined ? before.data.passwordSealed : password === '' ? '' : seal(password, keyFrom(config.secretsKey))
    const data: MailServerSetting = { ...fields, host, passwordSealed }
    const next = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const written = await writeVersionedSetting(t, companyId, 'mailServer', data, version, clock.now())
      if (written === null) throw new AppError(409, 'CONFLICT')
      await announceToSuperadmins(t, c, { kind: 'mailServer', host: host ? `${host}:${fields.port}` : '', previous: before.data })
      return written
    })
    outbox?.kick()
    await auditBySession(c, 'settings.mailServer.updated', companyId, {
      before: { ...before.data, passwordSealed: undefined, passwordChanged: undefined },
      after: { ...fields, host, passwordChanged: password !== undefined },
      reauthenticated: true,
    })
    const { passwordSealed: _sealed, ...rest } = data
    return c.json({ ...rest, passwordSet: passwordSealed !== '', version: next })
  })

  /**
   * Sends a test mail through the stored settings, and shows what the mail server answered (its
   * SMTP reply, e.g. 535 for a wrong password). A server that cannot be reached, or that the rules
   * refuse, is one generic "could not connect": nothing tells a closed port from a filtered one.
   * At most MAIL_TESTS_MAX per caller in MAIL_TESTS_WINDOW_MS.
   */
  r.post('/settings/mailServer/test', permit('mailserver:update'), async (c) => {
    const { to } = await readJson(c, MailTestBody)
    const { mail, db, clock } = c.get('deps')
    const session = c.get('session')
    const companyId = session.companyId
    if (!(await hit(db, `mailtest:user:${session.userId}`, MAIL_TESTS_MAX, MAIL_TESTS_WINDOW_MS, clock.now()))) {
      c.header('Retry-After', String(MAIL_TESTS_WINDOW_MS / 1000))
      throw new AppError(429, 'RATE_LIMITED')
    }
    if (!mail) return c.json({ ok: false, answer: 'no mailer' })
    try {
      await mail.send({ to, companyId, subject: 'Katılım Emeklilik: test e-postası / test mail', text: 'Bu bir test e-postasıdır. / This is a test mail.' })
      await auditBySession(c, 'settings.mailServer.tested', companyId, { ok: true })
      return c.json({ ok: true, answer: '250 OK' })
    } catch (error) {
      const e = error as { response?: string; responseCode?: number; message?: string; code?: string }
      // an SMTP reply is the server's own answer; anything before one (refused, timed out, no route,
      // a TLS failure, a refused address) is the same generic failure
      const replied = typeof e.responseCode === 'number' && typeof e.response === 'string'
      const answer = replied ? e.response!.replace(/[\r\n]+/g, ' ').slice(0, 300) : errorMessage('MAIL_SERVER_UNREACHABLE', c.get('locale'))
      await auditBySession(c, 'settings.mailServer.tested', companyId, { ok: false, answer: replied ? answer : 'MAIL_SERVER_UNREACHABLE', error: e.code ?? null })
      return c.json(replied ? { ok: false, answer } : { ok: false, code: 'MAIL_SERVER_UNREACHABLE', answer })
    }
  })

  /** What a security-policy change would do, before it is saved. */
  r.post('/settings/security/preview', permit('security:read'), async (c) => {
    const { version: _v, currentPassword: _p, ...next } = await readJson(c, SecuritySettingsBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const impact = await policyImpact(db, companyId, { ...DEFAULT_SECURITY, ...next, ldap: false }, clock.now())
    return c.json({ users: impact.total, affected: impact.affected.length })
  })

  /**
   * The password and sign-in policy. Nobody is forced to change a password here: a password set
   * under a weaker policy is checked against the new one at its owner's next sign-in (the only time
   * it is known), and only one that fails must change (issue 28 item 6). The caller's password is
   * asked again and every superadmin is told.
   */
  r.put('/settings/security', permit('security:update'), async (c) => {
    const { version, currentPassword, ...data } = await readJson(c, SecuritySettingsBody)
    const { db, clock, outbox } = c.get('deps')
    const companyId = c.get('session').companyId
    const now = clock.now()
    await requireReauth(c, currentPassword)
    const before = await readVersionedSetting(db, companyId, 'security', DEFAULT_SECURITY)
    const settings: SecuritySettings = { ...data, ldap: false }
    const impact = await policyImpact(db, companyId, settings, now)
    const changed = (Object.keys(settings) as Array<keyof SecuritySettings>).filter((k) => before.data[k] !== settings[k])
    const next = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const written = await writeVersionedSetting(t, companyId, 'security', settings, version, now)
      if (written === null) throw new AppError(409, 'CONFLICT')
      await announceToSuperadmins(t, c, { kind: 'passwordPolicy', summary: changed.map((k) => `${k}: ${String(before.data[k])} -> ${String(settings[k])}`).join('\n') || '-' })
      return written
    })
    outbox?.kick()
    await auditBySession(c, 'settings.security.updated', companyId, { before: before.data, after: settings, affected: impact.affected.length, reauthenticated: true })
    return c.json({ ...settings, version: next, affected: impact.affected.length })
  })

  r.put('/settings/preferences', permit('preferences:update'), async (c) => {
    const { version, defaultCurrency, language, timeZone, ...thresholds } = await readJson(c, PreferencesBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    if (!TIME_ZONES.has(timeZone)) throw new AppError(400, 'VALIDATION', [{ path: 'timeZone', code: 'requiredSelection' }])
    if (thresholds.timeToLockMinutes >= thresholds.inactiveUserThresholdMinutes) {
      throw new AppError(400, 'VALIDATION', [{ path: 'timeToLockMinutes', code: 'range' }])
    }
    const now = clock.now()
    const before = await readVersionedSetting<Preferences>(db, companyId, 'preferences', DEFAULT_PREFERENCES)
    const data = { ...thresholds, defaultCurrency, language, timeZone }
    const next = await writeVersionedSetting(db, companyId, 'preferences', data, version, now)
    if (next === null) throw new AppError(409, 'CONFLICT')
    // the company's own defaults follow the preferences (the general page shows the same three)
    await db.update(company).set({ defaultCurrency, language, timeZone, version: sql`${company.version} + 1`, updatedAt: now }).where(eq(company.id, companyId))
    await auditBySession(c, 'settings.preferences.updated', companyId, { before: before.data, after: data })
    return c.json({ ...data, defaults: DEFAULT_PREFERENCES, version: next })
  })

  return r
}

