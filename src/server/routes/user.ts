import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { and, eq, or, sql } from 'drizzle-orm'
import { formatIsoDate, isAdultBirthDate, toCalendarDate } from '../../domain/dates.ts'
import { normalizeTrMobile } from '../../domain/phone.ts'
import { BulkStatusBody, CreateUserBody, UpdateRolesBody, UpdateUserBody, UserStatusBody, USER_REQUIRED_ON_UPDATE, groupRolesIssues, personalIssues, roleAssignmentIssues, updateUserIssues } from '../../domain/schemas/user.ts'
import { missingFields } from '../../domain/missing-fields.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, jobTitle, role, userGroup, userPhoto, userRole } from '../db/schema.ts'
import { AppError, type FieldIssue } from '../errors.ts'
import { idParam, readJson, uuidString } from '../http.ts'
import { errorMessage } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { audit, auditBySession } from '../services/audit.ts'
import { emailNotificationsOn } from '../services/notifications.ts'
import { enqueueMail } from '../services/outbox.ts'
import { readList } from '../services/list.ts'
import { hashPassword, randomPassword } from '../services/passwords.ts'
import { assertGrantable, assertUserWithinReach } from '../services/authority.ts'
import { requestEmailChange } from '../services/email-change.ts'
import { may, permit } from '../services/permissions.ts'
import { keyFrom } from '../services/secrets.ts'
import { reencodeImage } from '../services/images.ts'
import { sendTemporaryPassword, signInHistory, unlockUser } from '../services/user-help.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, recordedPolicyOf } from '../services/settings.ts'
import { resolveAddress } from './party.ts'
import { mailLocaleOf } from '../services/user-locale.ts'
import { USER_LIST_SORTS, changeUserStatus, exportUsers, keepAnotherSuperadmin, listUsers, photoUrl, trDateOf, userDetail, type UserListParams } from '../services/users.ts'


/** Spec 4's status messages, per language. */
const STATUS_MESSAGES = {
  suspended: { tr: 'Kullanıcı sistemden uzaklaştırıldı!', en: 'User Suspended from the system!', ru: 'Пользователь отстранён от системы!' },
  active: { tr: 'Kullanıcı yeniden etkinleştirildi !', en: 'User is Activated again !', ru: 'Пользователь снова активирован!' },
  removed: { tr: 'Kullanıcı sistemden kaldırıldı !', en: 'User is Removed from System !', ru: 'Пользователь удалён из системы!' },
} as const

const PHOTO_SIZE = 256

/** The list's parameters (q, filters, sort, page) from the query. */
function readUserList(c: Context<AppEnv>): UserListParams {
  return readList(c, USER_LIST_SORTS, {
    status: z.enum(['active', 'suspended', 'removed']),
    locked: z.enum(['true', 'false']),
    group: uuidString,
    role: uuidString,
  })
}

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

/** Users of the caller's company (issue 11: the list and the re-activation of locked accounts). */
export function userRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('user:read'), async (c) => {
    const { db, config } = c.get('deps')
    return c.json(await listUsers(db, c.get('session').companyId, readUserList(c), { apiBase: config.apiBase, countCap: config.userCountCap }))
  })

  /**
   * The filtered list as CSV (the list's q, filters and sort; every page), written by a maintained
   * CSV writer (services/csv.ts: byte-order mark, every cell quoted, formulas defused), with column
   * names and values in the request's language and the creation time in the company's time zone.
   */
  r.get('/export', permit('user:read'), async (c) => {
    const csv = await exportUsers(c, readUserList(c))
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
        await changeUserStatus(c, id, status)
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
    return c.json({ ...(await userDetail(db, companyId, userId, c.get('deps').config.apiBase)), welcomeMail }, 201)
  })

  /** Spec 7.5 `GET /user/{id}`: the user with roles, group and job title (user:read; every user their own, profile:read). */
  r.get('/:id', permit('user:read', 'profile:read'), async (c) => {
    return c.json(await userDetail(c.get('deps').db, c.get('session').companyId, await readableUser(c), c.get('deps').config.apiBase))
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
    await changeUserStatus(c, id, status)
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
    return c.json(await userDetail(db, session.companyId, id, config.apiBase, clock.now()))
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
    return c.json(await userDetail(db, session.companyId, id, config.apiBase, clock.now()))
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
