import type { Context } from 'hono'
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { calendarDateOf, formatIsoDate } from '../../domain/dates.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { address, appUser, company, jobTitle, role, userGroup, userPhoto, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { USER_EXPORT_TEXTS } from '../i18n.ts'
import { auditBySession } from './audit.ts'
import { assertUserWithinReach } from './authority.ts'
import { toCsv } from './csv.ts'
import { pendingEmailOf } from './email-change.ts'
import { cappedCount, containsPattern, listAnswer, orderBy, prefixPattern, type ListParams } from './list.ts'
import { endUserSessions } from './sessions.ts'

/**
 * The users of a company (issue 11; issue 25 item 14, issue 26 item 3): the list, its CSV, one
 * user's details and status, the queries and rules that routes/user.ts used to hold. Creation, edits,
 * role assignments and the photo are in services/user-edit.ts. The route reads and checks the request
 * and answers; what is read and written, and in which transaction, is here.
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

type PageRow = Pick<typeof appUser.$inferSelect, 'id' | 'username' | 'firstName' | 'lastName' | 'email' | 'status' | 'createdAt' | 'groupId' | 'lockedAt'>

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
 * A search's page is one query: the matches (at most the cap and one) read once through the
 * search's indexes, counted by a window over them and sorted for the page. Left to itself
 * PostgreSQL walks the sort order and tests every user until a page is full, which is quick for a
 * common word but reads 33,000 users for `yılmaz4` (1,393 matches, all late in the username order):
 * 186 ms against 5 ms. A count and then the page (as before) read the matches twice: 33 + 15 ms for
 * `yılmaz4`, against 16 ms for the one query. With more matches than the cap the walk finds a page
 * soon, and is used.
 */
export async function listUsers(db: Db, companyId: string, params: UserListParams, options: { apiBase: string; countCap: number }) {
  const condition = listCondition(companyId, params)
  const counting = cappedCount(options.countCap, params)
  const countQuery = db.select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(appUser).where(condition).limit(counting.limit).as('matching'))
  const inOrder = () => db.select().from(appUser).where(condition).orderBy(...userOrder(params)).limit(params.size).offset(params.offset)
  let rows: PageRow[]
  let counted: number
  if (params.q) {
    // one scan of the search's indexes: the matches (at most the cap and one), counted by a window
    // over them and sorted for the page; the LIMIT keeps the matches a subquery of their own, which
    // PostgreSQL does not pull up into a walk of the sort order
    const matches = db.$with('matches').as(db.select().from(appUser).where(condition).limit(counting.limit))
    const found = await db.with(matches).select({
      id: matches.id, username: matches.username, firstName: matches.firstName, lastName: matches.lastName, email: matches.email,
      status: matches.status, createdAt: matches.createdAt, groupId: matches.groupId, lockedAt: matches.lockedAt, n: sql<number>`(count(*) over ())::int` })
      .from(matches).orderBy(...userOrder(params, matches)).limit(params.size).offset(params.offset)
    counted = found.length > 0 ? Number(found[0]!.n) : params.offset === 0 ? 0 : Number((await countQuery)[0]?.n ?? 0)
    // more matches than the cap: those read are some of them, not the first in order; the walk finds a page soon
    rows = counted < counting.limit ? found : await inOrder()
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

/** The field a unique index refused (username, e-mail or national ID), or null for another error. *//** 404 unless the user is of the company. */
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
