import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { address, appUser, auditLog, city, company, country, district, hometown, industry, jobTitle, optionItem, outbox, paymentOrder, role, tariffVersion, userGroup } from '../db/schema.ts'
import { localized, serverText, type ServerLocale } from '../i18n.ts'
import { AUDIT_ACTION_NAMES, AUDIT_FIELDS, AUDIT_PERMISSION_ACTIONS, AUDIT_PERMISSION_AREAS, AUDIT_SENTENCES, AUDIT_UNKNOWN, AUDIT_WORDS, caseEnding } from '../audit-texts.ts'
import { PERMISSION_CATALOGUE, toPermissionStrings } from '../../domain/permission-catalogue.ts'
import { CONSENT_DOCUMENTS } from '../../domain/consents.ts'
import type { AuditChange, AuditEntry, SentencePart } from '../../domain/audit-entry.ts'

/**
 * The audit log read by a person (issue 25 item 7): each entry as a sentence in the reader's
 * language, its actor and target by name with the address of their page (a deleted target keeps
 * the name its entry recorded), and its before/after as the fields that changed, with readable
 * names and values (ids resolved to names, secrets never shown).
 */
type Row = typeof auditLog.$inferSelect

/** What an entry is about, by its action's first word. */
export type TargetKind = 'user' | 'role' | 'group' | 'address' | 'jobtitle' | 'company' | 'mail' | 'payment' | 'tariff' | 'consent'

export function targetKind(action: string): TargetKind | null {
  const head = action.split('.')[0]
  switch (head) {
    case 'user': case 'auth': case 'seed': return 'user'
    case 'role': case 'group': case 'address': case 'jobtitle': case 'company': case 'mail': case 'payment': case 'tariff': case 'consent': return head
    case 'settings': return 'company'
    default: return null
  }
}

