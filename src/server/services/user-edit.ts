import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { and, eq, or, sql } from 'drizzle-orm'
import { formatIsoDate, isAdultBirthDate, toCalendarDate } from '../../domain/dates.ts'
import { missingFields } from '../../domain/missing-fields.ts'
import { normalizeTrMobile } from '../../domain/phone.ts'
import { USER_REQUIRED_ON_UPDATE, groupRolesIssues, personalIssues, roleAssignmentIssues, updateUserIssues, type CreateUserBody, type UpdateRolesBody, type UpdateUserBody } from '../../domain/schemas/user.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, jobTitle, role, userGroup, userPhoto, userRole } from '../db/schema.ts'
import { AppError, type FieldIssue } from '../errors.ts'
import { MAILS } from '../mail-texts.ts'
import { resolveAddress } from './addresses.ts'
import { auditBySession } from './audit.ts'
import { assertGrantable, assertUserWithinReach } from './authority.ts'
import { requestEmailChange } from './email-change.ts'
import { reencodeImage } from './images.ts'
import { emailNotificationsOn } from './notifications.ts'
import { enqueueMail } from './outbox.ts'
import { hashPassword, randomPassword } from './passwords.ts'
import { keyFrom } from './secrets.ts'
import { DEFAULT_SECURITY, readSetting, recordedPolicyOf } from './settings.ts'
import { mailLocaleOf } from './user-locale.ts'
import { keepAnotherSuperadmin, photoUrl, trDateOf } from './users.ts'

/**
 * A company's user created and edited (issue 11; issue 26 item 3): creation with its welcome mail,
 * the details, the role assignments and the photo, each write with its audit entry in one
 * transaction. The reads, the list and the status are in services/users.ts.
 */

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

export async function createUser(c: Context<AppEnv>, body: z.infer<typeof CreateUserBody>): Promise<{ userId: string; welcomeMailId: string | null }> {
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
  return { userId, welcomeMailId }
}

/**
 * Details and personal information (spec 7.5 `PUT /user/{id}`), with the loaded version. An admin
 * (`admin`: user:update) edits anyone of the company; a user edits their own (profile:update), but
 * not their job title or work location, which their organisation sets. The row, the e-mail change
 * request and the audit entry: one transaction.
 */
export async function updateUser(c: Context<AppEnv>, id: string, body: z.infer<typeof UpdateUserBody>, admin: boolean) {
  const { db, clock, outbox } = c.get('deps')
  const session = c.get('session')
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
  let pendingEmail: Awaited<ReturnType<typeof requestEmailChange>> | null = null
  try {
    await db.transaction(async (tx) => {
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
      await auditBySession(c, 'user.updated', id, { before: editable(before), after: editable(row), ...(pendingEmail ? { emailChangeRequested: email } : {}) }, t)
    })
  } catch (error) {
    const target = uniqueTarget(error)
    if (target) throw new AppError(409, 'USER_EXISTS', [{ path: target.replace('personal.', ''), code: 'exists' }])
    throw error
  }
  if (pendingEmail) outbox?.kick()
}

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
export async function updateUserRoles(c: Context<AppEnv>, id: string, body: z.infer<typeof UpdateRolesBody>) {
  const { db, clock } = c.get('deps')
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
}

const PHOTO_SIZE = 256

/**
 * A user's photo: content-checked and re-encoded exactly as the company logo is (./images.ts), made
 * square (256 x 256); the photo and its audit entry in one transaction. Answers the photo's address.
 */
export async function setUserPhoto(c: Context<AppEnv>, id: string, bytes: Uint8Array): Promise<string | null> {
  const { db, clock, config } = c.get('deps')
  let image: Awaited<ReturnType<typeof reencodeImage>>
  try {
    image = await reencodeImage(bytes, { field: 'photo', size: PHOTO_SIZE, fit: 'cover' })
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
    await auditBySession(c, 'user.photo.updated', id, { width: image.width, height: image.height, bytes: image.data.length }, t)
  })
  return photoUrl(config.apiBase, id, now)
}

/** Removes a user's photo, with its audit entry, in one transaction. */
export async function deleteUserPhoto(c: Context<AppEnv>, id: string) {
  await c.get('deps').db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await assertUserWithinReach(t, c, id)
    await t.delete(userPhoto).where(eq(userPhoto.userId, id))
    await auditBySession(c, 'user.photo.deleted', id, undefined, t)
  })
}
