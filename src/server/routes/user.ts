import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { calendarDateOf, formatIsoDate, isAdultBirthDate, toCalendarDate } from '../../domain/dates.ts'
import { normalizeTrMobile } from '../../domain/phone.ts'
import { BulkStatusBody, CreateUserBody, UpdateRolesBody, UpdateUserBody, UserStatusBody, USER_REQUIRED_ON_UPDATE, groupRolesIssues, personalIssues, roleAssignmentIssues, updateUserIssues } from '../../domain/schemas/user.ts'
import { missingFields } from '../../domain/missing-fields.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, jobTitle, role, userGroup, userPhoto, userRole } from '../db/schema.ts'
import { AppError, type FieldIssue } from '../errors.ts'
import { idParam, readJson, uuidString } from '../http.ts'
import { errorMessage, USER_EXPORT_TEXTS } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { audit, auditBySession } from '../services/audit.ts'
import { emailNotificationsOn } from '../services/notifications.ts'
import { enqueueMail } from '../services/outbox.ts'
import { containsPattern, listAnswer, orderBy, readList, type ListParams } from '../services/list.ts'
import { hashPassword, randomPassword } from '../services/passwords.ts'
import { assertGrantable, assertUserWithinReach } from '../services/authority.ts'
import { pendingEmailOf, requestEmailChange } from '../services/email-change.ts'
import { may, permit } from '../services/permissions.ts'
import { keyFrom } from '../services/secrets.ts'
import { reencodeImage } from '../services/images.ts'
import { toCsv } from '../services/csv.ts'
import { sendTemporaryPassword, signInHistory, unlockUser } from '../services/user-help.ts'
import { endUserSessions } from '../services/sessions.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, recordedPolicyOf } from '../services/settings.ts'
import { resolveAddress } from './party.ts'
import { mailLocaleOf } from '../services/user-locale.ts'


/** Spec 4's status messages, per language. */
const STATUS_MESSAGES = {
  suspended: { tr: 'Kullanıcı sistemden uzaklaştırıldı!', en: 'User Suspended from the system!', ru: 'Пользователь отстранён от системы!' },
  active: { tr: 'Kullanıcı yeniden etkinleştirildi !', en: 'User is Activated again !', ru: 'Пользователь снова активирован!' },
  removed: { tr: 'Kullanıcı sistemden kaldırıldı !', en: 'User is Removed from System !', ru: 'Пользователь удалён из системы!' },
} as const

function uniqueTarget(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string; message?: string }; message?: string }
  const code = e?.code ?? e?.cause?.code
  if (code !== '23505') return null
  // the constraint's name, from the driver's error (drizzle's own message lists every column)
  const text = `${e?.constraint ?? ''} ${e?.cause?.constraint ?? ''} ${e?.cause?.message ?? ''}`
  if (text.includes('app_user_company_email_uq')) return 'personal.email'
  if (text.includes('app_user_company_national_id_uq')) return 'personal.nationalId'
  return 'personal.username'
}

/** The end of a valid-to day in Türkiye (UTC+3): an other-group role is valid through that day. */
function endOfDayTr(date: string): Date {
  return new Date(`${date}T23:59:59.999+03:00`)
}

/** The calendar day in Türkiye (UTC+3) of a moment: the valid-to date of an assignment valid until then. */
function trDateOf(at: Date): string {
  return formatIsoDate(calendarDateOf(at)!)
}

/** The photo's address (with its change time, so a new photo is not served from the cache), or null. */
function photoUrl(apiBase: string, id: string, updatedAt: Date | null | undefined): string | null {
  return updatedAt ? `${apiBase}/images/user/${id}/photo?v=${updatedAt.getTime()}` : null
}