/** The answer's entry, with what the entry stored: the actor's username (or what was typed), the target's id. */
export type ReadableEntry = AuditEntry & { seq: number; actor: string | null; target: string | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const HIDDEN = new Set(['id', 'version', 'updatedAt', 'addressid', 'jobtitleid', 'textColour', 'holders', 'logo', 'passwordSealed', 'ip'])
const SETTINGS_PAGE: Record<string, string> = {
  'settings.security.updated': 'security', 'settings.mailServer.updated': 'mail-server', 'settings.mailServer.tested': 'mail-server',
  'settings.notification.updated': 'notification', 'settings.preferences.updated': 'preferences',
}

/** The sentence key of an entry: its action, or `action#variant` where the action has variants. */
export function sentenceKey(action: string, detail: Record<string, unknown>): string {
  if (action === 'user.status') {
    const after = (detail.after as { status?: string } | undefined)?.status
    return `user.status#${after === 'removed' || after === 'suspended' ? after : 'active'}`
  }
  if (action === 'settings.mailServer.tested') return `settings.mailServer.tested#${detail.ok ? 'ok' : 'failed'}`
  return action
}

/** The short name of an action in the language (the filter's options, the CSV's action column). */
export function actionName(action: string, locale: ServerLocale): string {
  const d = AUDIT_ACTION_NAMES[action]
  return d ? serverText(d, locale) : action
}

type Names = {
  users: Map<string, { id: string; name: string }>
  byUsername: Map<string, { id: string; name: string }>
  roles: Map<string, string>
  groups: Map<string, string>
  addresses: Map<string, string>
  jobTitles: Map<string, string>
  companies: Map<string, string>
  tariffs: Map<string, string>
  payments: Set<string>
  mails: Set<string>
  /** Codes of reference lists by their names in the reader's language: `field value` (a cascade's code with the codes above it). */
  lookups: Map<string, string>
}

/** Fields holding a code of an option list (the list's name). */
const OPTION_FIELDS: Record<string, string> = { experienceLevel: 'experienceLevels', locationtype: 'locationTypes', size: 'companySizes', gdprLevel: 'gdprLevels' }

/** The key of a coded value in `Names.lookups`: the address cascade's codes go with the codes above them. */
function lookupKey(key: string, value: string, side: Record<string, unknown>): string {
  const cc = String(side.countrycode ?? '')
  switch (key) {
    case 'citycode': return `city ${cc} ${value}`
    case 'districtcode': return `district ${cc} ${String(side.citycode ?? '')} ${value}`
    case 'suburbcode': return `suburb ${cc} ${String(side.citycode ?? '')} ${String(side.districtcode ?? '')} ${value}`
    case 'country': case 'countrycode': return `country ${value}`
    case 'sector': return `sector ${value}`
    default: return `${OPTION_FIELDS[key] ?? key} ${value}`
  }
}
const LOOKUP_FIELDS = new Set(['citycode', 'districtcode', 'suburbcode', 'country', 'countrycode', 'sector', ...Object.keys(OPTION_FIELDS)])

/** Every before/after (or the detail itself, for an entry without sides) of the rows. */
function sidesOf(rows: Row[]): Array<Record<string, unknown>> {
  return rows.flatMap((r) => {
    const d = (r.detail ?? {}) as Record<string, unknown>
    return 'before' in d || 'after' in d
      ? ['before', 'after'].map((k) => d[k]).filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
      : [d]
  })
}

/** The names of the coded values the rows hold (option lists, countries, the address cascade, sectors), in one query per kind. */
async function loadLookups(db: Db, rows: Row[], locale: ServerLocale): Promise<Map<string, string>> {
  const options: SQL[] = []
  const countries = new Set<string>()
  const sectors = new Set<string>()
  const cities: SQL[] = []
  const districts: SQL[] = []
  const suburbs: SQL[] = []
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  for (const side of sidesOf(rows)) {
    for (const [key, list] of Object.entries(OPTION_FIELDS)) {
      const v = str(side[key])
      if (v) options.push(and(eq(optionItem.list, list), eq(optionItem.value, v))!)
    }
    for (const key of ['country', 'countrycode']) { const v = str(side[key]); if (v) countries.add(v) }
    const sector = str(side.sector)
    if (sector) sectors.add(sector)
    const [cc, ci, di, su] = [str(side.countrycode), str(side.citycode), str(side.districtcode), str(side.suburbcode)]
    if (cc && ci) cities.push(and(eq(city.countryCode, cc), eq(city.code, ci))!)
    if (cc && ci && di) districts.push(and(eq(district.countryCode, cc), eq(district.cityCode, ci), eq(district.code, di))!)
    if (cc && ci && di && su) suburbs.push(and(eq(hometown.countryCode, cc), eq(hometown.cityCode, ci), eq(hometown.districtCode, di), eq(hometown.code, su))!)
  }
  const [opts, ctrs, secs, cits, dists, subs] = await Promise.all([
    options.length ? db.select().from(optionItem).where(or(...options)) : [],
    countries.size ? db.select().from(country).where(inArray(country.code, [...countries])) : [],
    sectors.size ? db.select().from(industry).where(inArray(industry.code, [...sectors])) : [],
    cities.length ? db.select().from(city).where(or(...cities)) : [],
    districts.length ? db.select().from(district).where(or(...districts)) : [],
    suburbs.length ? db.select().from(hometown).where(or(...suburbs)) : [],
  ])
  const out = new Map<string, string>()
  for (const o of opts) out.set(`${o.list} ${o.value}`, localized(o.name, locale))
  for (const c of ctrs) out.set(`country ${c.code}`, localized(c.name, locale))
  for (const x of secs) out.set(`sector ${x.code}`, `${x.code} ${localized(x.name, locale)}`)
  for (const x of cits) out.set(`city ${x.countryCode} ${x.code}`, x.name)
  for (const x of dists) out.set(`district ${x.countryCode} ${x.cityCode} ${x.code}`, x.name)
  for (const x of subs) out.set(`suburb ${x.countryCode} ${x.cityCode} ${x.districtCode} ${x.code}`, x.name)
  return out
}

/** A permission ('tag:action') by its area and action in the language ("Kullanıcılar: Ekleme"). */
function permissionLabel(permission: string, locale: ServerLocale): string {
  const [tag, action] = permission.split(':') as [string, string]
  const area = AUDIT_PERMISSION_AREAS[tag]
  const verb = AUDIT_PERMISSION_ACTIONS[action]
  return `${area ? serverText(area, locale) : tag}: ${verb ? serverText(verb, locale) : action}`
}

/** The catalogue's order of permissions (the drawer lists added and removed ones as the role matrix does). */
const PERMISSION_ORDER = new Map(PERMISSION_CATALOGUE.flatMap((e) => e.actions.map((a) => `${e.tag}:${a}`)).map((p, i) => [p, i]))

/** What a change of a role's permissions added and removed, by name, in the catalogue's order. */
export function permissionDiff(before: unknown, after: unknown, locale: ServerLocale): { added: string[]; removed: string[] } {
  const list = (v: unknown) => (Array.isArray(v) ? toPermissionStrings(v as string[]) : [])
  const b = new Set(list(before))
  const a = new Set(list(after))
  const order = (x: string, y: string) => (PERMISSION_ORDER.get(x) ?? 1e6) - (PERMISSION_ORDER.get(y) ?? 1e6)
  return {
    added: [...a].filter((p) => !b.has(p)).sort(order).map((p) => permissionLabel(p, locale)),
    removed: [...b].filter((p) => !a.has(p)).sort(order).map((p) => permissionLabel(p, locale)),
  }
}

const fullName = (u: { firstName: string; lastName: string; username: string }) => `${u.firstName} ${u.lastName}`.trim() || u.username

function idsOf(rows: Row[], kind: TargetKind): string[] {
  return [...new Set(rows.filter((r) => targetKind(r.action) === kind && r.target && UUID.test(r.target)).map((r) => r.target!))]
}

/** Ids inside before/after that name another record (a group, a job title, a work place, roles). */
function referencedIds(rows: Row[], key: string): string[] {
  const out = new Set<string>()
  for (const r of rows) for (const side of ['before', 'after']) {
    const v = ((r.detail ?? {})[side] as Record<string, unknown> | undefined)?.[key]
    if (typeof v === 'string' && UUID.test(v)) out.add(v)
    if (Array.isArray(v)) for (const x of v) {
      const id = typeof x === 'string' ? x : (x as { roleId?: unknown })?.roleId
      if (typeof id === 'string' && UUID.test(id)) out.add(id)
    }
  }
  return [...out]
}

/** Every name the entries need, in one query per kind (a page is at most 100 entries). */
async function loadNames(db: Db, companyId: string, rows: Row[], locale: ServerLocale): Promise<Names> {
  const userIds = idsOf(rows, 'user')
  const usernames = [...new Set(rows.map((r) => r.actor).filter((a): a is string => !!a))]
  const roleIds = [...new Set([...idsOf(rows, 'role'), ...referencedIds(rows, 'roles')])]
  const groupIds = [...new Set([...idsOf(rows, 'group'), ...referencedIds(rows, 'groupId'), ...referencedIds(rows, 'parentId')])]
  const addressIds = [...new Set([...idsOf(rows, 'address'), ...referencedIds(rows, 'workLocationId')])]
  const jobIds = [...new Set([...idsOf(rows, 'jobtitle'), ...referencedIds(rows, 'jobTitleId')])]
  const tariffIds = [...new Set(rows.filter((r) => r.action.startsWith('tariff.') && /^\d{1,9}$/.test(r.target ?? '')).map((r) => Number(r.target)))]
  const orderIds = [...new Set(rows.filter((r) => r.action.startsWith('payment.') && r.target).map((r) => r.target!))]
  const mailIds = idsOf(rows, 'mail')
  const userCols = { id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName }
  const [users, actors, roles, groups, addresses, jobs, companies, tariffs, payments, mails, lookups] = await Promise.all([
    userIds.length ? db.select(userCols).from(appUser).where(and(eq(appUser.companyId, companyId), inArray(appUser.id, userIds))) : [],
    usernames.length ? db.select(userCols).from(appUser).where(and(eq(appUser.companyId, companyId), inArray(appUser.username, usernames))) : [],
    roleIds.length ? db.select({ id: role.id, name: role.name }).from(role).where(and(eq(role.companyId, companyId), inArray(role.id, roleIds))) : [],
    groupIds.length ? db.select({ id: userGroup.id, name: userGroup.name }).from(userGroup).where(and(eq(userGroup.companyId, companyId), inArray(userGroup.id, groupIds))) : [],
    addressIds.length ? db.select({ id: address.id, name: address.locationName }).from(address).where(and(eq(address.companyId, companyId), inArray(address.id, addressIds))) : [],
    jobIds.length ? db.select({ id: jobTitle.id, name: jobTitle.title }).from(jobTitle).where(and(eq(jobTitle.companyId, companyId), inArray(jobTitle.id, jobIds))) : [],
    db.select({ id: company.id, name: company.name }).from(company).where(eq(company.id, companyId)),
    tariffIds.length ? db.select({ id: tariffVersion.id, version: tariffVersion.version }).from(tariffVersion).where(inArray(tariffVersion.id, tariffIds)) : [],
    orderIds.length ? db.select({ id: paymentOrder.orderId }).from(paymentOrder).where(and(eq(paymentOrder.companyId, companyId), inArray(paymentOrder.orderId, orderIds))) : [],
    mailIds.length ? db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, mailIds)) : [],
    loadLookups(db, rows, locale),
  ])
  return {
    users: new Map(users.map((u) => [u.id, { id: u.id, name: fullName(u) }])),
    byUsername: new Map(actors.map((u) => [u.username, { id: u.id, name: fullName(u) }])),
    roles: new Map(roles.map((x) => [x.id, x.name])),
    groups: new Map(groups.map((x) => [x.id, x.name])),
    addresses: new Map(addresses.map((x) => [x.id, x.name])),
    jobTitles: new Map(jobs.map((x) => [x.id, x.name])),
    companies: new Map(companies.map((x) => [x.id, x.name])),
    tariffs: new Map(tariffs.map((x) => [String(x.id), `v${x.version}`])),
    payments: new Set(payments.map((x) => x.id)),
    mails: new Set(mails.map((x) => x.id)),
    lookups,
  }
}

