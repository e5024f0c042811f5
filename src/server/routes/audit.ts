import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { Context } from 'hono'
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { address, appUser, auditLog, company, jobTitle, role, userGroup } from '../db/schema.ts'
import { cappedCount, isoDateTime, listAnswer, prefixPattern, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'
import { actionName, readableEntries, userEventsCondition } from '../services/audit-read.ts'
import { auditBySession } from '../services/audit.ts'
import { toCsv } from '../services/csv.ts'
import { serverText } from '../i18n.ts'
import { AUDIT_ACTIONS, AUDIT_WORDS } from '../audit-texts.ts'

/** The CSV's rows at most (a larger export is narrowed with the filters; the file says so in its name). */
export const AUDIT_EXPORT_MAX = 10_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuid = z.string().check(z.regex(UUID))

const name = z.string().check(z.minLength(1), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))

/**
 * A fixed order (issue 25 item 7): the chosen column, then the time and the write order (`seq`),
 * so entries of one transaction (the same `at`) never swap places between two reads or pages.
 * The time's direction decides the tie-breakers' (newest first by default).
 */
export function auditOrder(sort: { field: string; dir: 'asc' | 'desc' } | null): SQL[] {
  const dir = (sort?.field === 'at' ? sort.dir : 'desc') === 'asc' ? asc : desc
  const byTime = [dir(auditLog.at), dir(auditLog.seq)]
  if (!sort || sort.field === 'at') return byTime
  const column = sort.field === 'action' ? auditLog.action : auditLog.actor
  return [sort.dir === 'desc' ? desc(column) : asc(column), ...byTime]
}

