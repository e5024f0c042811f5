import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { fundByCode } from '../../domain/funds.ts'
import { formatMoney } from '../../domain/money.ts'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { and, eq, sql } from 'drizzle-orm'
import { PDFDocument, rgb } from 'pdf-lib'
import { hasBirthCover, isTravelCoverage, POLICY_PREFIX } from '../../domain/purchase.ts'
import type { PreInformationForm } from '../../domain/pre-information.ts'
import { SCHENGEN_MINIMUM_EUR, TRAVEL_COVER_EUR } from '../../domain/tariff.ts'
import type { ApplicationData, ApplicationProduct } from '../../domain/schemas/application.ts'
import type { Db } from '../db/client.ts'
import { purchase, salesApplication } from '../db/schema.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { enqueueJob, type JobHandler } from './outbox.ts'
import { isUniqueViolation } from '../errors.ts'
import { woffToSfnt, wrap } from './pdf-text.ts'

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
            status: 'issued', policyNumber: policyNumberSql(now),
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
      // 10 random digits a year: a collision is rare, and a new number settles it
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}

// ---- the summary PDF ----

type Texts = {
  title: Record<'policy' | 'contract', string>
  product: Record<ApplicationProduct, string>
  number: string
  insured: string
  nationalId: string
  phone: string
  email: string
  premium: string
  paidAt: string
  order: string
  details: string
  footer: string
  visits: string
  inpatientOnly: string
  birthCover: string
  yes: string
  no: string
  region: string
  dates: string
  cover: string
  schengen: string
  contribution: Record<'monthly' | 'quarterly' | 'semiannual' | 'annual', string>
  funds: string
  custodian: string
  payer: string
}

const PDF_TEXTS: Record<ServerLocale, Texts> = {
  tr: {
    title: { policy: 'Poliçe Özeti', contract: 'Sözleşme Özeti' },
    product: { tss: 'Tamamlayıcı Sağlık Sigortası', seyahatsaglik: 'Seyahat Sağlık Sigortası', erkenbes: 'Erken BES', pratikbes: 'Pratik BES' },
    number: 'Poliçe / sözleşme no', insured: 'Sigortalı / katılımcı', nationalId: 'T.C. Kimlik No / kimlik no', phone: 'Cep telefonu',
    email: 'E-posta', premium: 'Ödenen tutar', paidAt: 'Ödeme tarihi', order: 'Sipariş no', details: 'Teminat bilgileri',
    footer: 'Bu belge katılım esaslı (faizsiz) sigorta ve bireysel emeklilik işleminizin özetidir.',
    visits: 'Ayakta tedavi (yıllık vizite)', inpatientOnly: 'Yalnız yatarak tedavi', birthCover: 'Doğum teminatı', yes: 'Var', no: 'Yok',
    region: 'Bölge', dates: 'Seyahat tarihleri', cover: 'Tedavi teminatı', schengen: 'Schengen vizesi için asgari teminatı karşılar',
    contribution: { monthly: 'Aylık katkı payı', quarterly: '3 aylık katkı payı', semiannual: '6 aylık katkı payı', annual: 'Yıllık katkı payı' },
    funds: 'Fon dağılımı', custodian: 'Veli / vasi', payer: 'Katkı payını ödeyen',
  },
  en: {
    title: { policy: 'Policy Summary', contract: 'Contract Summary' },
    product: { tss: 'Complementary Health Insurance', seyahatsaglik: 'Travel Health Insurance', erkenbes: 'Early BES', pratikbes: 'Practical BES' },
    number: 'Policy / contract no', insured: 'Insured / participant', nationalId: 'National ID no', phone: 'Mobile phone',
    email: 'E-mail', premium: 'Amount paid', paidAt: 'Paid on', order: 'Order no', details: 'Cover',
    footer: 'This document summarises your participation-based (interest-free) insurance or pension transaction.',
    visits: 'Outpatient (visits a year)', inpatientOnly: 'Inpatient only', birthCover: 'Birth cover', yes: 'Yes', no: 'No',
    region: 'Region', dates: 'Travel dates', cover: 'Medical cover', schengen: 'Meets the Schengen visa minimum cover',
    contribution: { monthly: 'Monthly contribution', quarterly: 'Quarterly contribution', semiannual: 'Six-monthly contribution', annual: 'Yearly contribution' },
    funds: 'Fund distribution', custodian: 'Custodian (legal parent)', payer: 'Contribution paid by',
  },
  ru: {
    title: { policy: 'Сводка полиса', contract: 'Сводка договора' },
    product: { tss: 'Дополнительное медицинское страхование', seyahatsaglik: 'Медицинское страхование путешественников', erkenbes: 'Ранний BES', pratikbes: 'Практичный BES' },
    number: 'Номер полиса / договора', insured: 'Застрахованный / участник', nationalId: 'Номер удостоверения личности', phone: 'Мобильный телефон',
    email: 'Эл. почта', premium: 'Оплаченная сумма', paidAt: 'Дата оплаты', order: 'Номер заказа', details: 'Покрытие',
    footer: 'Этот документ кратко описывает вашу операцию страхования или пенсионного накопления на беспроцентной основе.',
    visits: 'Амбулаторное лечение (визитов в год)', inpatientOnly: 'Только стационар', birthCover: 'Покрытие родов', yes: 'Да', no: 'Нет',
    region: 'Регион', dates: 'Даты поездки', cover: 'Медицинское покрытие', schengen: 'Соответствует минимуму для шенгенской визы',
    contribution: { monthly: 'Ежемесячный взнос', quarterly: 'Ежеквартальный взнос', semiannual: 'Взнос раз в полгода', annual: 'Ежегодный взнос' },
    funds: 'Распределение по фондам', custodian: 'Законный представитель', payer: 'Плательщик взносов',
  },
}

