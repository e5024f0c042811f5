import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { company, legalPermission } from '../db/schema.ts'
import { consentDocument, PERMISSION_STATUSES } from '../../domain/consents.ts'
import { maskIp, maskPartyId } from '../../domain/masking.ts'
import { CONSENT_EXPORT_TEXTS } from '../i18n.ts'
import { auditBySession } from '../services/audit.ts'
import { toCsv } from '../services/csv.ts'
import { isoDateTime, listAnswer, orderBy, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FILTERS = {
  /** The application (sale) id. */
  saleId: z.string().check(z.regex(UUID)),
  /** The person: their whole national ID (shown masked; found only by the whole number). */
  partyId: z.string().check(z.regex(/^(tel:\+\d{8,15}|[A-Za-z0-9]{5,20})$/)),
  name: z.string().check(z.regex(/^[a-z]{3,40}$/)),
  status: z.enum(PERMISSION_STATUSES),
  channel: z.string().check(z.regex(/^[A-Z]{2,10}$/)),
  from: isoDateTime,
  to: isoDateTime,
}
/** The CSV's rows at most (a larger export is narrowed with the filters). */
export const CONSENT_EXPORT_MAX = 10_000

/**
 * Consent records for staff (issue 25 item 8, `consent:read`): the sales flows' legal permissions
 * (append-only, docs/decisions/consents.md) of the caller's company, newest first, with the
 * document's title in the reader's language, its version and the SHA-256 of the exact text, the
 * status (a withdrawal is its own record), channel, step and time. The person's national ID and
 * the client address are masked: staff find a person by the whole number, never read it back.
 */
export function consentRoutes() {
  const r = new Hono<AppEnv>()

  function query(c: Context<AppEnv>) {
    const params = readList(c, ['at', 'name', 'status'], FILTERS)
    const f = params.filters
    const where: SQL[] = [eq(legalPermission.companyId, c.get('session').companyId)]
    if (f.saleId) where.push(eq(legalPermission.saleId, f.saleId.toLowerCase()))
    if (f.partyId) where.push(eq(legalPermission.partyId, f.partyId.startsWith('tel:') ? f.partyId : f.partyId.toUpperCase()))
    if (f.name) where.push(eq(legalPermission.name, f.name))
    if (f.status) where.push(eq(legalPermission.status, f.status))
    if (f.channel) where.push(eq(legalPermission.channel, f.channel))
    if (f.from) where.push(gte(legalPermission.at, new Date(f.from)))
    if (f.to) where.push(lt(legalPermission.at, new Date(f.to)))
    const order = orderBy(params, { at: legalPermission.at, name: legalPermission.name, status: legalPermission.status }, [desc(legalPermission.at)], legalPermission.id)
    return { params, condition: and(...where), order }
  }

  const item = (row: typeof legalPermission.$inferSelect, locale: 'tr' | 'en' | 'ru') => ({
    id: row.id,
    at: row.at.toISOString(),
    saleId: row.saleId,
    party: maskPartyId(row.partyId),
    name: row.name,
    title: consentDocument(row.documentId)?.title[locale] ?? row.documentId,
    documentId: row.documentId,
    version: row.documentVersion,
    textSha256: row.textSha256,
    locale: row.locale,
    status: row.status,
    scope: row.scope,
    channel: row.channel,
    processStep: row.processStep,
    ip: maskIp(row.ip),
  })

  r.get('/', permit('consent:read'), async (c) => {
    const { db } = c.get('deps')
    const { params, condition, order } = query(c)
    const [rows, [total]] = await Promise.all([
      db.select().from(legalPermission).where(condition).orderBy(...order).limit(params.size).offset(params.offset),
      db.select({ n: count() }).from(legalPermission).where(condition),
    ])
    const locale = c.get('locale')
    return c.json(listAnswer(rows.map((row) => item(row, locale)), total?.n ?? 0, params))
  })

  /** The filtered records as CSV (the shared CSV writer), in the reader's language and the company's time zone. */
  r.get('/csv', permit('consent:read'), async (c) => {
    const { db } = c.get('deps')
    const { params, condition, order } = query(c)
    const rows = await db.select().from(legalPermission).where(condition).orderBy(...order).limit(CONSENT_EXPORT_MAX)
    const [co] = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, c.get('session').companyId))
    const timeZone = co?.timeZone || 'Europe/Istanbul'
    const when = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    const locale = c.get('locale')
    const texts = CONSENT_EXPORT_TEXTS[locale]
    const header = texts.columns.map((name, i) => (i === 0 ? `${name} (${timeZone})` : name))
    const csv = toCsv(header, rows.map((row) => {
      const x = item(row, locale)
      return [when.format(row.at), x.saleId, x.party, x.title, x.documentId, String(x.version), x.textSha256, x.locale,
        texts.status[x.status] ?? x.status, x.scope, x.channel, x.processStep, x.ip]
    }))
    await auditBySession(c, 'consent.exported', null, { rows: rows.length, filters: params.filters })
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="consents.csv"',
        'x-content-type-options': 'nosniff',
      },
    })
  })

  return r
}
