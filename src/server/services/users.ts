import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { calendarDateOf, formatIsoDate, isAdultBirthDate, toCalendarDate } from '../../domain/dates.ts'
import { missingFields } from '../../domain/missing-fields.ts'
import { normalizeTrMobile } from '../../domain/phone.ts'
import {
  USER_REQUIRED_ON_UPDATE, groupRolesIssues, personalIssues, roleAssignmentIssues, updateUserIssues,
  type CreateUserBody, type UpdateRolesBody, type UpdateUserBody,
} from '../../domain/schemas/user.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, jobTitle, role, userGroup, userPhoto, userRole } from '../db/schema.ts'
import { AppError, type FieldIssue } from '../errors.ts'
import { USER_EXPORT_TEXTS } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { resolveAddress } from '../routes/party.ts'
import { auditBySession } from './audit.ts'
import { assertGrantable, assertUserWithinReach } from './authority.ts'
import { toCsv } from './csv.ts'
import { pendingEmailOf, requestEmailChange } from './email-change.ts'
import { reencodeImage } from './images.ts'
import { emailNotificationsOn } from './notifications.ts'
import { enqueueMail } from './outbox.ts'
import { hashPassword, randomPassword } from './passwords.ts'
import { keyFrom } from './secrets.ts'
import { DEFAULT_SECURITY, readSetting, recordedPolicyOf } from './settings.ts'
import { mailLocaleOf } from './user-locale.ts'
import { cappedCount, containsPattern, listAnswer, orderBy, prefixPattern, type ListParams } from './list.ts'
import { endUserSessions } from './sessions.ts'

/**
 * The users of a company (issue 11; issue 25 item 14, issue 26 item 3): the list, its CSV, one
 * user's details, creation, edits, role assignments, photo and status, the queries and rules that
 * routes/user.ts used to hold. The route reads and checks the request and answers; what is read and
 * written, and in which transaction, is here.
 */

export const USER_LIST_SORTS = ['username', 'firstName', 'lastName', 'email', 'createdAt', 'status'] as const
export type UserListFilters = { status?: 'active' | 'suspended' | 'removed'; locked?: 'true' | 'false'; group?: string; role?: string }
export type UserListParams = ListParams<UserListFilters>
const EXPORT_MAX_ROWS = 100_000

/**
 * What the list's `q` searches (issue 25 item 14), each part with an index of its own:
 *  - anywhere in the username, first and last name and national ID, lower-cased in one text, which
 *    the trigram index app_user_search_trgm_idx covers (schema.ts; the same expression, or
 *    PostgreSQL does not use the index);
 *  - at the start of the e-mail address (`ayse.y`, `ayse@firma`), and, for a `q` that starts with
 *    `@`, at the start of its domain (`@firma.com`): two btree prefix indexes.
 * The e-mail is not in the trigram text because a company's addresses share their domain (and often
 * their first letters): those trigrams are in every row, and a trigram scan has to walk all of their
 * rows (86 ms for `kullanici9999@` at 100,000 users, against 0.1 ms for the prefix). The local part
 * of an address is almost always the username or the name, which are searched anywhere.
 */
const USER_SEARCH_TEXT = sql`lower(${appUser.username} || ' ' || ${appUser.firstName} || ' ' || ${appUser.lastName} || ' ' || coalesce(${appUser.nationalId}, ''))`

function searchCondition(q: string): SQL {
  const email = sql`lower(${appUser.email}) like ${prefixPattern(q)}`
  // an `@` is in no username (USERNAME), name or national ID: such a `q` is a part of an address
  if (q.includes('@')) {
    return q.startsWith('@') && q.length > 1 ? or(email, sql`lower(split_part(${appUser.email}, '@', 2)) like ${prefixPattern(q.slice(1))}`)! : email
  }
  return or(sql`${USER_SEARCH_TEXT} like ${containsPattern(q)}`, email)!
}

function listCondition(companyId: string, params: UserListParams): SQL {
  const where: SQL[] = [eq(appUser.companyId, companyId)]
  const f = params.filters
  if (f.status) where.push(eq(appUser.status, f.status))
  if (f.locked) where.push(f.locked === 'true' ? isNotNull(appUser.lockedAt) : isNull(appUser.lockedAt))
  if (f.group) where.push(eq(appUser.groupId, f.group.toLowerCase()))
  if (f.role) where.push(sql`exists (select 1 from ${userRole} where ${userRole.userId} = ${appUser.id} and ${userRole.roleId} = ${f.role.toLowerCase()})`)
  if (params.q) where.push(searchCondition(params.q))
  return and(...where)!
}

type UserColumns = Record<'id' | 'username' | 'firstName' | 'lastName' | 'email' | 'createdAt' | 'status', AnyColumn>

function userOrder(params: ListParams<unknown>, u: UserColumns = appUser): SQL[] {
  return orderBy(params, {
    username: u.username, firstName: u.firstName, lastName: u.lastName, email: u.email, createdAt: u.createdAt, status: u.status,
  }, [asc(u.username)], u.id)
}

