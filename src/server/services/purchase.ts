import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { documentCheckPath, formatDocumentCode } from '../../domain/document-code.ts'
import { formatMoney } from '../../domain/money.ts'
import fontkit from '@pdf-lib/fontkit'
import { and, eq, sql } from 'drizzle-orm'
import { PDFDocument, rgb } from 'pdf-lib'
import { POLICY_PREFIX } from '../../domain/purchase.ts'
import type { PreInformationForm } from '../../domain/pre-information.ts'
import type { ApplicationData } from '../../domain/schemas/application.ts'
import type { Db } from '../db/client.ts'
import { purchase, salesApplication } from '../db/schema.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { enqueueJob, type JobHandler } from './outbox.ts'
import { isUniqueViolation } from '../errors.ts'
import { wrap } from './pdf-text.ts'
import { newDocumentCode, policyDocumentPdf, withDocumentCode } from './policy-document.ts'
import { documentFontBytes } from './pdf-writer.ts'
import { tariffOfPurchase } from './tariffs.ts'

/**
 * The purchase backbone (issue 15, docs/decisions/purchase.md): a purchase ties a verified
 * application to the amount the server priced; a card payment of it charges that amount; its
 * successful callback issues the policy or contract (a number, the application closed, the summary
 * PDF e-mailed through the outbox); a failed one leaves the purchase payable and the application
 * resumable.
 */
export type PurchaseRow = typeof purchase.$inferSelect

/** 18 random bytes: 24 base64url characters, the purchase's unguessable id. */
export function newPurchaseId(): string {
  return randomBytes(18).toString('base64url')
}
export const PURCHASE_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/

/** How long the link in the purchase mail shows the purchase's details. */
export const PURCHASE_LINK_DAYS = 30

function linkMac(secret: string, id: string, expires: number): string {
  return createHmac('sha256', `${secret}:purchase-link`).update(`purchase-link:v1:${id}:${expires}`).digest('base64url')
}

/**
 * The key of the link mailed to the customer (issue 21): it shows this purchase's details and
 * document until it expires (`expires` in base 36, then an HMAC of the id and the expiry).
 */
export function purchaseLinkKey(secret: string, id: string, expiresAt: Date): string {
  const expires = expiresAt.getTime()
  return `${expires.toString(36)}.${linkMac(secret, id, expires)}`
}

export const PURCHASE_KEY_PATTERN = /^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/

export function isPurchaseLinkKey(secret: string, id: string, key: string, now: Date): boolean {
  if (!PURCHASE_KEY_PATTERN.test(key)) return false
  const [exp, mac] = key.split('.') as [string, string]
  const expires = parseInt(exp, 36)
  if (!Number.isSafeInteger(expires) || expires <= now.getTime()) return false
  const a = Buffer.from(mac)
  const b = Buffer.from(linkMac(secret, id, expires))
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The result page a purchase's mail links to. */
export function purchaseResultPath(product: string): string {
  return product === 'tss' ? '/result/tss-success' : '/result/success'
}

/**
 * A policy or contract number: the product's prefix (read from the row in the same statement),
 * the year, 10 random digits (unique in the table).
 */
function policyNumberSql(now: Date) {
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('')
  const prefix = sql.join(Object.entries(POLICY_PREFIX).map(([product, p]) => sql`WHEN ${product} THEN ${p}`), sql` `)
  return sql`(CASE ${purchase.product} ${prefix} END) || ${`-${now.getUTCFullYear()}-${digits}`}`
}

/**
 * Issues the policy of a paid purchase, once, inside the caller's transaction (issue 21: the
 * order's success, the policy, the closed application and the queued mail commit together, or
 * none of them does). The guarded update makes a replayed callback change nothing; a policy
 * number already taken is drawn again inside a savepoint.
 */
export async function issuePurchase(tx: Db, purchaseId: string, orderId: string, now: Date): Promise<PurchaseRow | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await tx.transaction(async (sp) => {
        const [issued] = await sp.update(purchase)
          .set({
            status: 'issued', policyNumber: policyNumberSql(now), documentCode: newDocumentCode(),
            orderId, issuedAt: now, updatedAt: now, liveOrderId: null, liveSince: null,
          })
          .where(and(eq(purchase.id, purchaseId), eq(purchase.status, 'awaitingPayment')))
          .returning()
        return issued ?? null
      })
      if (!row) return null
      await tx.delete(salesApplication).where(eq(salesApplication.id, row.applicationId))
      await enqueueJob(tx, 'purchaseDocument', { purchaseId: row.id })
      return row
    } catch (error) {
      // 10 random digits a year (and a 12-character code): a collision is rare, and a new draw settles it
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}