function recorded(detail: Record<string, unknown>, keys: string[]): string | null {
  for (const side of ['before', 'after']) {
    const v = (detail[side] as Record<string, unknown> | undefined) ?? {}
    for (const k of keys) if (typeof v[k] === 'string' && v[k]) return v[k] as string
  }
  for (const k of keys) if (typeof detail[k] === 'string' && detail[k]) return detail[k] as string
  return null
}

/** The target by name with its page; a target gone since keeps the name its entry recorded. */
function resolveTarget(row: Row, detail: Record<string, unknown>, names: Names, locale: ServerLocale): ReadableEntry['what'] {
  const kind = targetKind(row.action)
  const id = row.target
  if (!kind || !id) return null
  const known = (label: string | undefined, href: string) => (label !== undefined ? { label, href, deleted: false } : null)
  const gone = (name: string | null) => ({
    label: name ? serverText(AUDIT_WORDS.deleted, locale, { name }) : serverText(AUDIT_WORDS.unknownTarget, locale), href: null, deleted: true,
  })
  switch (kind) {
    case 'user': {
      const u = names.users.get(id)
      return u ? { label: u.name, href: `/navbar/settings/users/${id}`, deleted: false } : gone(recorded(detail, ['username']))
    }
    case 'role': return known(names.roles.get(id), `/navbar/settings/roles/${id}`) ?? gone(recorded(detail, ['rolename', 'name']))
    case 'group': {
      const name = names.groups.get(id)
      return name !== undefined ? { label: name, href: `/navbar/settings/team?q=${encodeURIComponent(name)}`, deleted: false } : gone(recorded(detail, ['name']))
    }
    case 'address': return known(names.addresses.get(id), '/navbar/settings/company/address') ?? gone(recorded(detail, ['locationname']))
    case 'jobtitle': return known(names.jobTitles.get(id), '/navbar/settings/company/job-titles') ?? gone(recorded(detail, ['jobtitle', 'title']))
    case 'company': {
      const page = SETTINGS_PAGE[row.action] ?? 'general'
      return known(names.companies.get(id), `/navbar/settings/company/${page}`) ?? gone(recorded(detail, ['name']))
    }
    case 'mail': {
      const to = typeof detail.recipient === 'string' ? detail.recipient : id
      return names.mails.has(id) ? { label: to, href: '/navbar/settings/company/outbox', deleted: false } : gone(to)
    }
    case 'payment': return names.payments.has(id) ? { label: id, href: '/navbar/settings/payments', deleted: false } : { label: id, href: null, deleted: false }
    case 'tariff': {
      const v = names.tariffs.get(id) ?? (typeof detail.version === 'number' ? `v${detail.version}` : null)
      return v ? { label: v, href: '/navbar/settings/tariffs', deleted: !names.tariffs.has(id) } : gone(null)
    }
    case 'consent': {
      const doc = CONSENT_DOCUMENTS.find((d) => d.name === id.split(':')[0])
      return { label: doc ? doc.title[locale] : id.split(':')[0]!, href: '/navbar/settings/consents', deleted: false }
    }
  }
}