async function detailOf(db: Db, companyId: string, id: string, apiBase: string, now: Date = new Date()) {
  const [u] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, companyId)))
  if (!u) throw new AppError(404, 'NOT_FOUND')
  const [photo] = await db.select({ updatedAt: userPhoto.updatedAt }).from(userPhoto).where(eq(userPhoto.userId, id))
  const roles = await db.select({
    id: role.id, name: role.name, isMain: userRole.isMain, isDefault: userRole.isDefault, validUntil: userRole.validUntil,
    groupId: role.groupId, groupName: userGroup.name,
  }).from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).leftJoin(userGroup, eq(userGroup.id, role.groupId))
    .where(eq(userRole.userId, id)).orderBy(asc(role.name))
  const [group] = u.groupId ? await db.select({ name: userGroup.name }).from(userGroup).where(eq(userGroup.id, u.groupId)) : []
  const [title] = u.jobTitleId ? await db.select({ title: jobTitle.title }).from(jobTitle).where(eq(jobTitle.id, u.jobTitleId)) : []
  const [location] = u.workLocationId ? await db.select({ name: address.locationName }).from(address).where(eq(address.id, u.workLocationId)) : []
  return {
    id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status, locked: u.lockedAt !== null,
    gender: u.gender, country: u.countryCode, jobTitleId: u.jobTitleId, jobTitle: title?.title ?? null, workLocationId: u.workLocationId, workLocation: location?.name ?? null,
    mobilePhone: u.mobilePhone, groupId: u.groupId, groupName: group?.name ?? null, version: u.version, createdAt: u.createdAt.toISOString(),
    nationalId: u.nationalId, passportNo: u.passportNo, birthDate: u.birthDate, photo: photoUrl(apiBase, u.id, photo?.updatedAt),
    roles: roles.map((r) => ({
      id: r.id, name: r.name, isMain: r.isMain, isDefault: r.isDefault, validUntil: r.validUntil?.toISOString() ?? null,
      validTo: r.validUntil ? trDateOf(r.validUntil) : null, groupId: r.groupId, groupName: r.groupName ?? null,
    })),
    rolesVersion: u.rolesVersion,
    /** A change of e-mail address waiting for the new address's confirmation (issue 28). */
    pendingEmail: await pendingEmailOf(db, u.id, now),
  }
}




const LIST_SORTS = ['username', 'firstName', 'lastName', 'email', 'createdAt', 'status'] as const
const EXPORT_MAX_ROWS = 100_000
const PHOTO_SIZE = 256

/**
 * What the list's `q` searches: username, first and last name, e-mail and national ID, lower-cased
 * in one text, which the trigram index app_user_search_trgm_idx covers (schema.ts; the same
 * expression, or PostgreSQL does not use the index).
 */
const USER_SEARCH_TEXT = sql`lower(${appUser.username} || ' ' || ${appUser.firstName} || ' ' || ${appUser.lastName} || ' ' || ${appUser.email} || ' ' || coalesce(${appUser.nationalId}, ''))`

function readUserList(c: Context<AppEnv>) {
  return readList(c, LIST_SORTS, {
    status: z.enum(['active', 'suspended', 'removed']),
    locked: z.enum(['true', 'false']),
    group: uuidString,
    role: uuidString,
  })
}

function listCondition(c: Context<AppEnv>, params: ReturnType<typeof readUserList>): SQL {
  const where: SQL[] = [eq(appUser.companyId, c.get('session').companyId)]
  const f = params.filters
  if (f.status) where.push(eq(appUser.status, f.status))
  if (f.locked) where.push(f.locked === 'true' ? isNotNull(appUser.lockedAt) : isNull(appUser.lockedAt))
  if (f.group) where.push(eq(appUser.groupId, f.group.toLowerCase()))
  if (f.role) where.push(sql`exists (select 1 from ${userRole} where ${userRole.userId} = ${appUser.id} and ${userRole.roleId} = ${f.role.toLowerCase()})`)
  if (params.q) where.push(sql`${USER_SEARCH_TEXT} like ${containsPattern(params.q)}`)
  return and(...where)!
}

function userOrder(params: ListParams<unknown>): SQL[] {
  return orderBy(params, {
    username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName, email: appUser.email, createdAt: appUser.createdAt, status: appUser.status,
  }, [asc(appUser.username)], appUser.id)
}

/** The audited fields of a user (before/after of an edit). */
function editable(u: typeof appUser.$inferSelect) {
  return {
    firstName: u.firstName, lastName: u.lastName, email: u.email, gender: u.gender, country: u.countryCode, nationalId: u.nationalId,
    passportNo: u.passportNo, jobTitleId: u.jobTitleId, workLocationId: u.workLocationId, mobilePhone: u.mobilePhone, birthDate: u.birthDate, version: u.version,
  }
}

/** The path's user id, when the caller may read them: anyone of the company with user:read, else only themselves. */
async function readableUser(c: Context<AppEnv>): Promise<string> {
  const id = idParam(c)
  if (id !== c.get('session').userId && !(await may(c, 'user:read'))) throw new AppError(403, 'FORBIDDEN')
  return id
}

/** The path's user, when the caller may edit them: anyone of the company with user:update, else only themselves. */
async function editableUser(c: Context<AppEnv>): Promise<string> {
  const id = idParam(c)
  const session = c.get('session')
  if (id !== session.userId && !(await may(c, 'user:update'))) throw new AppError(403, 'FORBIDDEN')
  const [u] = await c.get('deps').db.select({ id: appUser.id }).from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
  if (!u) throw new AppError(404, 'NOT_FOUND')
  return id
}

