import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { and, eq, gt, lt } from 'drizzle-orm'
import { consentDocument, PERMISSION_STATUSES, scopeFits, statusFits, type PermissionStatus } from '../../domain/consents.ts'
import { legalPermissionSchema } from '../../domain/schemas/legal-permission.ts'
import {
  APPLICATION_KEEP_HOURS, resumeApplicationSchema, saveApplicationSchema, type ApplicationData, type ApplicationProduct, type SavedApplication,
} from '../../domain/schemas/application.ts'
import type { AppEnv } from '../types.ts'
import { company, legalPermission, salesApplication } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { readJson, UUID_PATTERN } from '../http.ts'
import { audit } from '../services/audit.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { readTicket } from '../services/sms/codes.ts'
import { smsKey } from './notification.ts'
import { publicRoute } from '../services/route-access.ts'

/**
 * The sales service (spec 7.3). `POST digitalchannels/legalpermission` records one answer to one
 * consent text as proof: which text (documentId, its version, the language shown and the SHA-256
 * of that exact text as the server holds it), the answer (READ for the information notice;
 * ACCEPTED, REJECTED or WITHDRAWN for consents and declarations), when, from which IP, through
 * which channel (web), at which step of which sale. Records are never updated: a withdrawal is a
 * new record, and the latest record of a party's consent is its state.
 */
const ID = /^[A-Za-z0-9_.:-]{1,64}$/

function header(c: Context<AppEnv>, name: string, required: boolean): string | null {
  const value = c.req.header(name)
  if (value === undefined || value === '') {
    if (required) throw new AppError(400, 'VALIDATION', [{ path: name, code: 'required' }])
    return null
  }
  if (!ID.test(value)) throw new AppError(400, 'VALIDATION', [{ path: name, code: 'invalid' }])
  return value
}

export function textSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** The phone a verification ticket proves, for this product only (401 otherwise). */
function verifiedPhone(c: Context<AppEnv>, ticket: string, product: ApplicationProduct): string {
  const { config, clock } = c.get('deps')
  const proof = readTicket(smsKey(config.secretsKey), ticket, clock.now())
  if (!proof || proof.purpose !== product) throw new AppError(401, 'SMS_TICKET_INVALID')
  return proof.phone
}

function savedView(row: typeof salesApplication.$inferSelect): SavedApplication {
  return {
    id: row.id, product: row.product as ApplicationProduct, step: row.step, data: row.data as ApplicationData,
    updatedAt: row.updatedAt.toISOString(), expiresAt: row.expiresAt.toISOString(),
  }
}

export function salesRoutes() {
  const r = new Hono<AppEnv>()
  // the spec's sales calls are public (7.3 "unsecured"); they carry the custom header like every write
  r.use('*', publicRoute(), requireCustomHeaders)

  r.post('/legalpermission', async (c) => {
    const body = await readJson(c, legalPermissionSchema)
    const saleId = header(c, 'saleId', true)!
    const processStep = header(c, 'processStep', true)!
    const companyHeader = header(c, 'companyId', false)
    const doc = consentDocument(body.documentId)
    if (!doc || doc.name !== body.name) throw new AppError(400, 'VALIDATION', [{ path: 'documentId', code: 'unknown' }])
    const status = body.status.toUpperCase() as PermissionStatus
    if (!(PERMISSION_STATUSES as readonly string[]).includes(status) || !statusFits(doc.kind, status)) {
      throw new AppError(400, 'VALIDATION', [{ path: 'status', code: 'invalid' }])
    }
    if (!scopeFits(doc.name, body.scope)) throw new AppError(400, 'VALIDATION', [{ path: 'scope', code: 'invalid' }])
    const { db, clock } = c.get('deps')
    // the spec's fixed company id; an unknown one is refused, none means the (first) company
    const companies = companyHeader && UUID_PATTERN.test(companyHeader)
      ? await db.select({ id: company.id }).from(company).where(eq(company.id, companyHeader)).limit(1)
      : companyHeader ? [] : await db.select({ id: company.id }).from(company).limit(1)
    if (companyHeader && companies.length === 0) throw new AppError(400, 'VALIDATION', [{ path: 'companyId', code: 'unknown' }])
    const locale = c.get('locale')
    const at = clock.now()
    const [row] = await db.insert(legalPermission).values({
      companyId: companies[0]?.id ?? null,
      saleId,
      processStep,
      partyId: body.partyId,
      name: doc.name,
      status,
      scope: body.scope,
      documentId: doc.documentId,
      documentVersion: doc.version,
      locale,
      textSha256: textSha256(doc.text[locale]),
      channel: 'WEB',
      ip: c.get('clientIp'),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      requestId: c.get('requestId'),
      at,
    }).returning()
    await audit(c, 'consent.' + status.toLowerCase(), `${doc.name}:${body.scope}`, body.partyId, { saleId, documentId: doc.documentId, permissionId: row!.id })
    return c.json({
      id: row!.id,
      name: row!.name,
      status: row!.status,
      scope: row!.scope,
      documentId: row!.documentId,
      version: row!.documentVersion,
      locale: row!.locale,
      textSha256: row!.textSha256,
      recordedAt: at.toISOString(),
    }, 201)
  })

  /**
   * An unfinished application: saved after each completed step under the verified phone (one per
   * phone and product), kept APPLICATION_KEEP_HOURS after its last change, and given back only to
   * whoever verifies the same phone again (a fresh SMS ticket for the product).
   */
  r.post('/application', async (c) => {
    const body = await readJson(c, saveApplicationSchema)
    const phone = verifiedPhone(c, body.ticket, body.product)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + APPLICATION_KEEP_HOURS * 3_600_000)
    await db.delete(salesApplication).where(lt(salesApplication.expiresAt, now))
    const [row] = await db.insert(salesApplication)
      .values({ phone, product: body.product, step: body.step, data: body.data, createdAt: now, updatedAt: now, expiresAt })
      .onConflictDoUpdate({ target: [salesApplication.phone, salesApplication.product], set: { step: body.step, data: body.data, updatedAt: now, expiresAt } })
      .returning()
    return c.json(savedView(row!))
  })

  r.post('/application/resume', async (c) => {
    const body = await readJson(c, resumeApplicationSchema)
    const phone = verifiedPhone(c, body.ticket, body.product)
    const { db, clock } = c.get('deps')
    const rows = await db.select().from(salesApplication)
      .where(and(eq(salesApplication.phone, phone), eq(salesApplication.product, body.product), gt(salesApplication.expiresAt, clock.now())))
      .limit(1)
    if (!rows[0]) throw new AppError(404, 'APPLICATION_NOT_FOUND')
    return c.json(savedView(rows[0]))
  })
  return r
}
