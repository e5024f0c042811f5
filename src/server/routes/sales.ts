import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { eq } from 'drizzle-orm'
import { consentDocument, PERMISSION_STATUSES, scopeFits, statusFits, type PermissionStatus } from '../../domain/consents.ts'
import { legalPermissionSchema } from '../../domain/schemas/legal-permission.ts'
import type { AppEnv } from '../types.ts'
import { company, legalPermission } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { readJson } from '../http.ts'
import { audit } from '../services/audit.ts'
import { requireCustomHeaders } from '../services/sessions.ts'

/**
 * The sales service (spec 7.3). `POST digitalchannels/legalpermission` records one answer to one
 * consent text as proof: which text (documentId, its version, the language shown and the SHA-256
 * of that exact text as the server holds it), the answer (READ for the information notice;
 * ACCEPTED, REJECTED or WITHDRAWN for consents and declarations), when, from which IP, through
 * which channel (web), at which step of which sale. Records are never updated: a withdrawal is a
 * new record, and the latest record of a party's consent is its state.
 */
const ID = /^[A-Za-z0-9_.:-]{1,64}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

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

export function salesRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', requireCustomHeaders)

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
    const companies = companyHeader && UUID.test(companyHeader)
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
  return r
}
