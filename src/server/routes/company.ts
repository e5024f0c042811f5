import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import {
  CompanyBody, JobTitleBody, JobTitleUpdateBody, MailServerBody, MailTestBody, NotificationSettingsBody, PreferencesBody, SecuritySettingsBody,
} from '../../domain/schemas/company.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { idParam, readJson, readQuery } from '../http.ts'
import { errorMessage } from '../i18n.ts'
import { auditBySession } from '../services/audit.ts'
import {
  CATEGORIES, companyLocations, companyView, createJobTitle, deleteJobTitle, deleteLogo, getJobTitle, jobTitleView, listJobTitles, policyImpact,
  readCompany, readSettingsCategory, saveLogo, updateCompany, updateJobTitle, updateMailServer, updateNotificationSettings, updatePreferences,
  updateSecuritySettings, type Category,
} from '../services/company.ts'
import { reencodeImage } from '../services/images.ts'
import { allowList, checkMailServer } from '../services/mail-host.ts'
import { may, permit } from '../services/permissions.ts'
import { hit } from '../services/rate-limit.ts'
import { announceToSuperadmins, requireReauth } from '../services/reauth.ts'
import { DEFAULT_PREFERENCES, DEFAULT_SECURITY, type SecuritySettings } from '../services/settings.ts'

/** The path's company id must be the caller's own company: any other is "not found". */
function ownCompany(c: Context<AppEnv>): string {
  const id = idParam(c)
  if (id !== c.get('session').companyId) throw new AppError(404, 'NOT_FOUND')
  return id
}

export { IMAGE_MAX_BYTES as LOGO_MAX_BYTES } from '../services/images.ts'

/** The company logo: fits 512 x 512, re-encoded as PNG (../services/images.ts). */
export const reencodeLogo = (input: Uint8Array) => reencodeImage(input, { field: 'logo', size: 512, fit: 'inside' })

/** Test mails one caller may send through the mail-server settings in a window (issue 28 item 4). */
export const MAIL_TESTS_MAX = 10
export const MAIL_TESTS_WINDOW_MS = 10 * 60_000

/** Company settings (issue 12): general information and logo, job titles, and the settings categories (queries: services/company.ts). */
export function companyRoutes() {
  const r = new Hono<AppEnv>()

  // ---- general information (spec 7.5 GET /company/companyInfo/{id}) ----

  r.get('/companyInfo/:id', permit('company:read'), async (c) => {
    const id = ownCompany(c)
    const { db, config } = c.get('deps')
    const { row, hasLogo } = await readCompany(db, id)
    return c.json(companyView(row, hasLogo, config.apiBase))
  })

  r.put('/:id', permit('company:update'), async (c) => {
    const id = ownCompany(c)
    const body = await readJson(c, CompanyBody)
    const { db, clock, config } = c.get('deps')
    const { before, after, hasLogo } = await updateCompany(db, id, body, clock.now())
    await auditBySession(c, 'company.updated', id, { before: companyView(before, false, config.apiBase), after: companyView(after, false, config.apiBase) })
    return c.json(companyView(after, hasLogo, config.apiBase))
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
    await saveLogo(db, id, image, clock.now())
    await auditBySession(c, 'company.logo.updated', id, { width: image.width, height: image.height, bytes: image.data.length })
    return c.json({ ok: true, width: image.width, height: image.height })
  })

  r.delete('/:id/logo', permit('company:update'), async (c) => {
    const id = ownCompany(c)
    await deleteLogo(c.get('deps').db, id)
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
    if (id === companyId) return c.json({ items: (await listJobTitles(db, companyId)).map(jobTitleView) })
    return c.json(jobTitleView(await getJobTitle(db, companyId, id)))
  })

  r.post('/jobtitle', permit('jobtitle:create'), async (c) => {
    const body = await readJson(c, JobTitleBody)
    const { db, clock } = c.get('deps')
    const row = await createJobTitle(db, c.get('session').companyId, body, clock.now())
    await auditBySession(c, 'jobtitle.created', row.id, { after: jobTitleView(row) })
    return c.json(jobTitleView(row), 201)
  })

  r.put('/jobtitle/:id', permit('jobtitle:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, JobTitleUpdateBody)
    const { db, clock } = c.get('deps')
    const { before, after } = await updateJobTitle(db, c.get('session').companyId, id, body, clock.now())
    await auditBySession(c, 'jobtitle.updated', id, { before: jobTitleView(before), after: jobTitleView(after) })
    return c.json(jobTitleView(after))
  })

  r.delete('/jobtitle/:id', permit('jobtitle:delete'), async (c) => {
    const id = idParam(c)
    const { version } = readQuery(c, z.strictObject({ version: z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)) }))
    const row = await deleteJobTitle(c.get('deps').db, c.get('session').companyId, id, Number(version))
    await auditBySession(c, 'jobtitle.deleted', id, { before: jobTitleView(row) })
    return c.json({ ok: true })
  })

  /** The "locations" option list (spec 3.1): the company's addresses, for a user's work location. */
  r.get('/locations', permit('address:read'), async (c) => {
    readQuery(c, z.strictObject({}))
    return c.json({ items: await companyLocations(c.get('deps').db, c.get('session').companyId) })
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
      out[cat] = await readSettingsCategory(db, id, cat)
    }
    return c.json(out)
  })

  r.put('/settings/notification', permit('notification:update'), async (c) => {
    const { version, ...data } = await readJson(c, NotificationSettingsBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const { before, version: next } = await updateNotificationSettings(db, companyId, data, version, clock.now())
    await auditBySession(c, 'settings.notification.updated', companyId, { before, after: data })
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
    const { before, data, version: next } = await updateMailServer(db, companyId, { fields, host, password, version, secretsKey: config.secretsKey }, clock.now(),
      (tx, previous) => announceToSuperadmins(tx, c, { kind: 'mailServer', host: host ? `${host}:${fields.port}` : '', previous }))
    outbox?.kick()
    await auditBySession(c, 'settings.mailServer.updated', companyId, {
      before: { ...before, passwordSealed: undefined, passwordChanged: undefined },
      after: { ...fields, host, passwordChanged: password !== undefined },
      reauthenticated: true,
    })
    const { passwordSealed, ...rest } = data
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
    const impact = await policyImpact(db, c.get('session').companyId, { ...DEFAULT_SECURITY, ...next, ldap: false }, clock.now())
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
    const settings: SecuritySettings = { ...data, ldap: false }
    const { before, affected, version: next } = await updateSecuritySettings(db, companyId, settings, version, now,
      (tx, summary) => announceToSuperadmins(tx, c, { kind: 'passwordPolicy', summary }))
    outbox?.kick()
    await auditBySession(c, 'settings.security.updated', companyId, { before, after: settings, affected, reauthenticated: true })
    return c.json({ ...settings, version: next, affected })
  })

  r.put('/settings/preferences', permit('preferences:update'), async (c) => {
    const { version, defaultCurrency, language, timeZone, browserLanguage, ...thresholds } = await readJson(c, PreferencesBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const data = { ...thresholds, defaultCurrency, language, browserLanguage: browserLanguage ?? DEFAULT_PREFERENCES.browserLanguage, timeZone }
    const { before, version: next } = await updatePreferences(db, companyId, data, version, clock.now())
    await auditBySession(c, 'settings.preferences.updated', companyId, { before, after: data })
    return c.json({ ...data, defaults: DEFAULT_PREFERENCES, version: next })
  })

  return r
}
