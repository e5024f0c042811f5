import { Hono, type Context } from 'hono'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { CONSENT_DOCUMENTS, consentDocument, isWithdrawable, MESSAGE_CHANNELS, type ConsentName, type PermissionStatus } from '../../domain/consents.ts'
import { APPLICATION_PRODUCTS, type ApplicationProduct } from '../../domain/schemas/application.ts'
import { myConsentsRequestSchema, withdrawConsentSchema, type MyConsent, type MyConsentsView, type MySale } from '../../domain/schemas/my-consents.ts'
import type { AppEnv } from '../types.ts'
import { legalPermission, purchase } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { readJson, UUID_PATTERN } from '../http.ts'
import type { ServerLocale } from '../i18n.ts'
import { audit } from '../services/audit.ts'
import { publicRoute } from '../services/route-access.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { readLiveTicket } from '../services/sms/codes.ts'
import { smsKey } from './notification.ts'
import { consentProof } from '../services/sales-rules.ts'

/**
 * The customer's consent page (issue 24 item 10, KVKK art. 11; docs/decisions/consents.md "The
 * customer's consent page"): a phone verified by SMS for this page (a ticket of purpose
 * `consents`) reads the consents recorded from that phone, and withdraws an explicit consent it
 * gave. A withdrawal is a new record of legal_permission (the staff's "Rıza kayıtları" show it as
 * its own row) with the same proof as the consent: the document and version, the language and the
 * SHA-256 of the text, the time, IP, user agent, channel and request id. Records are reached only
 * through the verified phone: an id of another phone's record is "not found".
 */
type Row = typeof legalPermission.$inferSelect

async function verifiedPhone(c: Context<AppEnv>, ticket: string): Promise<string> {
  const { config, clock, db } = c.get('deps')
  const proof = await readLiveTicket(db, smsKey(config.secretsKey), ticket, clock.now())
  if (!proof || proof.purpose !== 'consents') throw new AppError(401, 'SMS_TICKET_INVALID')
  return proof.phone
}

const DOC_ORDER = new Map(CONSENT_DOCUMENTS.map((d, i) => [d.documentId, i]))
const nameOrder = (name: string) => CONSENT_DOCUMENTS.findIndex((d) => d.name === name)
const scopeOrder = (scope: string) => (MESSAGE_CHANNELS as readonly string[]).indexOf(scope)
const isProduct = (scope: string): scope is ApplicationProduct => (APPLICATION_PRODUCTS as readonly string[]).includes(scope)

/** A consent as it stands: its newest record, with when it was given (before a withdrawal). */
function consentView(history: Row[], locale: ServerLocale): MyConsent {
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
async function salesOf(c: Context<AppEnv>, phone: string): Promise<MySale[]> {
  const { db } = c.get('deps')
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
  const locale = c.get('locale')
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

export function myConsentsRoutes() {
  const r = new Hono<AppEnv>()
  // public like the other sales calls (the SMS ticket is the proof); writes carry the custom header
  r.use('*', publicRoute(), requireCustomHeaders)

  /** The verified phone's consents, per application (POST: the ticket stays out of addresses and logs). */
  r.post('/', async (c) => {
    const body = await readJson(c, myConsentsRequestSchema)
    const phone = await verifiedPhone(c, body.ticket)
    c.header('Cache-Control', 'no-store')
    const view: MyConsentsView = { phone, sales: await salesOf(c, phone) }
    return c.json(view)
  })

  /**
   * Withdraws the consent whose newest record is `id`: one transaction under an advisory lock on
   * the consent (sale, name, scope), so that parallel withdrawals record it once; the record must
   * be the phone's own, an explicit consent, accepted, and still the newest.
   */
  r.post('/withdraw', async (c) => {
    const body = await readJson(c, withdrawConsentSchema)
    const phone = await verifiedPhone(c, body.ticket)
    const { db, clock } = c.get('deps')
    const locale = c.get('locale')
    const now = clock.now()
    const withdrawn = await db.transaction(async (tx) => {
      const [given] = await tx.select().from(legalPermission)
        .where(and(eq(legalPermission.id, body.id.toLowerCase()), eq(legalPermission.phone, phone))).limit(1)
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
      return { row: row!, given }
    })
    await audit(c, 'consent.withdrawn', `${withdrawn.row.name}:${withdrawn.row.scope}`, withdrawn.row.partyId,
      { saleId: withdrawn.row.saleId, documentId: withdrawn.row.documentId, permissionId: withdrawn.row.id, withdraws: withdrawn.given.id, source: 'consentPage' })
    c.header('Cache-Control', 'no-store')
    return c.json(consentView([withdrawn.given, withdrawn.row], locale), 201)
  })
  return r
}