const A = '\u0001A\u0002'
const T = '\u0001T\u0002'

function sentence(row: Row, detail: Record<string, unknown>, actor: ReadableEntry['who'], target: ReadableEntry['what'], locale: ServerLocale): SentencePart[] {
  const key = sentenceKey(row.action, detail)
  const descriptor = (AUDIT_SENTENCES as Record<string, { id: string; message: string }>)[key]
  const targetName = target?.label ?? serverText(AUDIT_WORDS.unknownTarget, locale)
  const values: Record<string, string | number> = {
    actor: A, target: T,
    targetAcc: T + caseEnding(locale, targetName, 'acc'), targetDat: T + caseEnding(locale, targetName, 'dat'), targetGen: T + caseEnding(locale, targetName, 'gen'),
    rows: typeof detail.rows === 'number' ? detail.rows : 0,
    attempts: typeof detail.attempts === 'number' ? detail.attempts : 0,
    recipient: typeof detail.recipient === 'string' ? detail.recipient : '',
    to: typeof detail.to === 'string' ? detail.to : '',
    action: row.action,
  }
  const text = descriptor ? serverText(descriptor, locale, values) : serverText(AUDIT_UNKNOWN, locale, values)
  const parts: SentencePart[] = []
  for (const piece of text.split(/(\u0001[AT]\u0002)/)) {
    if (piece === A) parts.push({ actor: actor.name, href: actor.href })
    else if (piece === T) parts.push({ target: targetName, href: target?.href ?? null, deleted: target?.deleted ?? false })
    else if (piece) parts.push({ text: piece })
  }
  return parts
}

