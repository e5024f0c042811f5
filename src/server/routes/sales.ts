import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import * as z from 'zod/mini'
import { consentDocument, PERMISSION_STATUSES, scopeFits, statusFits, type PermissionStatus, type SalesProduct } from '../../domain/consents.ts'
import { legalPermissionSchema } from '../../domain/schemas/legal-permission.ts'
import { resumeApplicationSchema, saveApplicationSchema, type ApplicationData, type ApplicationProduct } from '../../domain/schemas/application.ts'
import { purchasePrice } from '../../domain/purchase.ts'
import {
  createPurchaseSchema, preInformationDocumentSchema, preInformationRequestSchema, type PreInformationView, type PurchaseView,
} from '../../domain/schemas/purchase.ts'
import { tariffInForce } from '../services/tariffs.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'
import { readJson, readQuery } from '../http.ts'
import { isPurchaseLinkKey, pdfFileName, preInformationPdf, PURCHASE_KEY_PATTERN, purchasePdf, type PurchaseRow } from '../services/purchase.ts'
import { hit } from '../services/rate-limit.ts'
import {
  consentCompanyId, createPurchase, givenForm, liveApplication, ownApplication, paymentState, purchaseById, recordConsent, recordPreInformation,
  saveApplication, unrecordedConsents,
} from '../services/sales.ts'
import { applicationProblem, currentForm, healthAnswersError, partyOf, purchaseView, refusal, savedView } from '../services/sales-rules.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { readLiveTicket } from '../services/sms/codes.ts'
import { smsKey } from './notification.ts'
import { publicRoute } from '../services/route-access.ts'
import { restoreProofSchema, restoreVerification } from '../services/sms-proof.ts'

/**
 * The sales service (spec 7.3). `POST digitalchannels/legalpermission` records one answer to one
 * consent text as proof: which text (documentId, its version, the language shown and the SHA-256
 * of that exact text as the server holds it), the answer (READ for the information notice;
 * ACCEPTED, REJECTED or WITHDRAWN for consents and declarations), when, from which IP, through
 * which channel (web), at which step of which sale. Records are never updated: a withdrawal is a
 * new record, and the latest record of a party's consent is its state.
 *
 * This file reads the request, checks who may call and answers; the rules are in
 * services/sales-rules.ts, the reads and writes in services/sales.ts (issue 26 item 3).
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

/**
 * The purchase cookie (issue 21): the verified phone's SMS ticket, HttpOnly, sent only to the
 * purchase calls, until the ticket expires. With it the purchase's phone sees the details and the
 * document; a bare result link shows the summary only.
 */
export const PURCHASE_COOKIE = 'ke_purchase'

function purchaseCookiePath(c: Context<AppEnv>): string {
  return `${c.get('deps').config.apiBase}/digitalchannels/purchase`
}

/** Purchases one verified phone may start in an hour (each prices an application; no SMS is sent). */
export const PURCHASES_PER_PHONE_HOUR = 20

/** Whether a payment of it waits for the bank now, and why the last one failed. */
function paymentStateOf(c: Context<AppEnv>, row: PurchaseRow) {
  const { db, clock, config } = c.get('deps')
  return paymentState(db, row, clock.now(), config.gateway.timeoutMs)
}

