import type { Context } from 'hono'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { CONSENT_DOCUMENTS, consentDocument, isWithdrawable, MESSAGE_CHANNELS, type ConsentName, type PermissionStatus } from '../../domain/consents.ts'
import { APPLICATION_PRODUCTS, type ApplicationProduct } from '../../domain/schemas/application.ts'
import type { MyConsent, MySale } from '../../domain/schemas/my-consents.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { legalPermission, purchase } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { UUID_PATTERN } from '../http.ts'
import type { ServerLocale } from '../i18n.ts'
import { audit } from './audit.ts'
import { consentProof } from './sales-rules.ts'

/**
 * The customer's consent page (issue 24 item 10, KVKK art. 11; docs/decisions/consents.md "The
 * customer's consent page"; issue 26 item 3 moved the queries out of routes/my-consents.ts): the
 * consents recorded from a verified phone, per application, and the withdrawal of one, a new
 * record of legal_permission with the same proof as the consent, written with its audit entry in
 * one transaction.
 */
type Row = typeof legalPermission.$inferSelect

const DOC_ORDER = new Map(CONSENT_DOCUMENTS.map((d, i) => [d.documentId, i]))
const nameOrder = (name: string) => CONSENT_DOCUMENTS.findIndex((d) => d.name === name)
const scopeOrder = (scope: string) => (MESSAGE_CHANNELS as readonly string[]).indexOf(scope)
const isProduct = (scope: string): scope is ApplicationProduct => (APPLICATION_PRODUCTS as readonly string[]).includes(scope)

/** A consent as it stands: its newest record, with when it was given (before a withdrawal). */
export function consentView(history: Row[], locale: ServerLocale): MyConsent {
  const latest = history.at(-1)!
  const doc = consentDocument(latest.documentId)
  const given = [...history].reverse().find((r) => r.status === 'ACCEPTED' || r.status === 'READ')
  return {
    id: latest.id,
    name: latest.name as ConsentName,
    scope: latest.scope,
    title: doc?.title[locale] ?? latest.documentId,
    documentId: latest.documentId,
    version: latest.documentVersion,
    text: doc?.text[locale] ?? '',
    locale: latest.locale,
    textSha256: latest.textSha256,
    status: latest.status as PermissionStatus,
    at: latest.at.toISOString(),
    channel: latest.channel,
    givenAt: latest.status === 'WITHDRAWN' && given ? given.at.toISOString() : null,
    withdrawable: latest.status === 'ACCEPTED' && !!doc && isWithdrawable(doc),
  }
}

/** The phone's records, one group per sale (newest sale first), each consent once (its newest record). */
export async function salesOfPhone(db: Db, phone: string, locale: ServerLocale): Promise<MySale[]> {
  const rows = await db.select().from(legalPermission).where(eq(legalPermission.phone, phone)).orderBy(asc(legalPermission.at), asc(legalPermission.id))
  const bySale = new Map<string, Map<string, Row[]>>()
  for (const row of rows) {
    const sale = bySale.get(row.saleId) ?? new Map<string, Row[]>()
    bySale.set(row.saleId, sale)
    const key = `${row.name}\u0000${row.scope}`
    sale.set(key, [...(sale.get(key) ?? []), row])
  }
  const saleIds = [...bySale.keys()].filter((id) => UUID_PATTERN.test(id))
  const issued = saleIds.length
    ? await db.select({ applicationId: purchase.applicationId, policyNumber: purchase.policyNumber }).from(purchase)
      .where(and(inArray(purchase.applicationId, saleIds), eq(purchase.status, 'issued')))
    : []
  const sales: MySale[] = [...bySale.entries()].map(([saleId, consents]) => {
    const all = [...consents.values()].flat()
    const product = all.map((r) => r.scope).find(isProduct) ?? null
    return {
      saleId,
      product,
      policyNumber: issued.find((p) => p.applicationId === saleId)?.policyNumber ?? null,
      startedAt: all.reduce((a, r) => (r.at < a ? r.at : a), all[0]!.at).toISOString(),
      consents: [...consents.values()].map((h) => consentView(h, locale))
        .sort((a, b) => (DOC_ORDER.get(a.documentId) ?? 99) - (DOC_ORDER.get(b.documentId) ?? 99) || nameOrder(a.name) - nameOrder(b.name) || scopeOrder(a.scope) - scopeOrder(b.scope)),
    }
  })
  return sales.sort((a, b) => b.startedAt.localeCompare(a.startedAt))
}

/**
 * Withdraws the consent whose newest record is `id`, for the verified `phone`: one transaction
 * under an advisory lock on the consent (sale, name, scope), so that parallel withdrawals record
 * it once; the record must be the phone's own, an explicit consent, accepted, and still the
 * newest. The withdrawal's record and its audit entry are written together or not at all.
 * Answers the consent as it now stands.
 */
export async function withdrawConsent(c: Context<AppEnv>, phone: string, id: string): Promise<MyConsent> {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const withdrawn = await db.transaction(async (t) => {
    const tx = t as unknown as Db
    const [given] = await tx.select().from(legalPermission)
      .where(and(eq(legalPermission.id, id.toLowerCase()), eq(legalPermission.phone, phone))).limit(1)
    if (!given) throw new AppError(404, 'CONSENT_NOT_FOUND')
    const doc = consentDocument(given.documentId)
    if (!doc || !isWithdrawable(doc)) throw new AppError(409, 'CONSENT_NOT_WITHDRAWABLE')
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consent:${given.saleId}:${given.name}:${given.scope}`}))`)
    const [latest] = await tx.select().from(legalPermission)
      .where(and(eq(legalPermission.saleId, given.saleId), eq(legalPermission.name, given.name), eq(legalPermission.scope, given.scope)))
      .orderBy(desc(legalPermission.at), desc(legalPermission.id)).limit(1)
    if (latest!.id !== given.id) throw new AppError(409, latest!.status === 'WITHDRAWN' ? 'CONSENT_ALREADY_WITHDRAWN' : 'CONSENT_CHANGED')
    if (given.status === 'WITHDRAWN') throw new AppError(409, 'CONSENT_ALREADY_WITHDRAWN')
    if (given.status !== 'ACCEPTED') throw new AppError(409, 'CONSENT_NOT_GIVEN')
    // strictly after the record it withdraws, so that "the newest record is the state" holds even within one millisecond
    const at = new Date(Math.max(now.getTime(), given.at.getTime() + 1))
    const [row] = await tx.insert(legalPermission).values({
      companyId: given.companyId,
      saleId: given.saleId,
      processStep: 'consentPage',
      partyId: given.partyId,
      name: given.name,
      status: 'WITHDRAWN',
      scope: given.scope,
      ...consentProof(c, doc),
      at,
      phone,
    }).returning()
    await audit(c, 'consent.withdrawn', `${row!.name}:${row!.scope}`, row!.partyId,
      { saleId: row!.saleId, documentId: row!.documentId, permissionId: row!.id, withdraws: given.id, source: 'consentPage' }, tx)
    return { row: row!, given }
  })
  return consentView([withdrawn.given, withdrawn.row], c.get('locale'))
}