const REGION_NAMES: Record<ServerLocale, Record<string, string>> = {
  tr: { schengen: 'Schengen / Avrupa', worldwideExclUsCa: 'Tüm dünya (ABD ve Kanada hariç)', worldwide: 'Tüm dünya' },
  en: { schengen: 'Schengen / Europe', worldwideExclUsCa: 'Worldwide (excluding the USA and Canada)', worldwide: 'Worldwide' },
  ru: { schengen: 'Шенген / Европа', worldwideExclUsCa: 'Весь мир (кроме США и Канады)', worldwide: 'Весь мир' },
}

let fontCache: Promise<Uint8Array> | null = null
/** DejaVu Sans (Bitstream Vera licence, see docs/sales.md "Fonts"): Turkish and Cyrillic letters; unwrapped from WOFF once. */
function fontBytes(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url)
  fontCache ??= readFile(join(dirname(require.resolve('@fontsource/dejavu-sans/package.json')), 'files', 'dejavu-sans-latin-400-normal.woff')).then(woffToSfnt)
  return fontCache
}

/** The lines of the cover section: what was bought, product by product. */
function detailLines(row: PurchaseRow, t: Texts, locale: ServerLocale): Array<[string, string]> {
  const data = row.data as ApplicationData
  const lines: Array<[string, string]> = []
  if (row.product === 'tss') {
    const visits = data.outpatientVisits ?? 0
    lines.push([t.visits, visits === 0 ? t.inpatientOnly : String(visits)])
    // the cover the insured person can have (a woman of 18-44 by the profile's birth date), whatever was ticked
    lines.push([t.birthCover, hasBirthCover(data, row.issuedAt ?? row.createdAt) ? t.yes : t.no])
  }
  if (row.product === 'seyahatsaglik' && data.travelPlan) {
    const plan = data.travelPlan
    lines.push([t.region, REGION_NAMES[locale][plan.travelLocation] ?? plan.travelLocation])
    lines.push([t.dates, `${plan.startDate} – ${plan.endDate}`])
    const eur = isTravelCoverage(plan.coverageType) ? TRAVEL_COVER_EUR[plan.coverageType] : 0
    lines.push([t.cover, formatMoney(eur, 'EUR', locale, { fractionDigits: 0 })])
    if (plan.travelLocation === 'schengen' && eur >= SCHENGEN_MINIMUM_EUR) lines.push([t.schengen, t.yes])
  }
  if ((row.product === 'erkenbes' || row.product === 'pratikbes') && data.pensionContract) {
    const c = data.pensionContract
    lines.push([t.contribution[c.freqOfInvest], formatMoney(c.contributionAmount, c.currencyOfInvest, locale)])
    lines.push([t.funds, c.fundChoice.map((f) => `${fundByCode(f.code)?.name ?? f.code} %${f.share}`).join(', ')])
    if (data.custodianProfile) lines.push([t.custodian, `${data.custodianProfile.firstname} ${data.custodianProfile.lastname}`])
    if (data.payerProfile) lines.push([t.payer, `${data.payerProfile.firstname} ${data.payerProfile.lastname}`])
  }
  return lines
}