async function purchaseOf(c: Context<AppEnv>): Promise<PurchaseRow> {
  return purchaseById(c.get('deps').db, c.req.param('id') ?? '')
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

/** The caller's open application of a product (the verified phone's; 401 / 404 otherwise). */
async function callerApplication(c: Context<AppEnv>, ticket: string, product: ApplicationProduct) {
  const phone = await verifiedPhone(c, ticket, product)
  const { db, clock } = c.get('deps')
  const application = await liveApplication(db, phone, product, clock.now())
  if (!application) throw new AppError(404, 'APPLICATION_NOT_FOUND')
  return { phone, application }
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
    const application = await ownApplication(db, saleId, proof.phone, proof.purpose, clock.now())
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
    const companyId = await consentCompanyId(db, companyHeader)
    const at = clock.now()
    const row = await recordConsent(c, { companyId, application, processStep, doc, status, scope: body.scope, at, phone: proof.phone })
    return c.json({
      id: row.id,
      name: row.name,
      status: row.status,
      scope: row.scope,
      documentId: row.documentId,
      version: row.documentVersion,
      locale: row.locale,
      textSha256: row.textSha256,
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
    // and a health declaration is saved whole: every question answered (issue 24)
    const tariff = await tariffInForce(db, now)
    const problem = applicationProblem(body.product, body.data, now, tariff.figures)
    if (problem) throw problem
    const row = await saveApplication(db, { phone, product: body.product, step: body.step, data: body.data, now })
    return c.json(savedView(row, now, tariff.figures))
  })

  r.post('/application/resume', async (c) => {
    const body = await readJson(c, resumeApplicationSchema)
    const phone = await verifiedPhone(c, body.ticket, body.product)
    const { db, clock } = c.get('deps')
    const application = await liveApplication(db, phone, body.product, clock.now())
    if (!application) throw new AppError(404, 'APPLICATION_NOT_FOUND')
    return c.json(savedView(application, clock.now(), (await tariffInForce(db, clock.now())).figures))
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
    const row = await recordPreInformation(db, {
      applicationId: application.id, phone, product: body.product, documentId: form.documentId, documentVersion: form.version, locale,
      textSha256: sha, text, amount: price.amountTry.toFixed(2), currency: price.currency, givenAt: now,
      ip: c.get('clientIp'), requestId: c.get('requestId'),
    })
    c.header('Cache-Control', 'no-store')
    const view: PreInformationView = {
      id: row.id, documentId: form.documentId, version: form.version, locale, title: form.title, sections: form.sections,
      textSha256: sha, amount: price.amountTry, currency: price.currency, givenAt: now.toISOString(),
    }
    return c.json(view, 201)
  })

  /** A pre-information form given to the caller's application, as a PDF (409 when the answers or the price changed since). */
  r.post('/preinformation/document', async (c) => {
    const body = await readJson(c, preInformationDocumentSchema)
    const { application } = await callerApplication(c, body.ticket, body.product)
    const given = await givenForm(c.get('deps').db, body.id, application.id)
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
    const application = await liveApplication(db, phone, body.product, now)
    if (!application) throw new AppError(404, 'APPLICATION_NOT_FOUND')
    // priced with the tariff version in force now (issue 24), whose id the purchase records
    const tariff = await tariffInForce(db, now)
    const price = purchasePrice(body.product, application.data as ApplicationData, now, tariff.figures)
    if (!price.ok) throw refusal(body.product, price, application.data as ApplicationData)
    const missing = await unrecordedConsents(db, application.id, body.product)
    if (missing.length) throw new AppError(400, 'CONSENT_REQUIRED', missing.map((name) => ({ path: name, code: 'required' })))
    // the pre-information form given for these very answers and this price, confirmed now (issue 24 item 4)
    const given = body.preInformationId ? await givenForm(db, body.preInformationId, application.id) : null
    if (!given) throw new AppError(400, 'PRE_INFORMATION_REQUIRED', [{ path: 'preInformationId', code: 'required' }])
    const formLocale: ServerLocale = isServerLocale(given.locale) ? given.locale : 'tr'
    const shown = currentForm(application, formLocale, now, tariff.figures)
    if (shown.sha !== given.textSha256) throw new AppError(409, 'PRE_INFORMATION_CHANGED')
    const person = (application.data as ApplicationData).personalProfile
    const pdf = given.confirmedAt || !person?.email ? null : await preInformationPdf(shown.form, given.givenAt, shown.sha)
    // one purchase per application, with, once, the form's confirmation and its copy mailed (services/sales.ts)
    const amount = price.amountTry.toFixed(2)
    const saved = await createPurchase(db, c.get('deps').config.secretsKey, {
      product: body.product, phone, application, amount, currency: price.currency, locale: c.get('locale'), now,
      preInformationId: given.id, tariffVersionId: tariff.id,
      formMail: pdf && person ? { to: person.email, name: `${person.firstname} ${person.lastname}`, locale: formLocale, form: shown.form, text: shown.text, pdf } : null,
    })
    if (saved?.written) c.get('deps').outbox?.kick()
    if (!saved) throw new AppError(409, 'PAYMENT_IN_PROGRESS')
    const current = saved.row
    if (current.status === 'issued') throw new AppError(409, 'PURCHASE_ALREADY_PAID')
    // the verified phone's ticket, HttpOnly, for the purchase calls: the result page shows this phone its details and document
    setCookie(c, PURCHASE_COOKIE, body.ticket, {
      path: purchaseCookiePath(c), httpOnly: true, sameSite: 'Strict', secure: c.get('deps').config.cookieSecure,
      maxAge: Math.max(1, Math.floor((proof.validUntil.getTime() - now.getTime()) / 1000)),
    })
    c.header('Cache-Control', 'no-store')
    return c.json(purchaseView(current, 'full', await paymentStateOf(c, current)), saved.row.created ? 201 : 200)
  })

  /** A purchase's state and result, read by its unguessable id (the result pages). */
  r.get('/purchase/:id', async (c) => {
    const { key } = readQuery(c, PurchaseQuery)
    const row = await purchaseOf(c)
    c.header('Cache-Control', 'no-store')
    return c.json(purchaseView(row, await accessOf(c, row, key), await paymentStateOf(c, row)))
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
