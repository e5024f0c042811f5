import type { Context } from 'hono'
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { company, legalPermission } from '../db/schema.ts'
import { consentDocument, type PermissionStatus } from '../../domain/consents.ts'
import { maskIp, maskPartyId } from '../../domain/masking.ts'
import { CONSENT_EXPORT_TEXTS } from '../i18n.ts'
import { auditBySession } from './audit.ts'
import { toCsv } from './csv.ts'
import { orderBy, type ListParams } from './list.ts'

/**
 * Consent records for staff (issue 25 item 8; issue 26 item 3 moved the queries out of
 * routes/consent.ts): the list of a company's legal permissions and its CSV export.
 */

/** The CSV's rows at most (a larger export is narrowed with the filters). */
export const CONSENT_EXPORT_MAX = 10_000

export type ConsentFilters = { saleId?: string; partyId?: string; name?: string; status?: PermissionStatus; channel?: string; from?: string; to?: string }

function query(companyId: string, params: ListParams<ConsentFilters>) {
  const f = params.filters
  const where: SQL[] = [eq(legalPermission.companyId, companyId)]
  if (f.saleId) where.push(eq(legalPermission.saleId, f.saleId.toLowerCase()))
  if (f.partyId) where.push(eq(legalPermission.partyId, f.partyId.startsWith('tel:') ? f.partyId : f.partyId.toUpperCase()))
  if (f.name) where.push(eq(legalPermission.name, f.name))
  if (f.status) where.push(eq(legalPermission.status, f.status))
  if (f.channel) where.push(eq(legalPermission.channel, f.channel))
  if (f.from) where.push(gte(legalPermission.at, new Date(f.from)))
  if (f.to) where.push(lt(legalPermission.at, new Date(f.to)))
  const order = orderBy(params, { at: legalPermission.at, name: legalPermission.name, status: legalPermission.status }, [desc(legalPermission.at)], legalPermission.id)
  return { condition: and(...where), order }
}

/** A record as staff see it: the person's national ID and the client address masked. */
function item(row: typeof legalPermission.$inferSelect, locale: 'tr' | 'en' | 'ru') {
  return {
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
  }
}

export async function listConsents(db: Db, companyId: string, params: ListParams<ConsentFilters>, locale: 'tr' | 'en' | 'ru') {
  const { condition, order } = query(companyId, params)
  const [rows, [total]] = await Promise.all([
    db.select().from(legalPermission).where(condition).orderBy(...order).limit(params.size).offset(params.offset),
    db.select({ n: count() }).from(legalPermission).where(condition),
  ])
  return { items: rows.map((row) => item(row, locale)), total: total?.n ?? 0 }
}

/** The filtered records as CSV (the shared CSV writer), in the reader's language and the company's time zone; the export is audited. */
export async function exportConsents(c: Context<AppEnv>, params: ListParams<ConsentFilters>): Promise<string> {
  const { db } = c.get('deps')
  const companyId = c.get('session').companyId
  const { condition, order } = query(companyId, params)
  const rows = await db.select().from(legalPermission).where(condition).orderBy(...order).limit(CONSENT_EXPORT_MAX)
  const [co] = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, companyId))
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
  return csv
}