/** The policy or contract summary of an issued purchase, in the language it was bought in. */
export async function purchasePdf(row: PurchaseRow): Promise<Uint8Array> {
  const locale: ServerLocale = isServerLocale(row.locale) ? row.locale : 'tr'
  const t = PDF_TEXTS[locale]
  const product = row.product as ApplicationProduct
  const kind = product === 'erkenbes' || product === 'pratikbes' ? 'contract' : 'policy'
  const data = row.data as ApplicationData
  const person = data.personalProfile
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(`${t.title[kind]} ${row.policyNumber ?? ''}`)
  doc.setCreator('Katılım Emeklilik ve Hayat A.Ş.')
  doc.setCreationDate(row.issuedAt ?? row.updatedAt)
  doc.setModificationDate(row.issuedAt ?? row.updatedAt)
  const font = await doc.embedFont(await fontBytes(), { subset: true })
  const page = doc.addPage([595.28, 841.89])
  const left = 56
  const width = 595.28 - 2 * left
  let y = 780
  const brand = rgb(0.043, 0.365, 0.294)
  page.drawText('Katılım Emeklilik ve Hayat A.Ş.', { x: left, y, size: 10, font, color: brand })
  y -= 30
  page.drawText(t.title[kind], { x: left, y, size: 20, font })
  y -= 22
  page.drawText(t.product[product], { x: left, y, size: 13, font, color: brand })
  y -= 34
  const rows: Array<[string, string]> = [
    [t.number, row.policyNumber ?? '-'],
    [t.insured, person ? `${person.firstname} ${person.lastname}` : '-'],
    [t.nationalId, person?.nationalId ?? '-'],
    [t.phone, row.phone],
    [t.email, person?.email ?? '-'],
    [t.premium, formatMoney(row.amount, row.currency, locale)],
    [t.paidAt, (row.issuedAt ?? row.updatedAt).toISOString().slice(0, 10)],
    [t.order, row.orderId ?? '-'],
  ]
  const field = ([label, value]: [string, string]) => {
    page.drawText(label, { x: left, y, size: 10, font, color: rgb(0.3, 0.35, 0.33) })
    for (const line of wrap(value, font, 11, width - 200)) {
      page.drawText(line, { x: left + 200, y, size: 11, font })
      y -= 16
    }
    y -= 4
  }
  rows.forEach(field)
  const details = detailLines(row, t, locale)
  if (details.length) {
    y -= 14
    page.drawText(t.details, { x: left, y, size: 13, font, color: brand })
    y -= 22
    details.forEach(field)
  }
  for (const [i, line] of wrap(t.footer, font, 8.5, width).entries()) page.drawText(line, { x: left, y: 52 - i * 11, size: 8.5, font, color: rgb(0.3, 0.35, 0.33) })
  return doc.save()
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
  const font = await doc.embedFont(await fontBytes(), { subset: true })
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
 * Outbox job: the summary PDF to the customer's e-mail (kept and retried like any mail), with the
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
    const pdf = await purchasePdf(row)
    const origin = opts?.origin() ?? null
    const key = opts && origin ? purchaseLinkKey(opts.secretsKey, row.id, new Date((row.issuedAt ?? row.updatedAt).getTime() + PURCHASE_LINK_DAYS * 86_400_000)) : null
    const link = origin && key ? `${origin}${purchaseResultPath(row.product)}?purchase=${row.id}&key=${key}` : null
    return {
      mail: {
        to: person.email,
        subject: mail.subject,
        text: mail.text({ name: `${person.firstname} ${person.lastname}`, number: row.policyNumber ?? '', amount: formatMoney(row.amount, row.currency, locale), link, days: PURCHASE_LINK_DAYS }),
        attachments: [{ filename: pdfFileName(row), contentType: 'application/pdf', base64: Buffer.from(pdf).toString('base64') }],
      },
    }
  }
}