/** The photo's address (with its change time, so a new photo is not served from the cache), or null. */
export function photoUrl(apiBase: string, id: string, updatedAt: Date | null | undefined): string | null {
  return updatedAt ? `${apiBase}/images/user/${id}/photo?v=${updatedAt.getTime()}` : null
}

/**
 * One page of the list with its roles, photos and group names, and a capped count (issue 25 item
 * 14): an exact count of 100,000 users costs more than the page itself, so it counts at most
 * `countCap` matches (or as far as the page asked for) and answers `totalCapped` past it, as the
 * audit log does.
 *
 * A search's page: the count comes first (the search's indexes, a few ms), and when the matches are
 * fewer than the cap the page is sorted from them alone (a subquery with a LIMIT, which the planner
 * does not flatten, so it reads them through the indexes). Left to itself PostgreSQL walks the sort order and tests
 * every user until a page is full, which is quick for a common word but reads 33,000 users for
 * `yılmaz4` (1,393 matches, all late in the username order): 186 ms against 5 ms. With more
 * matches than the cap the walk finds a page soon, and is kept.
 */
export async function listUsers(db: Db, companyId: string, params: UserListParams, options: { apiBase: string; countCap: number }) {
  const condition = listCondition(companyId, params)
  const counting = cappedCount(options.countCap, params)
  const countQuery = db.select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(appUser).where(condition).limit(counting.limit).as('matching'))
  const inOrder = () => db.select().from(appUser).where(condition).orderBy(...userOrder(params)).limit(params.size).offset(params.offset)
  let rows: Array<typeof appUser.$inferSelect>
  let counted: number
  if (params.q) {
    counted = Number((await countQuery)[0]?.n ?? 0)
    if (counted === 0) rows = []
    else if (counted < counting.limit) {
      // the LIMIT (never reached: they are fewer) keeps the matches a subquery of their own, which
      // PostgreSQL does not pull up into the sorted walk
      const matches = db.$with('matches').as(db.select().from(appUser).where(condition).limit(counting.limit))
      rows = await db.with(matches).select().from(matches).orderBy(...userOrder(params, matches)).limit(params.size).offset(params.offset)
    } else rows = await inOrder()
  } else {
    const [page, [n]] = await Promise.all([inOrder(), countQuery])
    rows = page
    counted = Number(n?.n ?? 0)
  }
  const ids = rows.map((u) => u.id)
  const [roles, photos, groups] = ids.length === 0 ? [[], [], []] : await Promise.all([
    db.select({ userId: userRole.userId, name: role.name, isMain: userRole.isMain, validUntil: userRole.validUntil })
      .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(inArray(userRole.userId, ids)),
    db.select({ userId: userPhoto.userId, updatedAt: userPhoto.updatedAt }).from(userPhoto).where(inArray(userPhoto.userId, ids)),
    // the names of this page's groups only (a company may have thousands)
    db.select({ id: userGroup.id, name: userGroup.name }).from(userGroup)
      .where(and(eq(userGroup.companyId, companyId), inArray(userGroup.id, [...new Set(rows.flatMap((u) => (u.groupId ? [u.groupId] : [])))]))),
  ])
  const items = rows.map((u) => ({
    id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status,
    locked: u.lockedAt !== null, lockedAt: u.lockedAt?.toISOString() ?? null, createdAt: u.createdAt.toISOString(),
    groupName: groups.find((g) => g.id === u.groupId)?.name ?? null,
    photo: photoUrl(options.apiBase, u.id, photos.find((p) => p.userId === u.id)?.updatedAt),
    roles: roles.filter((x) => x.userId === u.id).map((x) => ({ name: x.name, isMain: x.isMain, validUntil: x.validUntil?.toISOString() ?? null })),
  }))
  const { total, totalCapped } = counting.answer(counted)
  return { ...listAnswer(items, total, params), totalCapped }
}

/**
 * The filtered list as CSV (the list's q, filters and sort; every page, at most 100,000 rows),
 * written by the maintained CSV writer (services/csv.ts: byte-order mark, every cell quoted,
 * formulas defused), with column names and values in `locale` and the creation time in the
 * company's time zone. The export is audited (`user.exported`).
 */
export async function exportUsers(c: Context<AppEnv>, params: UserListParams): Promise<string> {
  const { db } = c.get('deps')
  const companyId = c.get('session').companyId
  const rows = await db.select().from(appUser).where(listCondition(companyId, params)).orderBy(...userOrder(params)).limit(EXPORT_MAX_ROWS)
  const ids = rows.map((u) => u.id)
  const roles = ids.length === 0 ? [] : await db.select({ userId: userRole.userId, name: role.name })
    .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(inArray(userRole.userId, ids))
  const groupIds = [...new Set(rows.flatMap((u) => (u.groupId ? [u.groupId] : [])))]
  const groups = groupIds.length === 0 ? [] : await db.select({ id: userGroup.id, name: userGroup.name }).from(userGroup)
    .where(and(eq(userGroup.companyId, companyId), inArray(userGroup.id, groupIds)))
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
  return csv
}

/** The calendar day in Türkiye (UTC+3) of a moment: the valid-to date of an assignment valid until then. */
export function trDateOf(at: Date): string {
  return formatIsoDate(calendarDateOf(at)!)
}