/**
 * Refuses (`code`) unless the company keeps another active superadmin whose superadmin role does not
 * end. Call it inside the write's transaction: it locks the company row first, so two admins who
 * suspend or demote two different superadmins at the same moment are served one after the other,
 * and the second sees the first's change (PostgreSQL's read committed takes a new snapshot per
 * statement).
 */
async function keepAnotherSuperadmin(t: Db, companyId: string, exceptId: string, code: 'LAST_SUPERADMIN' | 'LAST_SUPERADMIN_ROLE') {
  await t.select({ id: company.id }).from(company).where(eq(company.id, companyId)).for('update')
  const others = await t.select({ id: appUser.id }).from(appUser)
    .innerJoin(userRole, eq(userRole.userId, appUser.id)).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(appUser.companyId, companyId), eq(appUser.status, 'active'), ne(appUser.id, exceptId), eq(role.name, 'ROLE_SUPERADMIN'), isNull(userRole.validUntil)))
    .limit(1)
  if (others.length === 0) throw new AppError(422, code)
}

/**
 * Status (spec 4): active, suspended, removed. Suspending or removing ends the user's sessions at
 * once; removed is terminal and keeps the audit trail; nobody changes their own status, and the
 * last active superadmin stays active.
 */
async function changeStatus(c: Context<AppEnv>, id: string, status: 'active' | 'suspended' | 'removed') {
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  if (id === session.userId) throw new AppError(422, 'SELF_STATUS')
  const [u] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
  if (!u) throw new AppError(404, 'NOT_FOUND')
  if (u.status === 'removed') throw new AppError(422, 'USER_REMOVED')
  const isSuper = status !== 'active' && (await db.select({ id: role.id }).from(userRole).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, id), eq(role.name, 'ROLE_SUPERADMIN')))).length > 0
  const now = clock.now()
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await assertUserWithinReach(t, c, id)
    if (isSuper) await keepAnotherSuperadmin(t, session.companyId, id, 'LAST_SUPERADMIN')
    await t.update(appUser).set({ status, version: u.version + 1 }).where(eq(appUser.id, id))
  })
  if (status !== 'active') await endUserSessions(db, id, status === 'removed' ? 'userRemoved' : 'userSuspended', now)
  await auditBySession(c, 'user.status', id, { before: { status: u.status }, after: { status } })
}

