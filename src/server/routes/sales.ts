import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { and, desc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { consentDocument, consentsFor, PERMISSION_STATUSES, scopeFits, statusFits, type ConsentDocument, type PermissionStatus, type SalesProduct } from '../../domain/consents.ts'
import { legalPermissionSchema } from '../../domain/schemas/legal-permission.ts'
import {
  APPLICATION_KEEP_HOURS, resumeApplicationSchema, saveApplicationSchema, type ApplicationData, type ApplicationProduct, type SavedApplication,
} from '../../domain/schemas/application.ts'
import type { TariffFigures } from '../../domain/tariff-version.ts'
import { tariffInForce } from '../services/tariffs.ts'
import { AGE_RULE_CODE, healthAnswersProblem, purchasePrice, quotedPrice, type PurchasePrice } from '../../domain/purchase.ts'
import {
  createPurchaseSchema, preInformationDocumentSchema, preInformationRequestSchema, type PreInformationView, type PurchaseView,
} from '../../domain/schemas/purchase.ts'
import { preInformationForm, preInformationText } from '../../domain/pre-information.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { company, legalPermission, paymentOrder, preInformation, purchase, salesApplication } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { healthQuestionList, isServerLocale, type ErrorCode, type ServerLocale } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { enqueueMail } from '../services/outbox.ts'
import { keyFrom } from '../services/secrets.ts'
import { readJson, readQuery, UUID_PATTERN } from '../http.ts'
import { audit } from '../services/audit.ts'
import { expirePurchaseLiveOrders } from '../services/payments.ts'
import {
  isPurchaseLinkKey, newPurchaseId, pdfFileName, preInformationPdf, PURCHASE_ID_PATTERN, PURCHASE_KEY_PATTERN, purchasePdf, type PurchaseRow,
} from '../services/purchase.ts'
import { hit } from '../services/rate-limit.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { readLiveTicket } from '../services/sms/codes.ts'
import { smsKey } from './notification.ts'
import { publicRoute } from '../services/route-access.ts'
import { siteCompany } from '../services/settings.ts'
import { restoreProofSchema, restoreVerification } from '../services/sms-proof.ts'

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

/** What proves a consent record came through this request: the document shown in the reader's language, its text's hash, where from. */
export function consentProof(c: Context<AppEnv>, doc: ConsentDocument) {
  const locale = c.get('locale')
  return {
    documentId: doc.documentId,
    documentVersion: doc.version,
    locale,
    textSha256: textSha256(doc.text[locale]),
    channel: 'WEB' as const,
    ip: c.get('clientIp'),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    requestId: c.get('requestId'),
  }
}

/** The phone a verification ticket proves, for this product only (401 otherwise). */
async function verifiedPhone(c: Context<AppEnv>, ticket: string, product: ApplicationProduct): Promise<string> {
  return (await verifiedTicket(c, ticket, product)).phone
}

/** A ticket that verifies, unexpired and not ended (sms_ticket_end), for this product only (401 otherwise). */
async function verifiedTicket(c: Context<AppEnv>, ticket: string, product: ApplicationProduct) {
  const { config, clock, db } = c.get('deps')
  const proof = await readLiveTicket(db, smsKey(config.secretsKey), ticket, clock.now())
  if (!proof || proof.purpose !== product) throw new AppError(401, 'SMS_TICKET_INVALID')
  return proof
}

/** The server's message for a person outside a product's ages: the product's rule in words. */
const AGE_ERROR: Record<ApplicationProduct, ErrorCode> = {
  tss: 'TSS_AGE_WINDOW', seyahatsaglik: 'TRAVEL_AGE_WINDOW', erkenbes: 'BES_AGE_WINDOW', pratikbes: 'BES_ADULT_ONLY',
}

/**
 * A TSS health declaration the server does not take (issue 24): each of its questions answered
 * once with yes or no, none other. The answer names the unanswered questions in the reader's
 * language (message) and as fields (`healthPolicy.questions.<id>`: `healthQuestion.required`).
 */
function healthAnswersError(policy: ApplicationData['healthPolicy']): AppError | null {
  const problem = healthAnswersProblem(policy)
  if (!problem) return null
  if (problem.kind === 'unanswered') {
    const ids = problem.ids
    return new AppError(400, 'HEALTH_QUESTIONS_UNANSWERED', ids.map((id) => ({ path: `healthPolicy.questions.${id}`, code: 'healthQuestion.required' })),
      (locale) => ({ questions: healthQuestionList(ids, locale) }))
  }
  return new AppError(400, 'HEALTH_QUESTIONS_INVALID', problem.ids.map((id) => ({ path: `healthPolicy.questions.${id.slice(0, 40)}`, code: `healthQuestion.${problem.kind}` })))
}

/** A refused price as the answer: the product's age rule (on the birth date), else the section that cannot be priced. */
function refusal(product: ApplicationProduct, price: Extract<PurchasePrice, { ok: false }>, data: ApplicationData): AppError {
  if (price.code === 'AGE_OUT_OF_RANGE') return new AppError(400, AGE_ERROR[product], [{ path: `${price.section}.birthdate`, code: AGE_RULE_CODE[product] }])
  if (price.code === 'HEALTH_QUESTIONS_UNANSWERED') return healthAnswersError(data.healthPolicy) ?? new AppError(400, 'VALIDATION', [{ path: price.section, code: `purchase.${price.code}` }])
  return new AppError(400, 'VALIDATION', [{ path: price.section, code: `purchase.${price.code}` }])
}

function savedView(row: typeof salesApplication.$inferSelect, now: Date, figures: TariffFigures): SavedApplication {
  const data = row.data as ApplicationData
  const price = quotedPrice(row.product as ApplicationProduct, data, now, figures)
  return {
    id: row.id, product: row.product as ApplicationProduct, step: row.step, data,
    updatedAt: row.updatedAt.toISOString(), expiresAt: row.expiresAt.toISOString(),
    price: price.ok ? { amount: price.amountTry, currency: price.currency } : null,
  }
}

/**
 * The purchase cookie (issue 21): the verified phone's SMS ticket, HttpOnly, sent only to the
 * purchase calls, until the ticket expires. With it the purchase's phone sees the details and the
 * document; a bare result link shows the summary only.
 */
export const PURCHASE_COOKIE = 'ke_purchase'

function purchaseCookiePath(c: Context<AppEnv>): string {
  return `${c.get('deps').config.apiBase}/digitalchannels/purchase`
}

/** The person an application is about: their national ID, or (before the profile step) the verified phone. */
function partyOf(application: typeof salesApplication.$inferSelect): string {
  const nationalId = (application.data as ApplicationData).personalProfile?.nationalId
  return nationalId ? nationalId : `tel:${application.phone}`
}

/** Purchases one verified phone may start in an hour (each prices an application; no SMS is sent). */
export const PURCHASES_PER_PHONE_HOUR = 20

type PaymentState = { paymentInProgress: boolean; lastFailure: string | null }

function purchaseView(row: PurchaseRow, access: PurchaseView['access'], payment: PaymentState): PurchaseView {
  const data = row.data as ApplicationData
  const person = data.personalProfile
  const full = access === 'full'
  return {
    id: row.id,
    product: row.product as ApplicationProduct,
    status: row.status as PurchaseView['status'],
    amount: Number(row.amount),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    ...payment,
    access,
    policyNumber: full ? row.policyNumber : null,
    orderId: full ? row.orderId : null,
    insuredName: full && person ? `${person.firstname} ${person.lastname}` : null,
    email: full ? person?.email ?? null : null,
  }
}

/** Whether a payment of it waits for the bank now, and why the last one failed (a live one past its limit ends here). */
async function paymentState(c: Context<AppEnv>, row: PurchaseRow): Promise<PaymentState> {
  const { db, clock, config } = c.get('deps')
  const now = clock.now()
  let live = row.liveOrderId !== null
  if (live && row.status === 'awaitingPayment' && row.liveSince && now.getTime() - row.liveSince.getTime() > config.gateway.timeoutMs) {
    await expirePurchaseLiveOrders(db, row.id, new Date(now.getTime() - config.gateway.timeoutMs), now)
    live = false
  }
  if (row.status !== 'awaitingPayment') return { paymentInProgress: false, lastFailure: null }
  const [last] = await db.select({ status: paymentOrder.status, reason: paymentOrder.reason }).from(paymentOrder)
    .where(and(eq(paymentOrder.purchaseId, row.id), eq(paymentOrder.status, 'failed')))
    .orderBy(desc(paymentOrder.updatedAt), desc(paymentOrder.createdAt)).limit(1)
  return { paymentInProgress: live, lastFailure: last?.reason ?? null }
}

async function purchaseOf(c: Context<AppEnv>): Promise<PurchaseRow> {
  const id = c.req.param('id') ?? ''
  const rows = PURCHASE_ID_PATTERN.test(id) ? await c.get('deps').db.select().from(purchase).where(eq(purchase.id, id)).limit(1) : []
  if (!rows[0]) throw new AppError(404, 'PURCHASE_NOT_FOUND')
  return rows[0]
}

const PurchaseQuery = z.strictObject({ key: z.optional(z.string().check(z.regex(PURCHASE_KEY_PATTERN))) })

/**
 * Who sees a purchase's details and document (issue 21): the phone that bought it (its SMS ticket
 * in the purchase cookie, for that product), or whoever holds the mailed link's unexpired key.
 */
async function accessOf(c: Context<AppEnv>, row: PurchaseRow, key: string | undefined): Promise<PurchaseView['access']> {
  const { config, clock, db } = c.get('deps')
  const now = clock.now()
  const ticket = getCookie(c, PURCHASE_COOKIE)
  const proof = ticket ? await readLiveTicket(db, smsKey(config.secretsKey), ticket, now) : null
  if (proof && proof.phone === row.phone && proof.purpose === row.product) return 'full'
  if (key && isPurchaseLinkKey(config.secretsKey, row.id, key, now)) return 'full'
  return 'summary'
}

/** The required consents of a product that the sale's records do not show accepted (or read). */
async function unrecordedConsents(c: Context<AppEnv>, saleId: string, product: ApplicationProduct): Promise<string[]> {
  const required = consentsFor(product).filter((d) => d.requiredFor.includes(product))
  const records = await c.get('deps').db.select({ name: legalPermission.name, status: legalPermission.status, documentId: legalPermission.documentId })
    .from(legalPermission)
    .where(and(eq(legalPermission.saleId, saleId), inArray(legalPermission.name, required.map((d) => d.name))))
    .orderBy(desc(legalPermission.at), desc(legalPermission.id))
  return required.filter((d) => {
    const latest = records.find((r) => r.name === d.name)
    return latest?.documentId !== d.documentId || latest.status !== (d.kind === 'notice' ? 'READ' : 'ACCEPTED')
  }).map((d) => d.name)
}

/** The caller's open application of a product (the verified phone's; 401 / 404 otherwise). */
async function callerApplication(c: Context<AppEnv>, ticket: string, product: ApplicationProduct) {
  const phone = await verifiedPhone(c, ticket, product)
  const { db, clock } = c.get('deps')
  const [application] = await db.select().from(salesApplication)
    .where(and(eq(salesApplication.phone, phone), eq(salesApplication.product, product), gt(salesApplication.expiresAt, clock.now())))
    .limit(1)
  if (!application) throw new AppError(404, 'APPLICATION_NOT_FOUND')
  return { phone, application }
}

/**
 * The pre-information form of an application as it stands (issue 24 item 4): its answers at the
 * price the purchase would charge now, in a language; with its plain text and that text's hash.
 */
function currentForm(application: typeof salesApplication.$inferSelect, locale: ServerLocale, now: Date, figures: TariffFigures) {
  const product = application.product as ApplicationProduct
  const data = application.data as ApplicationData
  const price = purchasePrice(product, data, now, figures)
  if (!price.ok) throw refusal(product, price, data)
  const form = preInformationForm(product, data, price.amountTry, price.currency, locale, now, figures)
  const text = preInformationText(form)
  return { form, text, sha: textSha256(text), price }
}

/** The pre-information form given to this application (by its id), else 404. */
async function givenForm(c: Context<AppEnv>, id: string, applicationId: string) {
  const rows = UUID_PATTERN.test(id)
    ? await c.get('deps').db.select().from(preInformation).where(and(eq(preInformation.id, id.toLowerCase()), eq(preInformation.applicationId, applicationId))).limit(1)
    : []
  return rows[0] ?? null
}

export function salesRoutes() {
  const r = new Hono<AppEnv>()
  // the spec's sales calls are public (7.3 "unsecured"); they carry the custom header like every write
  r.use('*', publicRoute(), requireCustomHeaders)

  /** A reloaded purchase page's verified phone, from the proof cookie (issue 24 item 1; services/sms-proof.ts). */
  r.post('/verification', async (c) => {
    const { product } = await readJson(c, restoreProofSchema)
    const { db, config, clock } = c.get('deps')
    c.header('Cache-Control', 'no-store')
    return c.json(await restoreVerification(c, db, smsKey(config.secretsKey), product, clock.now()))
  })

  /**
   * A consent recorded or withdrawn (issue 28 item 3) only by the applicant: the body's `ticket`
   * proves the phone, the `saleId` header must be that phone's own open application (of the
   * ticket's product), and the party recorded is the application's person (their national ID), never
   * what the body says. Anything else is 401 SMS_TICKET_INVALID or 404 APPLICATION_NOT_FOUND.
   */
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
    const { db, clock, config } = c.get('deps')
    const proof = await readLiveTicket(db, smsKey(config.secretsKey), body.ticket, clock.now())
    if (!proof) throw new AppError(401, 'SMS_TICKET_INVALID')
    const [application] = UUID_PATTERN.test(saleId)
      ? await db.select().from(salesApplication).where(and(eq(salesApplication.id, saleId.toLowerCase()), eq(salesApplication.phone, proof.phone),
        eq(salesApplication.product, proof.purpose), gt(salesApplication.expiresAt, clock.now()))).limit(1)
      : []
    if (!application) throw new AppError(404, 'APPLICATION_NOT_FOUND')
    // only what the product asks (issue 24 item 9: a BES application is not asked the health-data consent)
    if (!doc.askedFor.includes(application.product as SalesProduct)) throw new AppError(400, 'VALIDATION', [{ path: 'documentId', code: 'notAsked' }])
    // a TSS sale's consents follow a whole health declaration: a declaration with a question unanswered takes none (issue 24)
    const declared = (application.data as ApplicationData).healthPolicy
    const health = application.product === 'tss' && declared ? healthAnswersError(declared) : null
    if (health) throw health
    const partyId = partyOf(application)
    if (body.partyId !== undefined && body.partyId !== partyId) throw new AppError(400, 'VALIDATION', [{ path: 'partyId', code: 'notApplicant' }])
    // the spec's fixed company id; an unknown one is refused, none means the (first) company
    const companies = companyHeader && UUID_PATTERN.test(companyHeader)
      ? await db.select({ id: company.id }).from(company).where(eq(company.id, companyHeader)).limit(1)
      : companyHeader ? [] : [await siteCompany(db)].filter((x) => x !== undefined)
    if (companyHeader && companies.length === 0) throw new AppError(400, 'VALIDATION', [{ path: 'companyId', code: 'unknown' }])
    const at = clock.now()
    const [row] = await db.insert(legalPermission).values({
      companyId: companies[0]?.id ?? null,
      saleId: application.id,
      processStep,
      partyId,
      name: doc.name,
      status,
      scope: body.scope,
      ...consentProof(c, doc),
      at,
      phone: proof.phone,
    }).returning()
    await audit(c, 'consent.' + status.toLowerCase(), `${doc.name}:${body.scope}`, partyId, { saleId: application.id, documentId: doc.documentId, permissionId: row!.id })
    return c.json({
      id: row!.id,
      name: row!.name,
      status: row!.status,
      scope: row!.scope,
      documentId: row!.documentId,
      version: row!.documentVersion,
      locale: row!.locale,
      textSha256: row!.textSha256,
      partyId,
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
    const phone = await verifiedPhone(c, body.ticket, body.product)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    // repriced at every save from the insured person's data (the tariff version in force now); a person outside the product's ages is refused with its rule
    const tariff = await tariffInForce(db, now)
    const price = quotedPrice(body.product, body.data, now, tariff.figures)
    if (!price.ok && price.code === 'AGE_OUT_OF_RANGE') throw refusal(body.product, price, body.data)
    // a health declaration is saved whole: every question answered (issue 24; the browser's step asks the same)
    const health = body.data.healthPolicy ? healthAnswersError(body.data.healthPolicy) : null
    if (health) throw health
    const expiresAt = new Date(now.getTime() + APPLICATION_KEEP_HOURS * 3_600_000)
    await db.delete(salesApplication).where(lt(salesApplication.expiresAt, now))
    const [row] = await db.insert(salesApplication)
      .values({ phone, product: body.product, step: body.step, data: body.data, createdAt: now, updatedAt: now, expiresAt })
      .onConflictDoUpdate({ target: [salesApplication.phone, salesApplication.product], set: { step: body.step, data: body.data, updatedAt: now, expiresAt } })
      .returning()
    return c.json(savedView(row!, now, tariff.figures))
  })

  r.post('/application/resume', async (c) => {
    const body = await readJson(c, resumeApplicationSchema)
    const phone = await verifiedPhone(c, body.ticket, body.product)
    const { db, clock } = c.get('deps')
    const rows = await db.select().from(salesApplication)
      .where(and(eq(salesApplication.phone, phone), eq(salesApplication.product, body.product), gt(salesApplication.expiresAt, clock.now())))
      .limit(1)
    if (!rows[0]) throw new AppError(404, 'APPLICATION_NOT_FOUND')
    return c.json(savedView(rows[0], clock.now(), (await tariffInForce(db, clock.now())).figures))
  })

  /**
   * The pre-information form (issue 24 item 4) of the caller's saved application: the product's
   * form with the customer's answers and the price the purchase would charge, in the request's
   * language. Each request records the form given (document version, language, the SHA-256 and
   * the exact text, the price, the time); the purchase names the one the customer confirmed.
   */
  r.post('/preinformation', async (c) => {
    const body = await readJson(c, preInformationRequestSchema)
    const { phone, application } = await callerApplication(c, body.ticket, body.product)
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const locale = c.get('locale')
    const { form, text, sha, price } = currentForm(application, locale, now, (await tariffInForce(db, now)).figures)
    const [row] = await db.insert(preInformation).values({
      applicationId: application.id, phone, product: body.product, documentId: form.documentId, documentVersion: form.version, locale,
      textSha256: sha, text, amount: price.amountTry.toFixed(2), currency: price.currency, givenAt: now,
      ip: c.get('clientIp'), requestId: c.get('requestId'),
    }).returning()
    c.header('Cache-Control', 'no-store')
    const view: PreInformationView = {
      id: row!.id, documentId: form.documentId, version: form.version, locale, title: form.title, sections: form.sections,
      textSha256: sha, amount: price.amountTry, currency: price.currency, givenAt: now.toISOString(),
    }
    return c.json(view, 201)
  })

  /** A pre-information form given to the caller's application, as a PDF (409 when the answers or the price changed since). */
  r.post('/preinformation/document', async (c) => {
    const body = await readJson(c, preInformationDocumentSchema)
    const { application } = await callerApplication(c, body.ticket, body.product)
    const given = await givenForm(c, body.id, application.id)
    if (!given) throw new AppError(404, 'PRE_INFORMATION_NOT_FOUND')
    const locale: ServerLocale = isServerLocale(given.locale) ? given.locale : 'tr'
    const now = c.get('deps').clock.now()
    const { form, sha } = currentForm(application, locale, now, (await tariffInForce(c.get('deps').db, now)).figures)
    if (sha !== given.textSha256) throw new AppError(409, 'PRE_INFORMATION_CHANGED')
    const pdf = await preInformationPdf(form, given.givenAt, sha)
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Disposition', `attachment; filename="${form.documentId}.pdf"`)
    return c.body(pdf.buffer as ArrayBuffer)
  })

  /**
   * A purchase of the caller's saved application (docs/decisions/purchase.md): the server prices
   * the sections it holds (the client sends no amount), checks that the required consents are
   * recorded for the sale (saleId = the application's id), and answers an unguessable purchase id
   * that the card payment names in its `purchaseId` header.
   */
  r.post('/purchase', async (c) => {
    const body = await readJson(c, createPurchaseSchema)
    const proof = await verifiedTicket(c, body.ticket, body.product)
    const phone = proof.phone
    const { db, clock } = c.get('deps')
    const now = clock.now()
    if (!(await hit(db, `purchase:phone:${phone}`, PURCHASES_PER_PHONE_HOUR, 3_600_000, now))) {
      c.header('Retry-After', '3600')
      throw new AppError(429, 'RATE_LIMITED')
    }
    const [application] = await db.select().from(salesApplication)
      .where(and(eq(salesApplication.phone, phone), eq(salesApplication.product, body.product), gt(salesApplication.expiresAt, now)))
      .limit(1)
    if (!application) throw new AppError(404, 'APPLICATION_NOT_FOUND')
    // priced with the tariff version in force now (issue 24), whose id the purchase records
    const tariff = await tariffInForce(db, now)
    const price = purchasePrice(body.product, application.data as ApplicationData, now, tariff.figures)
    if (!price.ok) throw refusal(body.product, price, application.data as ApplicationData)
    const missing = await unrecordedConsents(c, application.id, body.product)
    if (missing.length) throw new AppError(400, 'CONSENT_REQUIRED', missing.map((name) => ({ path: name, code: 'required' })))
    // the pre-information form given for these very answers and this price, confirmed now (issue 24 item 4)
    const given = body.preInformationId ? await givenForm(c, body.preInformationId, application.id) : null
    if (!given) throw new AppError(400, 'PRE_INFORMATION_REQUIRED', [{ path: 'preInformationId', code: 'required' }])
    const formLocale: ServerLocale = isServerLocale(given.locale) ? given.locale : 'tr'
    const shown = currentForm(application, formLocale, now, tariff.figures)
    if (shown.sha !== given.textSha256) throw new AppError(409, 'PRE_INFORMATION_CHANGED')
    const person = (application.data as ApplicationData).personalProfile
    const pdf = given.confirmedAt || !person?.email ? null : await preInformationPdf(shown.form, given.givenAt, shown.sha)
    // one purchase per application (unique index): a new one, or the open one brought up to date with
    // the application and its price, unless a payment of it waits for the bank (then it stays as it is);
    // with it, once, the form's confirmation and its copy to the customer's e-mail (the outbox sends it)
    const amount = price.amountTry.toFixed(2)
    const [row] = await db.transaction(async (tx) => {
      const [confirmed] = await tx.update(preInformation).set({ confirmedAt: now })
        .where(and(eq(preInformation.id, given.id), sql`${preInformation.confirmedAt} IS NULL`)).returning({ id: preInformation.id })
      if (confirmed && pdf && person) {
        const mail = MAILS.preInformation[formLocale]
        await enqueueMail(tx as unknown as Db, keyFrom(c.get('deps').config.secretsKey), {
          to: person.email, subject: mail.subject,
          text: mail.text({ name: `${person.firstname} ${person.lastname}`, title: shown.form.title, form: shown.text }),
          attachments: [{ filename: `${shown.form.documentId}.pdf`, contentType: 'application/pdf', base64: Buffer.from(pdf).toString('base64') }],
        })
      }
      return tx.insert(purchase).values({
      id: newPurchaseId(),
      product: body.product,
      phone,
      applicationId: application.id,
      data: application.data,
      amount,
      currency: price.currency,
      status: 'awaitingPayment',
      locale: c.get('locale'),
      createdAt: now,
      updatedAt: now,
      preInformationId: given.id,
      tariffVersionId: tariff.id,
    }).onConflictDoUpdate({
      target: purchase.applicationId,
      set: { data: application.data, amount, currency: price.currency, locale: c.get('locale'), updatedAt: now, preInformationId: given.id, tariffVersionId: tariff.id },
      setWhere: sql`${purchase.status} = 'awaitingPayment' AND ${purchase.liveOrderId} IS NULL`,
    }).returning({ ...getTableColumns(purchase), created: sql<boolean>`(xmax = 0)` })
    })
    if (row) c.get('deps').outbox?.kick()
    const current = row ?? (await db.select().from(purchase).where(eq(purchase.applicationId, application.id)).limit(1))[0]
    if (!current) throw new AppError(409, 'PAYMENT_IN_PROGRESS')
    if (current.status === 'issued') throw new AppError(409, 'PURCHASE_ALREADY_PAID')
    // the verified phone's ticket, HttpOnly, for the purchase calls: the result page shows this phone its details and document
    setCookie(c, PURCHASE_COOKIE, body.ticket, {
      path: purchaseCookiePath(c), httpOnly: true, sameSite: 'Strict', secure: c.get('deps').config.cookieSecure,
      maxAge: Math.max(1, Math.floor((proof.validUntil.getTime() - now.getTime()) / 1000)),
    })
    c.header('Cache-Control', 'no-store')
    return c.json(purchaseView(current, 'full', await paymentState(c, current)), row?.created ? 201 : 200)
  })

  /** A purchase's state and result, read by its unguessable id (the result pages). */
  r.get('/purchase/:id', async (c) => {
    const { key } = readQuery(c, PurchaseQuery)
    const row = await purchaseOf(c)
    c.header('Cache-Control', 'no-store')
    return c.json(purchaseView(row, await accessOf(c, row, key), await paymentState(c, row)))
  })

  /** The policy or contract document (PDF) of an issued purchase, with its verification code. */
  r.get('/purchase/:id/document', async (c) => {
    const { key } = readQuery(c, PurchaseQuery)
    const row = await purchaseOf(c)
    if ((await accessOf(c, row, key)) !== 'full') throw new AppError(403, 'PURCHASE_ACCESS_REQUIRED')
    if (row.status !== 'issued') throw new AppError(409, 'PURCHASE_NOT_ISSUED')
    const pdf = await purchasePdf(c.get('deps').db, row, c.get('deps').config.publicOrigin ?? new URL(c.req.url).origin)
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Disposition', `attachment; filename="${pdfFileName(row)}"`)
    return c.body(pdf.buffer as ArrayBuffer)
  })
  return r
}