/** The sentence as plain text (the CSV, a screen reader's summary). */
export function sentenceText(parts: SentencePart[]): string {
  return parts.map((p) => ('text' in p ? p.text : 'actor' in p ? p.actor : p.target)).join('')
}

function readableValue(key: string, value: unknown, names: Names, locale: ServerLocale, side: Record<string, unknown> = {}): string | null {
  if (value === undefined) return null
  if (value === '[redacted]') return serverText(AUDIT_WORDS.secret, locale)
  if (value === null || value === '') return serverText(AUDIT_WORDS.empty, locale)
  if (typeof value === 'boolean') return serverText(value ? AUDIT_WORDS.yes : AUDIT_WORDS.no, locale)
  if (key === 'status' && typeof value === 'string') {
    const w = { active: AUDIT_WORDS.statusActive, suspended: AUDIT_WORDS.statusSuspended, removed: AUDIT_WORDS.statusRemoved }[value]
    if (w) return serverText(w, locale)
  }
  if (LOOKUP_FIELDS.has(key) && typeof value === 'string' && value !== '') {
    const name = names.lookups.get(lookupKey(key, value, side))
    if (name) return name
  }
  if (key === 'permissions' && Array.isArray(value)) {
    const count = value.reduce((n: number, e) => n + (Array.isArray((e as { actions?: unknown[] })?.actions) ? (e as { actions: unknown[] }).actions.length : 1), 0)
    return serverText(AUDIT_WORDS.permissionCount, locale, { count })
  }
  if (typeof value === 'string' && UUID.test(value)) {
    const name = key === 'groupId' || key === 'parentId' ? names.groups.get(value)
      : key === 'jobTitleId' ? names.jobTitles.get(value) : key === 'workLocationId' ? names.addresses.get(value) : names.roles.get(value)
    return name ?? serverText(AUDIT_WORDS.unknownTarget, locale)
  }
  if (Array.isArray(value)) {
    return value.map((x) => {
      const id = typeof x === 'string' ? x : (x as { roleId?: string })?.roleId
      if (id && UUID.test(id)) return names.roles.get(id) ?? serverText(AUDIT_WORDS.unknownTarget, locale)
      return typeof x === 'object' ? '' : String(x)
    }).filter(Boolean).join(', ')
  }
  if (typeof value === 'object') return null
  return String(value)
}