/** Users of the caller's company (issue 11: the list and the re-activation of locked accounts). */
export function userRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('user:read'), async (c) => {
    const params = readUserList(c)
    const { db, config } = c.get('deps')
    const condition = listCondition(c, params)
    const [rows, [total]] = await Promise.all([
      db.select().from(appUser).where(condition).orderBy(...userOrder(params)).limit(params.size).offset(params.offset),
      db.select({ n: count() }).from(appUser).where(condition),
    ])
    const ids = rows.map((u) => u.id)
    const [roles, photos, groups] = ids.length === 0 ? [[], [], []] : await Promise.all([
      db.select({ userId: userRole.userId, name: role.name, isMain: userRole.isMain, validUntil: userRole.validUntil })
        .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(inArray(userRole.userId, ids)),
      db.select({ userId: userPhoto.userId, updatedAt: userPhoto.updatedAt }).from(userPhoto).where(inArray(userPhoto.userId, ids)),
      // the names of this page's groups only (a company may have thousands)
      db.select({ id: userGroup.id, name: userGroup.name }).from(userGroup)
        .where(and(eq(userGroup.companyId, c.get('session').companyId), inArray(userGroup.id, [...new Set(rows.flatMap((u) => (u.groupId ? [u.groupId] : [])))]))),
    ])
    const items = rows.map((u) => ({
      id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status,
      locked: u.lockedAt !== null, lockedAt: u.lockedAt?.toISOString() ?? null, createdAt: u.createdAt.toISOString(),
      groupName: groups.find((g) => g.id === u.groupId)?.name ?? null,
      photo: photoUrl(config.apiBase, u.id, photos.find((p) => p.userId === u.id)?.updatedAt),
      roles: roles.filter((x) => x.userId === u.id).map((x) => ({ name: x.name, isMain: x.isMain, validUntil: x.validUntil?.toISOString() ?? null })),
    }))
    return c.json(listAnswer(items, total?.n ?? 0, params))
  })

  /**
   * The filtered list as CSV (the list's q, filters and sort; every page), written by a maintained
   * CSV writer (services/csv.ts: byte-order mark, every cell quoted, formulas defused), with column
   * names and values in the request's language and the creation time in the company's time zone.
   */
  r.get('/export', permit('user:read'), async (c) => {
    const params = readUserList(c)
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const rows = await db.select().from(appUser).where(listCondition(c, params)).orderBy(...userOrder(params)).limit(EXPORT_MAX_ROWS)
    const ids = rows.map((u) => u.id)
    const roles = ids.length === 0 ? [] : await db.select({ userId: userRole.userId, name: role.name })
      .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(inArray(userRole.userId, ids))
    const groups = await db.select({ id: userGroup.id, name: userGroup.name }).from(userGroup).where(eq(userGroup.companyId, companyId))
    const [co] = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, companyId))
    const timeZone = co?.timeZone || 'Europe/Istanbul'
    // 'sv-SE' writes 2026-11-23 12:00:00: readable, and sorts as text
    const when = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    const texts = USER_EXPORT_TEXTS[c.get('locale')]
    const header = texts.columns.map((name, i) => (i === texts.columns.length - 1 ? `${name} (${timeZone})` : name))
    const csv = toCsv(header, rows.map((u) => [
      u.username, u.firstName, u.lastName, u.email, texts.status[u.status] ?? u.status, u.lockedAt ? texts.yes : texts.no,
      groups.find((g) => g.id === u.groupId)?.name ?? '', roles.filter((x) => x.userId === u.id).map((x) => x.name).sort().join(' '), when.format(u.createdAt),
    ]))
    await auditBySession(c, 'user.exported', null, { rows: rows.length, q: params.q, filters: params.filters })
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="users.csv"',
        'x-content-type-options': 'nosniff',
      },
    })
  })

  /** The list's bulk status change: each user as a single change (same rules), the outcome per user. */
  r.post('/status', permit('userstatus:update'), async (c) => {
    const { ids, status } = await readJson(c, BulkStatusBody)
    const locale = c.get('locale')
    const results: Array<{ id: string; ok: boolean; code?: string; message: string }> = []
    for (const id of [...new Set(ids.map((x) => x.toLowerCase()))]) {
      try {
        await changeStatus(c, id, status)
        results.push({ id, ok: true, message: STATUS_MESSAGES[status][locale] })
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error
        results.push({ id, ok: false, code: error.code, message: errorMessage(error.code, locale) })
      }
    }
    return c.json({ status, changed: results.filter((r) => r.ok).length, results })
  })

  /**
   * Re-activates an account locked after too many failed sign-ins (issue 11 section 6): the
   * counter starts again, the owner is mailed, the change is audited.
   */
  r.post('/:id/reactivate', permit('user:update'), async (c) => {
    await unlockUser(c, idParam(c))
    return c.json({ ok: true })
  })

  /** "Geçici şifre gönder" on a user's page (issue 25 item 4): see services/user-help.ts. */
  r.post('/:id/temporaryPassword', permit('user:update'), async (c) => {
    const { email } = await sendTemporaryPassword(c, idParam(c))
    return c.json({ ok: true, email, queued: true })
  })

  /** The user's last sign-ins and failures, lockouts and the help they got (issue 25 item 4). */
  r.get('/:id/signins', permit('user:read'), async (c) => {
    const id = idParam(c)
    return c.json(await signInHistory(c.get('deps').db, c.get('session').companyId, id))
  })

  /**
   * The create-user wizard's submission (spec 2.2, 4): personal details, address, group and roles,
   * checked as a whole and written in one transaction. The user gets a temporary password (the
   * forced change at first sign-in); with e-mail notifications on, it is mailed to them through the
   * durable outbox, queued in the same transaction as the user (no user without their mail, no
   * mail for a user that was not created). A double submit creates one user: the second insert
   * meets the unique username and is refused with 409 USER_EXISTS on `personal.username`.
   */
  r.post('/', permit('user:create'), async (c) => {
    const body = await readJson(c, CreateUserBody)
    const { db, clock, config, outbox } = c.get('deps')
    const session = c.get('session')
    const companyId = session.companyId
    const now = clock.now()
    const today = formatIsoDate(toCalendarDate(now)!)
    const p = body.personal
    const issues: FieldIssue[] = [
      ...personalIssues(p, (d) => isAdultBirthDate(d, now)).map((i) => ({ ...i, path: `personal.${i.path}` })),
      ...groupRolesIssues(body.groupRoles, today).map((i) => ({ ...i, path: `groupRoles.${i.path}` })),
    ]
    const companyRoles = await db.select({ id: role.id, name: role.name }).from(role).where(eq(role.companyId, companyId))
    const roleIds = new Set(companyRoles.map((x) => x.id))
    if (!roleIds.has(p.mainRole.toLowerCase())) issues.push({ path: 'personal.mainRole', code: 'rolesFromList' })
    if (!roleIds.has(p.defaultRole.toLowerCase())) issues.push({ path: 'personal.defaultRole', code: 'rolesFromList' })
    const others = body.groupRoles.isAssigntoOtherGroup ? body.groupRoles.selectedRoles : []
    if (others.some((x) => !roleIds.has(x.roleId.toLowerCase()))) issues.push({ path: 'groupRoles.selectedRoles', code: 'rolesFromList' })
    const [title] = await db.select({ id: jobTitle.id }).from(jobTitle).where(and(eq(jobTitle.id, p.jobTitleId), eq(jobTitle.companyId, companyId)))
    if (!title) issues.push({ path: 'personal.jobTitleId', code: 'requiredSelection' })
    const [location] = await db.select({ id: address.id }).from(address)
      .where(and(eq(address.id, p.workLocationId), eq(address.companyId, companyId), eq(address.entityName, 'company')))
    if (!location) issues.push({ path: 'personal.workLocationId', code: 'requiredSelection' })
    if (body.groupRoles.isAssigntoGroup && body.groupRoles.chosengroup) {
      const [g] = await db.select({ id: userGroup.id }).from(userGroup).where(and(eq(userGroup.id, body.groupRoles.chosengroup), eq(userGroup.companyId, companyId)))
      if (!g) issues.push({ path: 'groupRoles.chosengroup', code: 'requiredSelection' })
    }
    let existingAddress: string | null = null
    if (body.address.addressid !== 'create-new') {
      const [a] = await db.select({ id: address.id }).from(address)
        .where(and(eq(address.id, body.address.addressid), eq(address.companyId, companyId), eq(address.entityName, 'company')))
      if (!a) issues.push({ path: 'address.addressid', code: 'requiredSelection' })
      existingAddress = a?.id ?? null
    }
    if (issues.length) throw new AppError(400, 'VALIDATION', issues)
    let addressValues: Awaited<ReturnType<typeof resolveAddress>> | null = null
    if (!existingAddress) {
      try {
        const { status: _s, addressid: _a, ...fields } = body.address
        addressValues = await resolveAddress(db, fields)
      } catch (error) {
        if (error instanceof AppError && error.issues) throw new AppError(400, 'VALIDATION', error.issues.map((i) => ({ ...i, path: `address.${i.path}` })))
        throw error
      }
    }
    const security = await readSetting(db, companyId, 'security', DEFAULT_SECURITY)
    const temporary = randomPassword(Math.max(16, security.minLength))
    const passwordHash = await hashPassword(temporary)
    const notify = await emailNotificationsOn(db, companyId)
    let userId: string
    let welcomeMailId = null as string | null
    try {
      userId = await db.transaction(async (tx) => {
        welcomeMailId = null
        const t = tx as unknown as Db
        // the roles handed out hold nothing the caller lacks (issue 28)
        await assertGrantable(t, c, [p.mainRole.toLowerCase(), p.defaultRole.toLowerCase(), ...others.map((o) => o.roleId.toLowerCase())])
        const [u] = await t.insert(appUser).values({
          companyId, username: p.username, firstName: p.firstName.trim(), lastName: p.lastName.trim(), email: p.email.trim().toLowerCase(),
          passwordHash, mustChangePassword: true, passwordChangedAt: now, passwordPolicy: recordedPolicyOf(security),
          gender: p.gender, countryCode: p.country, nationalId: p.country === 'TR' ? p.nationalId : null, passportNo: p.country === 'TR' ? null : p.passportNo,
          jobTitleId: p.jobTitleId, workLocationId: p.workLocationId, mobilePhone: normalizeTrMobile(p.mobilePhone) ?? p.mobilePhone.replace(/[\s-]/g, ''),
          birthDate: p.birthDate, groupId: body.groupRoles.isAssigntoGroup ? body.groupRoles.chosengroup : null, createdAt: now,
        }).returning({ id: appUser.id })
        const id = u!.id
        const main = p.mainRole.toLowerCase()
        const def = p.defaultRole.toLowerCase()
        await t.insert(userRole).values({ userId: id, roleId: main, isMain: true, isDefault: main === def })
        if (def !== main) await t.insert(userRole).values({ userId: id, roleId: def, isMain: false, isDefault: true })
        for (const other of others) {
          const rid = other.roleId.toLowerCase()
          if (rid === main || rid === def) continue
          await t.insert(userRole).values({ userId: id, roleId: rid, validUntil: endOfDayTr(other.validTo!) }).onConflictDoNothing()
        }
        if (addressValues) await t.insert(address).values({ companyId, entityName: 'user', entityId: id, ...addressValues, createdAt: now, updatedAt: now })
        if (notify) {
          // in the company's language: the new user has chosen none yet (issue 25 item 5), not the creator's
          const m = MAILS.welcome[await mailLocaleOf(t, { locale: null, companyId })]
          const text = m.text({ name: `${p.firstName.trim()} ${p.lastName.trim()}`, username: p.username, password: temporary })
          welcomeMailId = await enqueueMail(t, keyFrom(config.secretsKey), { to: p.email.trim().toLowerCase(), companyId, subject: m.subject, text })
        }
        // a new user holds roles: the entry is written with them, both or neither (issue 28's rule)
        await auditBySession(c, 'user.created', id, { after: { username: p.username, email: p.email, roles: [p.mainRole, p.defaultRole, ...others.map((o) => o.roleId)] } }, t)
        return id
      })
    } catch (error) {
      const target = uniqueTarget(error)
      if (target) throw new AppError(409, 'USER_EXISTS', [{ path: target, code: 'exists' }])
      throw error
    }
    if (notify) outbox?.kick()
    // the welcome mail is queued, not sent (issue 25 item 3): the page says so and where to follow it
    const welcomeMail = welcomeMailId ? { id: welcomeMailId, status: 'pending' as const } : null
    return c.json({ ...(await detailOf(db, companyId, userId, c.get('deps').config.apiBase)), welcomeMail }, 201)
  })

  /** Spec 7.5 `GET /user/{id}`: the user with roles, group and job title (user:read; every user their own, profile:read). */
  r.get('/:id', permit('user:read', 'profile:read'), async (c) => {
    return c.json(await detailOf(c.get('deps').db, c.get('session').companyId, await readableUser(c), c.get('deps').config.apiBase))
  })

  /** Spec 7.5 `GET /user/userInfo/{id}`: personal information (identity, birth date, addresses). */
  r.get('/userInfo/:id', permit('user:read', 'profile:read'), async (c) => {
    const id = await readableUser(c)
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const [u] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, companyId)))
    if (!u) throw new AppError(404, 'NOT_FOUND')
    const addresses = await db.select().from(address).where(and(eq(address.companyId, companyId), eq(address.entityName, 'user'), eq(address.entityId, id)))
    return c.json({
      id: u.id, firstName: u.firstName, lastName: u.lastName, gender: u.gender, country: u.countryCode, nationalId: u.nationalId,
      passportNo: u.passportNo, birthDate: u.birthDate, email: u.email, mobilePhone: u.mobilePhone,
      addresses: addresses.map((a) => ({ addressid: a.id, locationtype: a.locationType, locationname: a.locationName, countrycode: a.countryCode, citycode: a.cityCode, districtcode: a.districtCode, suburbcode: a.suburbCode, zipcode: a.zipCode, addresstext: a.addressText })),
    })
  })

  /**
   * Status (spec 4): active, suspended, removed. Suspending or removing ends the user's sessions at
   * once; removed is terminal and keeps the audit trail; nobody changes their own status, and the
   * last active superadmin stays active.
   */
  r.post('/:id/status', permit('userstatus:update'), async (c) => {
    const id = idParam(c)
    const { status } = await readJson(c, UserStatusBody)
    await changeStatus(c, id, status)
    return c.json({ status, message: STATUS_MESSAGES[status][c.get('locale')] })
  })

  /**
   * Details and personal information (spec 7.5 `PUT /user/{id}`), with the loaded version. An admin
   * (user:update) edits anyone of the company; a user edits their own (profile:update), but not
   * their job title or work location, which their organisation sets.
   */
  r.put('/:id', permit('user:update', 'profile:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, UpdateUserBody)
    const { db, clock, config, outbox } = c.get('deps')
    const session = c.get('session')
    const admin = await may(c, 'user:update')
    if (!admin && id !== session.userId) throw new AppError(403, 'FORBIDDEN')
    const [before] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
    if (!before) throw new AppError(404, 'NOT_FOUND')
    if (!admin && (body.jobTitleId !== before.jobTitleId || body.workLocationId !== before.workLocationId)) throw new AppError(403, 'FORBIDDEN')
    const now = clock.now()
    // a field the stored user never had (a seeded user) may stay empty; other edits still save (issue 25)
    const missing = missingFields(editable(before), Object.keys(USER_REQUIRED_ON_UPDATE))
    const issues: FieldIssue[] = updateUserIssues(body, (d) => isAdultBirthDate(d, now), missing)
    if (admin) {
      if (body.jobTitleId) {
        const [title] = await db.select({ id: jobTitle.id }).from(jobTitle).where(and(eq(jobTitle.id, body.jobTitleId), eq(jobTitle.companyId, session.companyId)))
        if (!title) issues.push({ path: 'jobTitleId', code: 'requiredSelection' })
      }
      if (body.workLocationId) {
        const [location] = await db.select({ id: address.id }).from(address)
          .where(and(eq(address.id, body.workLocationId), eq(address.companyId, session.companyId), eq(address.entityName, 'company')))
        if (!location) issues.push({ path: 'workLocationId', code: 'requiredSelection' })
      }
    }
    if (issues.length) throw new AppError(400, 'VALIDATION', issues)
    const email = body.email.trim().toLowerCase()
    const emailChanges = email !== before.email.toLowerCase()
    let after: typeof before | undefined
    let pendingEmail: Awaited<ReturnType<typeof requestEmailChange>> | null = null
    try {
      after = await db.transaction(async (tx) => {
        const t = tx as unknown as Db
        // another user: within the caller's own permissions (issue 28); the row is locked from here
        await assertUserWithinReach(t, c, id)
        const [row] = await t.update(appUser).set({
          firstName: body.firstName.trim(), lastName: body.lastName.trim(), gender: body.gender,
          countryCode: body.country, nationalId: body.country === 'TR' ? body.nationalId : null, passportNo: body.country === 'TR' ? null : body.passportNo,
          jobTitleId: body.jobTitleId, workLocationId: body.workLocationId, birthDate: body.birthDate,
          mobilePhone: body.mobilePhone === null ? null : normalizeTrMobile(body.mobilePhone) ?? body.mobilePhone.replace(/[\s-]/g, ''), version: sql`${appUser.version} + 1`,
        }).where(and(eq(appUser.id, id), eq(appUser.version, body.version))).returning()
        if (!row) throw new AppError(409, 'CONFLICT')
        // the e-mail address changes only when the new address confirms; the old one is told
        if (emailChanges) pendingEmail = await requestEmailChange(t, c, row, email)
        return row
      })
    } catch (error) {
      const target = uniqueTarget(error)
      if (target) throw new AppError(409, 'USER_EXISTS', [{ path: target.replace('personal.', ''), code: 'exists' }])
      throw error
    }
    if (!after) throw new AppError(409, 'CONFLICT')
    if (pendingEmail) outbox?.kick()
    await auditBySession(c, 'user.updated', id, { before: editable(before), after: editable(after), ...(pendingEmail ? { emailChangeRequested: email } : {}) })
    return c.json(await detailOf(db, session.companyId, id, config.apiBase, clock.now()))
  })

  /**
   * A user's role assignments (issue 14), as one complete list with the loaded `rolesVersion` (see
   * docs/decisions/role-assignment.md): a role left out is ended (its row deleted; the audit log
   * keeps it), new roles are added, dates and the main/default marks change. Rules: user:update;
   * roles of the caller's company; exactly one main and one default role, neither with an end date;
   * an other-group role needs a valid-to date after today (spec 5); nobody changes their own
   * assignments (SELF_ROLES); a role added, ended or changed must hold no permission the caller's
   * active role lacks (ROLE_ESCALATION: an admin cannot hand out or take away superadmin); the
   * company keeps an active superadmin whose role does not end (LAST_SUPERADMIN_ROLE). The holder's
   * permissions are read per request, so a change applies at their next request.
   */
  r.put('/:id/roles', permit('user:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, UpdateRolesBody)
    const { db, clock, config } = c.get('deps')
    const session = c.get('session')
    if (id === session.userId) throw new AppError(422, 'SELF_ROLES')
    const [target] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
    if (!target) throw new AppError(404, 'NOT_FOUND')
    if (target.rolesVersion !== body.version) throw new AppError(409, 'CONFLICT')
    const now = clock.now()
    const today = formatIsoDate(toCalendarDate(now)!)
    const companyRoles = await db.select({ id: role.id, name: role.name, groupId: role.groupId, permissions: role.permissions }).from(role).where(eq(role.companyId, session.companyId))
    const byId = new Map(companyRoles.map((x) => [x.id, x]))
    const before = await db.select({ roleId: userRole.roleId, isMain: userRole.isMain, isDefault: userRole.isDefault, validUntil: userRole.validUntil })
      .from(userRole).where(eq(userRole.userId, id))
    const stored = new Map(before.map((x) => [x.roleId, x]))
    const wanted = body.roles.map((x) => ({ ...x, roleId: x.roleId.toLowerCase() }))
    const issues: FieldIssue[] = wanted.flatMap((x, i) => (byId.has(x.roleId) ? [] : [{ path: `roles.${i}.roleId`, code: 'rolesFromList' }]))
    issues.push(...roleAssignmentIssues(wanted, today,
      (roleId) => { const g = byId.get(roleId)?.groupId ?? null; return g !== null && g !== target.groupId },
      (i) => { const was = stored.get(wanted[i]!.roleId); return !!was?.validUntil && trDateOf(was.validUntil) === wanted[i]!.validTo }))
    if (issues.length) throw new AppError(400, 'VALIDATION', issues)
    // what changes: every role added, ended, or with another date or mark
    const touched = new Set<string>()
    for (const x of wanted) {
      const was = stored.get(x.roleId)
      if (!was || was.isMain !== x.isMain || was.isDefault !== x.isDefault || (was.validUntil ? trDateOf(was.validUntil) : null) !== x.validTo) touched.add(x.roleId)
    }
    for (const was of before) if (!wanted.some((x) => x.roleId === was.roleId)) touched.add(was.roleId)
    const superadmin = companyRoles.find((x) => x.name === 'ROLE_SUPERADMIN')
    const was = superadmin && touched.has(superadmin.id) ? stored.get(superadmin.id) : undefined
    const demotes = !!was && (!was.validUntil || was.validUntil > now) && target.status === 'active'
      && !wanted.some((x) => x.roleId === superadmin!.id && x.validTo === null)
    const shape = (list: Array<{ roleId: string; isMain: boolean; isDefault: boolean; validTo: string | null }>) =>
      list.map((x) => ({ role: byId.get(x.roleId)?.name ?? x.roleId, isMain: x.isMain, isDefault: x.isDefault, validTo: x.validTo }))
        .sort((p, q) => p.role.localeCompare(q.role))
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      // the user, and every role added, ended or re-marked, within the caller's own permissions
      const caller = await assertUserWithinReach(t, c, id)
      await assertGrantable(t, c, [...touched], caller)
      if (demotes) await keepAnotherSuperadmin(t, session.companyId, id, 'LAST_SUPERADMIN_ROLE')
      const [bumped] = await t.update(appUser).set({ rolesVersion: sql`${appUser.rolesVersion} + 1` })
        .where(and(eq(appUser.id, id), eq(appUser.rolesVersion, body.version))).returning({ id: appUser.id })
      if (!bumped) throw new AppError(409, 'CONFLICT')
      const keep = wanted.map((x) => x.roleId)
      await t.delete(userRole).where(and(eq(userRole.userId, id), sql`${userRole.roleId} not in (${sql.join(keep.map((k) => sql`${k}::uuid`), sql`, `)})`))
      for (const x of wanted) {
        if (!touched.has(x.roleId)) continue
        const was = stored.get(x.roleId)
        const validUntil = x.validTo === null ? null : was?.validUntil && trDateOf(was.validUntil) === x.validTo ? was.validUntil : endOfDayTr(x.validTo)
        await t.insert(userRole).values({ userId: id, roleId: x.roleId, isMain: x.isMain, isDefault: x.isDefault, validUntil })
          .onConflictDoUpdate({ target: [userRole.userId, userRole.roleId], set: { isMain: x.isMain, isDefault: x.isDefault, validUntil } })
      }
      // the roles and their entry: one transaction (issue 28's rule)
      await auditBySession(c, 'user.roles.updated', id, {
        before: { roles: shape(before.map((x) => ({ ...x, validTo: x.validUntil ? trDateOf(x.validUntil) : null }))), version: body.version },
        after: { roles: shape(wanted), version: body.version + 1 },
      }, t)
    })
    return c.json(await detailOf(db, session.companyId, id, config.apiBase, clock.now()))
  })

  /**
   * A user's photo: content-checked and re-encoded exactly as the company logo is
   * (../services/images.ts), made square (256 x 256). An admin (user:update) sets anyone's; a user
   * their own (profile:update).
   */
  r.post('/:id/photo', permit('user:update', 'profile:update'), async (c) => {
    const id = await editableUser(c)
    const { db, clock, config } = c.get('deps')
    let image: Awaited<ReturnType<typeof reencodeImage>>
    try {
      image = await reencodeImage(new Uint8Array(await c.req.arrayBuffer()), { field: 'photo', size: PHOTO_SIZE, fit: 'cover' })
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNSUPPORTED_IMAGE') throw new AppError(415, 'UNSUPPORTED_PHOTO')
      throw error
    }
    const now = clock.now()
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      await assertUserWithinReach(t, c, id)
      await t.insert(userPhoto).values({ userId: id, contentType: 'image/png', data: image.data, width: image.width, height: image.height, updatedAt: now })
        .onConflictDoUpdate({ target: userPhoto.userId, set: { data: image.data, width: image.width, height: image.height, updatedAt: now } })
    })
    await auditBySession(c, 'user.photo.updated', id, { width: image.width, height: image.height, bytes: image.data.length })
    return c.json({ ok: true, photo: photoUrl(config.apiBase, id, now) })
  })

  r.delete('/:id/photo', permit('user:update', 'profile:update'), async (c) => {
    const id = await editableUser(c)
    await c.get('deps').db.transaction(async (tx) => {
      const t = tx as unknown as Db
      await assertUserWithinReach(t, c, id)
      await t.delete(userPhoto).where(eq(userPhoto.userId, id))
    })
    await auditBySession(c, 'user.photo.deleted', id)
    return c.json({ ok: true, photo: null })
  })

  return r
}