/** One user of the company as the user's page shows them; 404 for anyone else. */
export async function userDetail(db: Db, companyId: string, id: string, apiBase: string, now: Date = new Date()) {
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

/**
 * Refuses (`code`) unless the company keeps another active superadmin whose superadmin role does not
 * end. Call it inside the write's transaction: it locks the company row first, so two admins who
 * suspend or demote two different superadmins at the same moment are served one after the other,
 * and the second sees the first's change (PostgreSQL's read committed takes a new snapshot per
 * statement).
 */
export async function keepAnotherSuperadmin(t: Db, companyId: string, exceptId: string, code: 'LAST_SUPERADMIN' | 'LAST_SUPERADMIN_ROLE') {
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
 * last active superadmin stays active. One transaction: the user's row (locked by the reach
 * check), the superadmin rule, the status, the ended sessions and the audit entry are written
 * together or not at all.
 */
export async function changeUserStatus(c: Context<AppEnv>, id: string, status: 'active' | 'suspended' | 'removed') {
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  if (id === session.userId) throw new AppError(422, 'SELF_STATUS')
  const now = clock.now()
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [before] = await t.select({ status: appUser.status }).from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
    if (!before) throw new AppError(404, 'NOT_FOUND')
    if (before.status === 'removed') throw new AppError(422, 'USER_REMOVED')
    await assertUserWithinReach(t, c, id)
    // read again once the reach check has locked the row: a parallel change is seen, not overwritten
    const [u] = await t.select().from(appUser).where(eq(appUser.id, id))
    if (!u) throw new AppError(404, 'NOT_FOUND')
    if (u.status === 'removed') throw new AppError(422, 'USER_REMOVED')
    const isSuper = status !== 'active' && (await t.select({ id: role.id }).from(userRole).innerJoin(role, eq(role.id, userRole.roleId))
      .where(and(eq(userRole.userId, id), eq(role.name, 'ROLE_SUPERADMIN')))).length > 0
    if (isSuper) await keepAnotherSuperadmin(t, session.companyId, id, 'LAST_SUPERADMIN')
    await t.update(appUser).set({ status, version: u.version + 1 }).where(eq(appUser.id, id))
    if (status !== 'active') await endUserSessions(t, id, status === 'removed' ? 'userRemoved' : 'userSuspended', now)
    await auditBySession(c, 'user.status', id, { before: { status: u.status }, after: { status } }, t)
  })
}

/*
 * The writes of a user's record (issue 26 item 3): creation, details, role assignments, photo, and
 * the reads of one user that routes/user.ts used to hold. Each write is one transaction with its
 * audit entry: the record and its entry are written together or not at all.
 */

/** The field a unique index refused (username, e-mail or national ID), or null for another error. */
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

/** 404 unless the user is of the company. */
export async function assertCompanyUser(db: Db, companyId: string, id: string) {
  const [u] = await db.select({ id: appUser.id }).from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, companyId)))
  if (!u) throw new AppError(404, 'NOT_FOUND')
}

/** Spec 7.5 `GET /user/userInfo/{id}`: personal information (identity, birth date, addresses). */
export async function userInfo(db: Db, companyId: string, id: string) {
  const [u] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, companyId)))
  if (!u) throw new AppError(404, 'NOT_FOUND')
  const addresses = await db.select().from(address).where(and(eq(address.companyId, companyId), eq(address.entityName, 'user'), eq(address.entityId, id)))
  return {
    id: u.id, firstName: u.firstName, lastName: u.lastName, gender: u.gender, country: u.countryCode, nationalId: u.nationalId,
    passportNo: u.passportNo, birthDate: u.birthDate, email: u.email, mobilePhone: u.mobilePhone,
    addresses: addresses.map((a) => ({ addressid: a.id, locationtype: a.locationType, locationname: a.locationName, countrycode: a.countryCode, citycode: a.cityCode, districtcode: a.districtCode, suburbcode: a.suburbCode, zipcode: a.zipCode, addresstext: a.addressText })),
  }
}

/** The list's bulk status change: each user as a single change (same rules), the outcome per user (a refusal's code). */
export async function changeUserStatuses(c: Context<AppEnv>, ids: string[], status: 'active' | 'suspended' | 'removed') {
  const results: Array<{ id: string; ok: true } | { id: string; ok: false; code: AppError['code'] }> = []
  for (const id of [...new Set(ids.map((x) => x.toLowerCase()))]) {
    try {
      await changeUserStatus(c, id, status)
      results.push({ id, ok: true })
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error
      results.push({ id, ok: false, code: error.code })
    }
  }
  return results
}

/**
 * The create-user wizard's submission (spec 2.2, 4): personal details, address, group and roles,
 * checked as a whole and written in one transaction. The user gets a temporary password (the
 * forced change at first sign-in); with e-mail notifications on, it is mailed to them through the
 * durable outbox, queued in the same transaction as the user (no user without their mail, no
 * mail for a user that was not created). A double submit creates one user: the second insert
 * meets the unique username and is refused with 409 USER_EXISTS on `personal.username`.
 */
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
