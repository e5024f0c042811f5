import type { Context } from 'hono'
import { and, desc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm'
import { consentsFor, type ConsentDocument, type PermissionStatus } from '../../domain/consents.ts'
import { APPLICATION_KEEP_HOURS, type ApplicationData, type ApplicationProduct } from '../../domain/schemas/application.ts'
import type { PreInformationForm } from '../../domain/pre-information.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { company, legalPermission, paymentOrder, preInformation, purchase, salesApplication } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import type { ServerLocale } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { UUID_PATTERN } from '../http.ts'
import { audit } from './audit.ts'
import { enqueueMail } from './outbox.ts'
import { expirePurchaseLiveOrders } from './payments.ts'
import { newPurchaseId, PURCHASE_ID_PATTERN, type PurchaseRow } from './purchase.ts'
import { consentProof, partyOf, type ApplicationRow, type PaymentState } from './sales-rules.ts'
import { keyFrom } from './secrets.ts'
import { siteCompany } from './settings.ts'

/**
 * The sales service's reads and writes (spec 7.3; issue 26 item 3 moved them out of
 * routes/sales.ts): applications, consent records, pre-information forms and purchases. Each write
 * of more than one statement is one transaction.
 */

/** The open application of a verified phone for a product, if any. */
export async function liveApplication(db: Db, phone: string, product: ApplicationProduct, now: Date): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(salesApplication)
    .where(and(eq(salesApplication.phone, phone), eq(salesApplication.product, product), gt(salesApplication.expiresAt, now)))
    .limit(1)
  return row
}

/** The application `id` when it is the phone's own open one of that product, else undefined. */
export async function ownApplication(db: Db, id: string, phone: string, product: string, now: Date): Promise<ApplicationRow | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined
  const [row] = await db.select().from(salesApplication).where(and(eq(salesApplication.id, id.toLowerCase()), eq(salesApplication.phone, phone),
    eq(salesApplication.product, product), gt(salesApplication.expiresAt, now))).limit(1)
  return row
}

/** The company a consent record names: the spec's fixed id header (an unknown one is 400), none means the (first) company. */
export async function consentCompanyId(db: Db, header: string | null): Promise<string | null> {
  if (!header) return (await siteCompany(db))?.id ?? null
  const rows = UUID_PATTERN.test(header) ? await db.select({ id: company.id }).from(company).where(eq(company.id, header)).limit(1) : []
  if (rows.length === 0) throw new AppError(400, 'VALIDATION', [{ path: 'companyId', code: 'unknown' }])
  return rows[0]!.id
}

/** One consent answer recorded for an application's person with its audit entry, in one transaction. */
export async function recordConsent(c: Context<AppEnv>, input: {
  companyId: string | null; application: ApplicationRow; processStep: string; doc: ConsentDocument; status: PermissionStatus; scope: string; at: Date; phone: string
}) {
  const { application, doc, status } = input
  const partyId = partyOf(application)
  return c.get('deps').db.transaction(async (tx) => {
    const [row] = await tx.insert(legalPermission).values({
      companyId: input.companyId,
      saleId: application.id,
      processStep: input.processStep,
      partyId,
      name: doc.name,
      status,
      scope: input.scope,
      ...consentProof(c, doc),
      at: input.at,
      phone: input.phone,
    }).returning()
    await audit(c, 'consent.' + status.toLowerCase(), `${doc.name}:${input.scope}`, partyId,
      { saleId: application.id, documentId: doc.documentId, permissionId: row!.id }, tx as unknown as Db)
    return row!
  })
}

/** An application saved (one per phone and product) and kept APPLICATION_KEEP_HOURS; expired ones go, in the same transaction. */
export async function saveApplication(db: Db, input: { phone: string; product: ApplicationProduct; step: string; data: ApplicationData; now: Date }): Promise<ApplicationRow> {
  const { phone, product, step, data, now } = input
  const expiresAt = new Date(now.getTime() + APPLICATION_KEEP_HOURS * 3_600_000)
  return db.transaction(async (tx) => {
    await tx.delete(salesApplication).where(lt(salesApplication.expiresAt, now))
    const [row] = await tx.insert(salesApplication)
      .values({ phone, product, step, data, createdAt: now, updatedAt: now, expiresAt })
      .onConflictDoUpdate({ target: [salesApplication.phone, salesApplication.product], set: { step, data, updatedAt: now, expiresAt } })
      .returning()
    return row!
  })
}

/** The record of a pre-information form given (document version, language, the SHA-256 and the exact text, the price, the time). */
export async function recordPreInformation(db: Db, values: typeof preInformation.$inferInsert) {
  const [row] = await db.insert(preInformation).values(values).returning()
  return row!
}

/** The pre-information form given to this application (by its id), else null. */
export async function givenForm(db: Db, id: string, applicationId: string) {
  const rows = UUID_PATTERN.test(id)
    ? await db.select().from(preInformation).where(and(eq(preInformation.id, id.toLowerCase()), eq(preInformation.applicationId, applicationId))).limit(1)
    : []
  return rows[0] ?? null
}