/** The fields' order in the drawer and the CSV: as AUDIT_FIELDS names them (stored JSONB keeps no order of its own). */
const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELDS).map((k, i) => [k, i]))

/** The fields that changed (a creation: every field it set; a deletion: every field it had), named and readable. */
export function changesOf(detail: Record<string, unknown>, names: Names, locale: ServerLocale): AuditChange[] {
  const before = (detail.before && typeof detail.before === 'object' ? detail.before : {}) as Record<string, unknown>
  const after = (detail.after && typeof detail.after === 'object' ? detail.after : {}) as Record<string, unknown>
  const hasSides = 'before' in detail || 'after' in detail
  const out: AuditChange[] = []
  if (hasSides) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => (FIELD_ORDER.get(x) ?? 1e6) - (FIELD_ORDER.get(y) ?? 1e6))) {
      if (HIDDEN.has(key) || !AUDIT_FIELDS[key]) continue
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
      const b = readableValue(key, before[key], names, locale, before)
      const a = readableValue(key, after[key], names, locale, after)
      const change: AuditChange = { field: key, label: serverText(AUDIT_FIELDS[key]!, locale), before: key in before ? b : null, after: key in after ? a : null }
      if (key === 'permissions') Object.assign(change, permissionDiff(before[key], after[key], locale))
      else if (b === a && b !== null) continue
      out.push(change)
    }
  } else {
    // an entry without before/after (a test of the mail server, a resend): its facts, as "after"
    for (const [key, value] of Object.entries(detail).sort(([x], [y]) => (FIELD_ORDER.get(x) ?? 1e6) - (FIELD_ORDER.get(y) ?? 1e6))) {
      if (HIDDEN.has(key) || !AUDIT_FIELDS[key]) continue
      const a = readableValue(key, value, names, locale, detail)
      if (a !== null) out.push({ field: key, label: serverText(AUDIT_FIELDS[key]!, locale), before: null, after: a })
    }
  }
  return out
}

/** The entries as a person reads them, in `locale`. */
export async function readableEntries(db: Db, companyId: string, rows: Row[], locale: ServerLocale): Promise<ReadableEntry[]> {
  const names = await loadNames(db, companyId, rows, locale)
  return rows.map((row) => {
    const { ip, ...detail } = (row.detail ?? {}) as Record<string, unknown>
    const known = row.actor ? names.byUsername.get(row.actor) : undefined
    const customer = row.action.startsWith('consent.') && !row.action.endsWith('exported')
    const actor = customer
      ? { name: serverText(AUDIT_WORDS.customer, locale), username: null, href: null }
      : known
        ? { name: known.name, username: row.actor, href: `/navbar/settings/users/${known.id}` }
        : { name: !row.actor || row.actor === 'system' ? serverText(AUDIT_WORDS.system, locale) : row.actor, username: row.actor, href: null }
    const target = resolveTarget(row, detail, names, locale)
    const parts = sentence(row, detail, actor, target, locale)
    return {
      id: row.id, seq: row.seq, at: row.at.toISOString(), actor: row.actor, target: row.target, action: row.action, actionName: actionName(row.action, locale),
      sentence: parts, text: sentenceText(parts), who: actor, what: target, changes: changesOf(detail, names, locale),
      ip: typeof ip === 'string' ? ip : null, requestId: row.requestId,
    }
  })
}

/** A user's own events: entries about them, and entries they wrote (by their username). */
export async function userEventsCondition(db: Db, companyId: string, userId: string, as?: 'actor' | 'target') {
  const [u] = await db.select({ username: appUser.username }).from(appUser).where(and(eq(appUser.id, userId), eq(appUser.companyId, companyId)))
  if (!u) return null
  if (as === 'actor') return sql`${auditLog.actor} = ${u.username}`
  if (as === 'target') return sql`${auditLog.target} = ${userId}`
  return sql`(${auditLog.target} = ${userId} or ${auditLog.actor} = ${u.username})`
}
