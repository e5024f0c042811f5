import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { address, appUser, auditLog, company, jobTitle, role, userGroup } from '../db/schema.ts'
import { serverText, type ServerLocale } from '../i18n.ts'
import { AUDIT_ACTIONS, AUDIT_WORDS } from '../audit-texts.ts'
import { cappedCount, listAnswer, prefixPattern, type ListParams } from './list.ts'
import { actionName, readableEntries, userEventsCondition } from './audit-read.ts'
import { csvPart } from './csv.ts'
import type { AuditChange } from '../../domain/audit-entry.ts'

/**
 * The audit log's list, its actions and its CSV (issue 25 item 7 and 14; issue 26 item 3): the
 * queries routes/audit.ts used to hold. The route reads the request and answers; what is read, in
 * which order and how the CSV is written is here.
 */

/** The CSV's rows at most (a larger export is narrowed with the filters). Streamed a page at a time, never held whole. */
export const AUDIT_EXPORT_MAX = 100_000
/** The CSV's rows read (and their names looked up) at a time. */
export const AUDIT_EXPORT_PAGE = 500

export const AUDIT_SORTS = ['at', 'action', 'actor'] as const
export type AuditFilters = { actor?: string; action?: string; target?: string; user?: string; as?: 'actor' | 'target'; from?: string; to?: string }
export type AuditListParams = ListParams<AuditFilters>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

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

/** The ids of what bears a name (the target filter typed as a name): users, roles, groups, job titles, addresses. */
async function targetIdsNamed(db: Db, companyId: string, text: string): Promise<string[]> {
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

/**
 * The list's filters as one condition: the company; a person (`user`: entries by or about them,
 * or with `as` only by them (`actor`) or only about them (`target`); `actor`: by a username); an action (or an action prefix ending in '.'); a target (its id, or a
 * name: the users, roles, groups, job titles and addresses of that name); a period [from, to).
 */
export async function auditCondition(db: Db, companyId: string, params: AuditListParams): Promise<SQL> {
  const f = params.filters
  const where: SQL[] = [eq(auditLog.companyId, companyId)]
  if (f.user) where.push((await userEventsCondition(db, companyId, f.user, f.as)) ?? sql`false`)
  if (f.actor) where.push(sql`lower(${auditLog.actor}) = lower(${f.actor})`)
  if (f.action) where.push(f.action.endsWith('.') ? sql`${auditLog.action} like ${prefixPattern(f.action)}` : eq(auditLog.action, f.action))
  if (f.target) where.push(UUID.test(f.target) ? eq(auditLog.target, f.target) : inArray(auditLog.target, [f.target, ...(await targetIdsNamed(db, companyId, f.target))]))
  if (f.from) where.push(gte(auditLog.at, new Date(f.from)))
  if (f.to) where.push(lt(auditLog.at, new Date(f.to)))
  if (params.q) {
    const p = prefixPattern(params.q)
    where.push(or(sql`lower(${auditLog.actor}) like ${p}`, sql`${auditLog.action} like ${p}`, eq(auditLog.target, params.q))!)
  }
  return and(...where)!
}

/** One page of the log as sentences, counted as far as the cap (or the page asked for) and no further: "10.000+" past it. */
export async function listAudit(db: Db, companyId: string, params: AuditListParams, options: { countCap: number; locale: ServerLocale }) {
  const condition = await auditCondition(db, companyId, params)
  const counting = cappedCount(options.countCap, params)
  const [rows, [counted]] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(...auditOrder(params.sort)).limit(params.size).offset(params.offset),
    db.select({ n: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1` }).from(auditLog).where(condition).limit(counting.limit).as('matching')),
  ])
  const items = await readableEntries(db, companyId, rows, options.locale)
  const { total, totalCapped } = counting.answer(Number(counted?.n ?? 0))
  return { ...listAnswer(items, total, params), totalCapped }
}

/** A change as the CSV writes it: "Alan: önce → sonra", a role's permissions with what was added and removed. */
function changeText(ch: AuditChange, locale: ServerLocale): string {
  const diff = [
    ch.added?.length ? serverText(AUDIT_WORDS.permissionsAdded, locale, { list: ch.added.join(', ') }) : null,
    ch.removed?.length ? serverText(AUDIT_WORDS.permissionsRemoved, locale, { list: ch.removed.join(', ') }) : null,
  ].filter(Boolean)
  return `${ch.label}: ${ch.before ?? '—'} → ${ch.after ?? '—'}${diff.length ? ` (${diff.join('; ')})` : ''}`
}

/** The actions the log knows, with their names in the reader's language (the action filter's options). */
export function auditActions(locale: ServerLocale) {
  return AUDIT_ACTIONS.map((action) => ({ action, name: actionName(action, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

/**
 * The filtered entries as CSV (the list's filters and sort, at most AUDIT_EXPORT_MAX rows), in the
 * reader's language and the company's time zone, as a stream: the header first, then
 * AUDIT_EXPORT_PAGE rows at a time, each page read, named and written when the reader asks for more,
 * so a large export never sits whole in memory. The export sees the log as it was when it began
 * (entries up to the newest `seq` then; entries written meanwhile, its own included, are not in it),
 * and `rows` is the number it will hold, counted first (the audit entry of the export records it).
 */
export async function auditCsvExport(db: Db, companyId: string, params: AuditListParams, locale: ServerLocale) {
  const filtered = await auditCondition(db, companyId, params)
  const [newest] = await db.select({ seq: sql<string | null>`max(${auditLog.seq})::text` }).from(auditLog).where(eq(auditLog.companyId, companyId))
  const condition = and(filtered, lte(auditLog.seq, Number(newest?.seq ?? 0)))!
  const [counted] = await db.select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(auditLog).where(condition).limit(AUDIT_EXPORT_MAX).as('matching'))
  const rows = Number(counted?.n ?? 0)
  const [co] = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, companyId))
  const timeZone = co?.timeZone || 'Europe/Istanbul'
  const when = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
  const w = (d: { id: string; message: string }) => serverText(d, locale)
  const header = [`${w(AUDIT_WORDS.colTime)} (${timeZone})`, w(AUDIT_WORDS.colEvent), w(AUDIT_WORDS.colActor), w(AUDIT_WORDS.colAction),
    w(AUDIT_WORDS.colTarget), w(AUDIT_WORDS.colChanges), w(AUDIT_WORDS.colIp), w(AUDIT_WORDS.colRequest)]
  const encoder = new TextEncoder()
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvPart([header], true)))
    },
    async pull(controller) {
      const size = Math.min(AUDIT_EXPORT_PAGE, rows - offset)
      if (size <= 0) { controller.close(); return }
      const page = await db.select().from(auditLog).where(condition).orderBy(...auditOrder(params.sort)).limit(size).offset(offset)
      offset += size
      if (page.length === 0) { controller.close(); return }
      const entries = await readableEntries(db, companyId, page, locale)
      controller.enqueue(encoder.encode(csvPart(entries.map((e, i) => [
        when.format(page[i]!.at), e.text, e.who.username && e.who.username !== e.who.name ? `${e.who.name} (${e.who.username})` : e.who.name,
        e.actionName, e.what?.label ?? '', e.changes.map((ch) => changeText(ch, locale)).join('; '), e.ip ?? '', e.requestId ?? '',
      ]), false)))
    },
  })
  return { rows, stream }
}