/** The required consents of a product that the sale's records do not show accepted (or read). */
export async function unrecordedConsents(db: Db, saleId: string, product: ApplicationProduct): Promise<string[]> {
  const required = consentsFor(product).filter((d) => d.requiredFor.includes(product))
  const records = await db.select({ name: legalPermission.name, status: legalPermission.status, documentId: legalPermission.documentId })
    .from(legalPermission)
    .where(and(eq(legalPermission.saleId, saleId), inArray(legalPermission.name, required.map((d) => d.name))))
    .orderBy(desc(legalPermission.at), desc(legalPermission.id))
  return required.filter((d) => {
    const latest = records.find((r) => r.name === d.name)
    return latest?.documentId !== d.documentId || latest.status !== (d.kind === 'notice' ? 'READ' : 'ACCEPTED')
  }).map((d) => d.name)
}

/** A purchase by its unguessable id, else 404. */
export async function purchaseById(db: Db, id: string): Promise<PurchaseRow> {
  const rows = PURCHASE_ID_PATTERN.test(id) ? await db.select().from(purchase).where(eq(purchase.id, id)).limit(1) : []
  if (!rows[0]) throw new AppError(404, 'PURCHASE_NOT_FOUND')
  return rows[0]
}

/** Whether a payment of it waits for the bank now, and why the last one failed (a live one past its limit ends here). */
export async function paymentState(db: Db, row: PurchaseRow, now: Date, timeoutMs: number): Promise<PaymentState> {
  let live = row.liveOrderId !== null
  if (live && row.status === 'awaitingPayment' && row.liveSince && now.getTime() - row.liveSince.getTime() > timeoutMs) {
    await expirePurchaseLiveOrders(db, row.id, new Date(now.getTime() - timeoutMs), now)
    live = false
  }
  if (row.status !== 'awaitingPayment') return { paymentInProgress: false, lastFailure: null }
  const [last] = await db.select({ status: paymentOrder.status, reason: paymentOrder.reason }).from(paymentOrder)
    .where(and(eq(paymentOrder.purchaseId, row.id), eq(paymentOrder.status, 'failed')))
    .orderBy(desc(paymentOrder.updatedAt), desc(paymentOrder.createdAt)).limit(1)
  return { paymentInProgress: live, lastFailure: last?.reason ?? null }
}

export type PurchaseInput = {
  product: ApplicationProduct
  phone: string
  application: ApplicationRow
  amount: string
  currency: string
  locale: ServerLocale
  now: Date
  preInformationId: string
  tariffVersionId: number
  /** the form's copy to mail with its confirmation (the first confirmation only), when the customer gave an e-mail */
  formMail: { to: string; name: string; locale: ServerLocale; form: PreInformationForm; text: string; pdf: Uint8Array } | null
}

/**
 * One purchase per application (unique index): a new one, or the open one brought up to date with
 * the application and its price, unless a payment of it waits for the bank (then it stays as it is);
 * with it, once, the form's confirmation and its copy to the customer's e-mail (the outbox sends it),
 * in one transaction. Answers the purchase as it now stands (`created` when new), or null when a
 * payment of it is in progress and no purchase row could be read.
 */
export async function createPurchase(db: Db, secretsKey: string, input: PurchaseInput): Promise<{ row: PurchaseRow & { created?: boolean }; written: boolean } | null> {
  const { now, application, amount } = input
  const [row] = await db.transaction(async (tx) => {
    const [confirmed] = await tx.update(preInformation).set({ confirmedAt: now })
      .where(and(eq(preInformation.id, input.preInformationId), sql`${preInformation.confirmedAt} IS NULL`)).returning({ id: preInformation.id })
    const formMail = input.formMail
    if (confirmed && formMail) {
      const mail = MAILS.preInformation[formMail.locale]
      await enqueueMail(tx as unknown as Db, keyFrom(secretsKey), {
        to: formMail.to, subject: mail.subject,
        text: mail.text({ name: formMail.name, title: formMail.form.title, form: formMail.text }),
        attachments: [{ filename: `${formMail.form.documentId}.pdf`, contentType: 'application/pdf', base64: Buffer.from(formMail.pdf).toString('base64') }],
      })
    }
    return tx.insert(purchase).values({
      id: newPurchaseId(),
      product: input.product,
      phone: input.phone,
      applicationId: application.id,
      data: application.data,
      amount,
      currency: input.currency,
      status: 'awaitingPayment',
      locale: input.locale,
      createdAt: now,
      updatedAt: now,
      preInformationId: input.preInformationId,
      tariffVersionId: input.tariffVersionId,
    }).onConflictDoUpdate({
      target: purchase.applicationId,
      set: { data: application.data, amount, currency: input.currency, locale: input.locale, updatedAt: now, preInformationId: input.preInformationId, tariffVersionId: input.tariffVersionId },
      setWhere: sql`${purchase.status} = 'awaitingPayment' AND ${purchase.liveOrderId} IS NULL`,
    }).returning({ ...getTableColumns(purchase), created: sql<boolean>`(xmax = 0)` })
  })
  if (row) return { row, written: true }
  const [current] = await db.select().from(purchase).where(eq(purchase.applicationId, application.id)).limit(1)
  return current ? { row: current, written: false } : null
}