/** The audit log (issue 11 section 5): who did what, when, from where, for roles holding audit:read. */
export function auditRoutes() {
  const r = new Hono<AppEnv>()

  /**
   * The list's filters as one condition: the company; a person (`user`: entries by or about them;
   * `actor`: by a username); an action (or an action prefix ending in '.'); a target (its id, or a
   * name: the users, roles, groups, job titles and addresses of that name); a period [from, to).
   */
  async function filtered(c: Context<AppEnv>) {
    const params = readList(c, ['at', 'action', 'actor'], { actor: name, action: name, target: name, user: uuid, from: isoDateTime, to: isoDateTime })
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const f = params.filters
    const where: SQL[] = [eq(auditLog.companyId, companyId)]
    if (f.user) where.push((await userEventsCondition(db, companyId, f.user)) ?? sql`false`)
    if (f.actor) where.push(sql`lower(${auditLog.actor}) = lower(${f.actor})`)
    if (f.action) where.push(f.action.endsWith('.') ? sql`${auditLog.action} like ${prefixPattern(f.action)}` : eq(auditLog.action, f.action))
    if (f.target) where.push(UUID.test(f.target) ? eq(auditLog.target, f.target) : inArray(auditLog.target, [f.target, ...(await targetIdsNamed(c, f.target))]))
    if (f.from) where.push(gte(auditLog.at, new Date(f.from)))
    if (f.to) where.push(lt(auditLog.at, new Date(f.to)))
    if (params.q) {
      const p = prefixPattern(params.q)
      where.push(or(sql`lower(${auditLog.actor}) like ${p}`, sql`${auditLog.action} like ${p}`, eq(auditLog.target, params.q))!)
    }
    return { params, condition: and(...where) }
  }

  r.get('/', permit('audit:read'), async (c) => {
    const { db } = c.get('deps')
    const { params, condition } = await filtered(c)
    // counted as far as the cap (or the page asked for) and no further: "10.000+" past it
    const counting = cappedCount(c.get('deps').config.auditCountCap, params)
    const [rows, [counted]] = await Promise.all([
      db.select().from(auditLog).where(condition)
        .orderBy(...auditOrder(params.sort))
        .limit(params.size).offset(params.offset),
      db.select({ n: sql<number>`count(*)::int` })
        .from(db.select({ one: sql`1` }).from(auditLog).where(condition).limit(counting.limit).as('matching')),
    ])
    const items = await readableEntries(db, c.get('session').companyId, rows, c.get('locale'))
    const { total, totalCapped } = counting.answer(Number(counted?.n ?? 0))
    return c.json({ ...listAnswer(items, total, params), totalCapped })
  })

  /** The actions the log knows, with their names in the reader's language (the action filter's options). */
  r.get('/actions', permit('audit:read'), (c) => {
    const locale = c.get('locale')
    const items = AUDIT_ACTIONS.map((action) => ({ action, name: actionName(action, locale) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale))
    return c.json({ items })
  })

  /**
   * The filtered entries as CSV (the list's filters and sort, at most AUDIT_EXPORT_MAX rows, newest
   * first), in the reader's language and the company's time zone, by the shared CSV writer. The
   * export is itself audited (`audit.exported`).
   */
  r.get('/csv', permit('audit:read'), async (c) => {
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const { params, condition } = await filtered(c)
    const rows = await db.select().from(auditLog).where(condition).orderBy(...auditOrder(params.sort)).limit(AUDIT_EXPORT_MAX)
    const locale = c.get('locale')
    const [co] = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, companyId))
    const timeZone = co?.timeZone || 'Europe/Istanbul'
    const when = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    const entries = []
    // names are looked up a page at a time, as the list does
    for (let i = 0; i < rows.length; i += 500) entries.push(...await readableEntries(db, companyId, rows.slice(i, i + 500), locale))
    const w = (d: { id: string; message: string }) => serverText(d, locale)
    const header = [`${w(AUDIT_WORDS.colTime)} (${timeZone})`, w(AUDIT_WORDS.colEvent), w(AUDIT_WORDS.colActor), w(AUDIT_WORDS.colAction),
      w(AUDIT_WORDS.colTarget), w(AUDIT_WORDS.colChanges), w(AUDIT_WORDS.colIp), w(AUDIT_WORDS.colRequest)]
    const csv = toCsv(header, entries.map((e, i) => [
      when.format(rows[i]!.at), e.text, e.who.username && e.who.username !== e.who.name ? `${e.who.name} (${e.who.username})` : e.who.name,
      e.actionName, e.what?.label ?? '', e.changes.map((ch) => `${ch.label}: ${ch.before ?? '—'} → ${ch.after ?? '—'}`).join('; '), e.ip ?? '', e.requestId ?? '',
    ]))
    await auditBySession(c, 'audit.exported', null, { rows: rows.length, filters: params.filters, q: params.q })
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="audit-log.csv"',
        'x-content-type-options': 'nosniff',
      },
    })
  })

  /** The ids of what bears a name (the target filter typed as a name): users, roles, groups, job titles, addresses. */
  async function targetIdsNamed(c: Context<AppEnv>, text: string): Promise<string[]> {
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const exact = text.replace(/[\\%_]/g, (m) => '\\' + m)
    const [users, roles, groups, jobs, addresses] = await Promise.all([
      db.select({ id: appUser.id }).from(appUser).where(and(eq(appUser.companyId, companyId),
        or(sql`lower(${appUser.username}) = lower(${text})`, sql`lower(${appUser.firstName} || ' ' || ${appUser.lastName}) = lower(${text})`))).limit(50),
      db.select({ id: role.id }).from(role).where(and(eq(role.companyId, companyId), ilike(role.name, exact))).limit(50),
      db.select({ id: userGroup.id }).from(userGroup).where(and(eq(userGroup.companyId, companyId), ilike(userGroup.name, exact))).limit(50),
      db.select({ id: jobTitle.id }).from(jobTitle).where(and(eq(jobTitle.companyId, companyId), ilike(jobTitle.title, exact))).limit(50),
      db.select({ id: address.id }).from(address).where(and(eq(address.companyId, companyId), ilike(address.locationName, exact))).limit(50),
    ])
    return [...users, ...roles, ...groups, ...jobs, ...addresses].map((x) => x.id)
  }

  return r
}