// ---- the policy or contract document ----

/**
 * The policy or contract document of an issued purchase (issue 24 item 5, ./policy-document.ts),
 * with its verification code (drawn now for a purchase issued before codes existed).
 */
export async function purchasePdf(db: Db, row: PurchaseRow, origin: string | null): Promise<Uint8Array> {
  return policyDocumentPdf(await withDocumentCode(db, row), origin, await tariffOfPurchase(db, row.tariffVersionId))
}

/** The pre-information form (issue 24 item 4) as a PDF: its title, then each section, on as many pages as it takes. */
export async function preInformationPdf(form: PreInformationForm, givenAt: Date, textSha256: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(form.title)
  doc.setSubject(`${form.documentId} ${textSha256}`)
  doc.setCreator('Katılım Emeklilik ve Hayat A.Ş.')
  doc.setCreationDate(givenAt)
  doc.setModificationDate(givenAt)
  const font = await doc.embedFont(await documentFontBytes(), { subset: true })
  const left = 56
  const width = 595.28 - 2 * left
  const brand = rgb(0.043, 0.365, 0.294)
  let page = doc.addPage([595.28, 841.89])
  let y = 780
  const need = (h: number) => {
    if (y - h < 70) {
      page = doc.addPage([595.28, 841.89])
      y = 780
    }
  }
  page.drawText('Katılım Emeklilik ve Hayat A.Ş.', { x: left, y, size: 10, font, color: brand })
  y -= 28
  for (const line of wrap(form.title, font, 16, width)) {
    page.drawText(line, { x: left, y, size: 16, font })
    y -= 20
  }
  y -= 8
  for (const section of form.sections) {
    if (section.heading) {
      need(40)
      y -= 8
      page.drawText(section.heading, { x: left, y, size: 12, font, color: brand })
      y -= 18
    }
    for (const item of section.lines) {
      for (const line of wrap(item, font, 10, width - 12)) {
        need(14)
        page.drawText(line, { x: left + 12, y, size: 10, font })
        y -= 14
      }
      y -= 3
    }
  }
  const footer = `${form.documentId} · ${givenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · SHA-256 ${textSha256.slice(0, 16)}…`
  for (const p of doc.getPages()) p.drawText(footer, { x: left, y: 40, size: 7.5, font, color: rgb(0.3, 0.35, 0.33) })
  return doc.save()
}

export function pdfFileName(row: PurchaseRow): string {
  return `${(row.policyNumber ?? row.id).replace(/[^A-Za-z0-9-]/g, '')}.pdf`
}

/**
 * Outbox job: the policy or contract document (PDF) to the customer's e-mail (kept and retried like any mail), with the
 * link to the purchase's details (expiring after PURCHASE_LINK_DAYS) when the site's origin is known.
 */
export function purchaseDocumentJob(opts: { secretsKey: string; origin: () => string | null } | null = null): JobHandler {
  return async (payload, tx) => {
    const id = typeof payload.purchaseId === 'string' ? payload.purchaseId : ''
    const [row] = await tx.select().from(purchase).where(eq(purchase.id, id)).limit(1)
    const person = (row?.data as ApplicationData | undefined)?.personalProfile
    if (!row || row.status !== 'issued' || !person?.email) return null
    const locale: ServerLocale = isServerLocale(row.locale) ? row.locale : 'tr'
    const mail = MAILS.purchaseDocument[locale]
    const origin = opts?.origin() ?? null
    const issued = await withDocumentCode(tx, row)
    const pdf = await policyDocumentPdf(issued, origin, await tariffOfPurchase(tx, row.tariffVersionId))
    const key = opts && origin ? purchaseLinkKey(opts.secretsKey, row.id, new Date((row.issuedAt ?? row.updatedAt).getTime() + PURCHASE_LINK_DAYS * 86_400_000)) : null
    const link = origin && key ? `${origin}${purchaseResultPath(row.product)}?purchase=${row.id}&key=${key}` : null
    return {
      mail: {
        to: person.email,
        subject: mail.subject,
        text: mail.text({ name: `${person.firstname} ${person.lastname}`, number: row.policyNumber ?? '', amount: formatMoney(row.amount, row.currency, locale), link, days: PURCHASE_LINK_DAYS,
          code: formatDocumentCode(issued.documentCode ?? ''), check: `${origin ?? ''}${documentCheckPath(issued.documentCode ?? '')}` }),
        attachments: [{ filename: pdfFileName(row), contentType: 'application/pdf', base64: Buffer.from(pdf).toString('base64') }],
      },
    }
  }
}
