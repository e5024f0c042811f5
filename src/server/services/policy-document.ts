import { randomInt } from 'node:crypto'
import fontkit from '@pdf-lib/fontkit'
import { and, eq, isNull } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { COMPANY } from '../../domain/constants.ts'
import { addDays, calendarDateOf, compareDates, daysInMonth, formatIsoDate, toCalendarDate, type CalendarDate } from '../../domain/dates.ts'
import {
  DOCUMENT_CODE_ALPHABET, DOCUMENT_CODE_LENGTH, documentCheckPath, formatDocumentCode, maskDocumentNumber, maskName, type DocumentCheck,
} from '../../domain/document-code.ts'
import { fundByCode } from '../../domain/funds.ts'
import { formatMoney } from '../../domain/money.ts'
import { formatDay, maskNationalId } from '../../domain/pre-information.ts'
import { hasBirthCover, insuredBirthdate, isTravelCoverage } from '../../domain/purchase.ts'
import type { ApplicationData, ApplicationProduct } from '../../domain/schemas/application.ts'
import { quoteTss, SCHENGEN_MINIMUM_EUR, TSS_BIRTH_WAITING_MONTHS } from '../../domain/tariff.ts'
import { SEED_TARIFF, type TariffFigures } from '../../domain/tariff-version.ts'
import type { Db } from '../db/client.ts'
import { purchase } from '../db/schema.ts'
import { DOCUMENT_TEXTS, type DocumentTexts } from '../document-texts.ts'
import { isUniqueViolation } from '../errors.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'
import { wrap } from './pdf-text.ts'
import { A4, BRAND, documentFontBytes, GREY, LEFT, WIDTH, Writer } from './pdf-writer.ts'

/**
 * The policy and contract documents (issue 24 item 5, docs/decisions/documents.md): one per
 * product with what its customer and the authorities need (TSS: period, network, limits, premium
 * breakdown, exclusions; travel: passport or ID, birth date, dates, territory, medical cover, 24/7
 * assistance, in Turkish and English; BES: contract, plan, funds and shares, contribution, state
 * contribution, cancellation right), the T.C. Kimlik No masked except on the BES contract (the
 * contract's parties are identified by it), and a verification code that `/dogrula/<code>` checks.
 */
type PurchaseRow = typeof purchase.$inferSelect

/** A new verification code: DOCUMENT_CODE_LENGTH characters of the unambiguous alphabet, from the CSPRNG. */
export function newDocumentCode(): string {
  return Array.from({ length: DOCUMENT_CODE_LENGTH }, () => DOCUMENT_CODE_ALPHABET[randomInt(DOCUMENT_CODE_ALPHABET.length)]).join('')
}

/**
 * The purchase with its verification code: a purchase issued before codes existed gets one now,
 * once (a guarded update: two parallel requests end with the same code).
 */
export async function withDocumentCode(db: Db, row: PurchaseRow): Promise<PurchaseRow> {
  if (row.documentCode || row.status !== 'issued') return row
  for (let attempt = 0; ; attempt++) {
    try {
      const [updated] = await db.update(purchase).set({ documentCode: newDocumentCode() })
        .where(and(eq(purchase.id, row.id), isNull(purchase.documentCode))).returning()
      if (updated) return updated
      const [current] = await db.select().from(purchase).where(eq(purchase.id, row.id)).limit(1)
      return current ?? row
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}

const isPension = (product: string) => product === 'erkenbes' || product === 'pratikbes'

function plusYear(d: CalendarDate): CalendarDate {
  return { year: d.year + 1, month: d.month, day: Math.min(d.day, daysInMonth(d.year + 1, d.month)) }
}

/**
 * The document's period (Istanbul dates): TSS from the day after issue for one year (12:00 to
 * 12:00); travel the trip's days; a BES contract from its issue day, without an end.
 */
export function documentPeriod(row: PurchaseRow): { start: string; end: string | null } {
  const data = row.data as ApplicationData
  const issued = calendarDateOf(row.issuedAt ?? row.updatedAt)!
  if (row.product === 'seyahatsaglik' && data.travelPlan) return { start: data.travelPlan.startDate, end: data.travelPlan.endDate }
  if (row.product === 'tss') {
    const start = addDays(issued, 1)
    return { start: formatIsoDate(start), end: formatIsoDate(plusYear(start)) }
  }
  return { start: formatIsoDate(issued), end: null }
}

/** The public check's answer for an issued purchase: its key facts, the person masked. */
export function documentCheck(row: PurchaseRow, now: Date, tariff: TariffFigures = SEED_TARIFF): DocumentCheck {
  const data = row.data as ApplicationData
  const person = data.personalProfile
  const { start, end } = documentPeriod(row)
  const today = calendarDateOf(now)!
  const status = compareDates(today, toCalendarDate(start)!) < 0 ? 'notStarted' : end && compareDates(today, toCalendarDate(end)!) > 0 ? 'ended' : 'inForce'
  const plan = row.product === 'seyahatsaglik' ? data.travelPlan : undefined
  const coverEur = plan && isTravelCoverage(plan.coverageType) ? tariff.travel.coverEur[plan.coverageType] : null
  return {
    code: row.documentCode ?? '',
    product: row.product as ApplicationProduct,
    kind: isPension(row.product) ? 'contract' : 'policy',
    number: row.policyNumber ?? '',
    holder: person ? maskName(`${person.firstname} ${person.lastname}`) : '',
    nationalId: person ? (person.nationality === 'TR' ? maskNationalId(person.nationalId) : maskDocumentNumber(person.nationalId)) : '',
    issuedAt: (row.issuedAt ?? row.updatedAt).toISOString(),
    startDate: start,
    endDate: end,
    status,
    region: plan?.travelLocation ?? null,
    coverEur,
    meetsSchengenVisa: plan ? plan.travelLocation === 'schengen' && (coverEur ?? 0) >= SCHENGEN_MINIMUM_EUR : null,
  }
}


/** `tariff`: the figures of the tariff version the purchase was priced with (its record's), version 1's for older purchases. */
type Ctx = { row: PurchaseRow; data: ApplicationData; t: DocumentTexts; locale: ServerLocale; w: Writer; tariff: TariffFigures }

/** A label (and heading) in the document's languages: one for TSS and BES, Turkish / English for travel. */
type Say = (pick: (t: DocumentTexts) => string) => string

function personRows(ctx: Ctx, say: Say, full: boolean): Array<[string, string]> {
  const p = ctx.data.personalProfile
  if (!p) return []
  const day = (iso: string) => formatDay(iso, ctx.locale)
  const rows: Array<[string, string]> = [[say((t) => t.person.name), `${p.firstname} ${p.lastname}`]]
  if (p.nationality === 'TR') {
    rows.push([say((t) => t.person.nationalId), full ? p.nationalId : maskNationalId(p.nationalId)])
    // a citizen's passport number, given for a visa application (travel; issue 24 item 5): in full, as the consulate checks it
    if (p.passportno) rows.push([say((t) => t.person.passportNo), p.passportno])
  }
  else rows.push([say((t) => t.person.passport), p.nationalId], [say((t) => t.person.nationality), p.nationality])
  rows.push([say((t) => t.person.birthdate), day(p.birthdate)])
  return rows
}

function tssBody(ctx: Ctx) {
  const { t, w, data, row, locale } = ctx
  const say: Say = (pick) => pick(t)
  const money = (a: number | string) => formatMoney(a, row.currency, locale)
  const p = data.personalProfile
  w.heading(t.person.insured)
  for (const [l, v] of personRows(ctx, say, false)) w.field(l, v)
  if (p) w.field(t.person.phone, row.phone), w.field(t.person.email, p.email)
  const { start, end } = documentPeriod(row)
  w.heading(t.period.heading)
  w.field(t.period.start, t.period.noon(formatDay(start, locale)))
  w.field(t.period.end, t.period.noon(formatDay(end!, locale)))
  const visits = data.outpatientVisits ?? 0
  w.heading(t.tss.heading)
  w.field(t.tss.plan, visits === 0 ? t.tss.plans.inpatient : t.tss.plans.outpatient(visits))
  w.field(t.tss.network, t.tss.networkText)
  const birth = hasBirthCover(data, row.issuedAt ?? row.createdAt)
  w.heading(t.tss.limits)
  w.field(t.tss.inpatient, t.tss.inpatientLimit)
  w.field(t.tss.outpatient, visits === 0 ? t.tss.none : t.tss.outpatientLimit(visits))
  w.field(t.tss.birth, birth ? t.tss.birthYes(TSS_BIRTH_WAITING_MONTHS) : t.tss.none)
  w.field(t.tss.copay, t.tss.copayNone)
  w.heading(t.tss.premium)
  for (const [l, v] of tssPremiumRows(ctx, birth)) w.field(l, money(v))
  w.field(t.tss.premiumTotal, money(row.amount))
  w.field(t.tss.monthly, money(Math.ceil((Number(row.amount) / 12) * 100) / 100))
  payment(ctx, say)
  w.heading(t.tss.exclusionsHeading)
  t.tss.exclusions.forEach((e) => w.bullet(e))
  w.heading(t.withdrawal.heading)
  t.withdrawal.policy.forEach((e) => w.bullet(e))
}

/**
 * The parts of the TSS premium as the tariff priced them when the purchase was made: inpatient,
 * the outpatient option's addition, the birth cover's addition. The parts add up to the amount
 * charged (the last part takes any rounding); when the tariff cannot be read again, none is shown.
 */
function tssPremiumRows(ctx: Ctx, birth: boolean): Array<[string, number]> {
  const { t, data, row } = ctx
  if (!data.quickProfile) return []
  const birthdate = insuredBirthdate('tss', data)
  if (!birthdate) return []
  const at = row.createdAt
  const withBirth = quoteTss({ ...data.quickProfile, birthdate, birthCollateral: birth }, at, ctx.tariff.tss)
  const without = quoteTss({ ...data.quickProfile, birthdate, birthCollateral: false }, at, ctx.tariff.tss)
  if (!withBirth.ok || !without.ok) return []
  const visits = data.outpatientVisits ?? 0
  const total = Number(row.amount)
  const inpatient = without.options.find((o) => o.visits === 0)?.annualTry
  const chosenWithout = without.options.find((o) => o.visits === visits)?.annualTry
  if (inpatient === undefined || chosenWithout === undefined) return []
  const rows: Array<[string, number]> = [[t.tss.premiumInpatient, inpatient]]
  if (visits !== 0) rows.push([t.tss.premiumOutpatient, chosenWithout - inpatient])
  if (birth) rows.push([t.tss.premiumBirth, total - chosenWithout])
  // what the parts miss (a tariff read again differs by rounding) goes to the last part
  const sum = rows.reduce((s, [, v]) => s + v, 0)
  const last = rows[rows.length - 1]!
  last[1] = Math.round((last[1] + total - sum) * 100) / 100
  return rows.every(([, v]) => v >= 0) ? rows : []
}

function payment(ctx: Ctx, say: Say) {
  const { w, row } = ctx
  w.heading(say((t) => t.payment.heading))
  const paid = ctx.row.product === 'seyahatsaglik'
    ? `${formatMoney(row.amount, row.currency, 'tr')} / ${formatMoney(row.amount, row.currency, 'en')}`
    : formatMoney(row.amount, row.currency, ctx.locale)
  w.field(say((t) => t.payment.paid), paid)
  w.field(say((t) => t.payment.paidAt), formatDay(formatIsoDate(calendarDateOf(row.issuedAt ?? row.updatedAt)!), ctx.locale))
  w.field(say((t) => t.payment.order), row.orderId ?? '-')
}

function travelBody(ctx: Ctx) {
  const { w, data } = ctx
  const tr = DOCUMENT_TEXTS.tr
  const en = DOCUMENT_TEXTS.en
  const say: Say = (pick) => `${pick(tr)} / ${pick(en)}`
  const both = (pick: (t: DocumentTexts) => string) => {
    w.text(pick(tr), { size: 9.5, gap: 1 })
    w.text(pick(en), { size: 9.5, color: GREY, gap: 5 })
  }
  const plan = data.travelPlan
  w.heading(say((t) => t.person.insured))
  for (const [l, v] of personRows(ctx, say, false)) w.field(l, v)
  if (!plan) return
  const eur = isTravelCoverage(plan.coverageType) ? ctx.tariff.travel.coverEur[plan.coverageType] : 0
  const eurText = `${formatMoney(eur, 'EUR', 'tr', { fractionDigits: 0 })} / ${formatMoney(eur, 'EUR', 'en', { fractionDigits: 0 })}`
  w.heading(say((t) => t.travel.trip))
  w.field(say((t) => t.travel.region), say((t) => t.travel.regions[plan.travelLocation] ?? plan.travelLocation))
  w.field(say((t) => t.period.start), formatDay(plan.startDate, 'tr'))
  w.field(say((t) => t.period.end), formatDay(plan.endDate, 'tr'))
  w.field(say((t) => t.period.duration), say((t) => t.period.length(plan.travelLength)))
  w.field(say((t) => t.travel.level), say((t) => t.travel.levels[plan.coverageType] ?? plan.coverageType))
  w.heading(say((t) => t.travel.cover))
  w.field(say((t) => t.travel.medical), eurText)
  w.field(say((t) => t.travel.repatriation), say((t) => t.travel.repatriationValue))
  w.field(say((t) => t.travel.covid), plan.covid ? say((t) => t.yes) : say((t) => t.no))
  w.field(say((t) => t.travel.deductible), say((t) => t.travel.deductibleNone))
  if (plan.travelLocation === 'schengen' && eur >= SCHENGEN_MINIMUM_EUR) {
    w.y -= 4
    both((t) => t.travel.schengen(formatMoney(SCHENGEN_MINIMUM_EUR, 'EUR', t === tr ? 'tr' : 'en', { fractionDigits: 0 })))
  }
  w.heading(say((t) => t.travel.assistance))
  w.text(COMPANY.assistancePhone, { size: 14, gap: 6 })
  both((t) => t.travel.assistanceText(COMPANY.assistancePhone))
  payment({ ...ctx, locale: 'tr' }, say)
  w.heading(say((t) => t.travel.exclusionsHeading))
  tr.travel.exclusions.forEach((e, i) => {
    w.bullet(e)
    w.bullet(en.travel.exclusions[i]!, GREY)
  })
  w.heading(say((t) => t.withdrawal.heading))
  tr.withdrawal.travel.forEach((e, i) => {
    w.bullet(e)
    w.bullet(en.withdrawal.travel[i]!, GREY)
  })
}

function besBody(ctx: Ctx) {
  const { t, w, data, row, locale } = ctx
  const say: Say = (pick) => pick(t)
  const p = data.personalProfile
  w.heading(t.person.participant)
  // the contract's parties are identified by their T.C. Kimlik No (the contract goes to the participant only)
  for (const [l, v] of personRows(ctx, say, true)) w.field(l, v)
  if (p) w.field(t.person.phone, row.phone), w.field(t.person.email, p.email)
  if (data.custodianProfile) w.field(t.person.custodian, `${data.custodianProfile.firstname} ${data.custodianProfile.lastname} (${data.custodianProfile.nationalId})`)
  if (data.payerProfile) w.field(t.person.payer, `${data.payerProfile.firstname} ${data.payerProfile.lastname} (${data.payerProfile.nationalId})`)
  w.heading(t.bes.contract)
  w.field(t.bes.plan, t.plan[row.product as 'erkenbes' | 'pratikbes'] ?? row.product)
  w.field(t.period.effective, formatDay(documentPeriod(row).start, locale))
  const c = data.pensionContract
  if (c) {
    w.field(t.bes.currency, c.currencyOfInvest)
    w.field(t.bes.frequency, t.bes.frequencies[c.freqOfInvest] ?? c.freqOfInvest)
    w.field(t.bes.contribution, formatMoney(c.contributionAmount, c.currencyOfInvest, locale))
    w.heading(t.bes.funds)
    w.text(t.bes.participation, { size: 9.5, color: GREY, gap: 6 })
    w.field(t.bes.fund, `${t.bes.risk} · ${t.bes.share}`)
    for (const f of c.fundChoice) {
      const fund = fundByCode(f.code, ctx.tariff.funds)
      w.field(`${fund?.name ?? f.code} (${f.code})`, `${fund?.risk ?? '-'} · %${f.share}`)
    }
  }
  w.heading(t.bes.stateHeading)
  w.text(t.bes.state, { size: 9.5 })
  payment(ctx, say)
  w.heading(t.withdrawal.heading)
  t.withdrawal.contract.forEach((e) => w.bullet(e))
}

/**
 * The policy or contract document of an issued purchase (with its verification code, see
 * withDocumentCode), in the language it was bought in (travel: Turkish and English). `origin` is
 * the public site the verification address is printed with.
 */
export async function policyDocumentPdf(row: PurchaseRow, origin: string | null, tariff: TariffFigures = SEED_TARIFF): Promise<Uint8Array> {
  const product = row.product as ApplicationProduct
  const travel = product === 'seyahatsaglik'
  const locale: ServerLocale = travel ? 'tr' : isServerLocale(row.locale) ? row.locale : 'tr'
  const t = DOCUMENT_TEXTS[locale]
  const en = DOCUMENT_TEXTS.en
  const data = row.data as ApplicationData
  const say: Say = travel ? (pick) => `${pick(t)} / ${pick(en)}` : (pick) => pick(t)
  const kind = isPension(product) ? 'contract' : 'policy'
  const title = say((x) => (kind === 'contract' ? x.title.bes : x.title[product as 'tss' | 'seyahatsaglik']))
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(`${title} ${row.policyNumber ?? ''}`)
  doc.setSubject(row.documentCode ? formatDocumentCode(row.documentCode) : '')
  doc.setCreator(COMPANY.tradeName)
  doc.setCreationDate(row.issuedAt ?? row.updatedAt)
  doc.setModificationDate(row.issuedAt ?? row.updatedAt)
  const font = await doc.embedFont(await documentFontBytes(), { subset: true })
  const w = new Writer(doc, font)
  w.text(COMPANY.tradeName, { size: 10, color: BRAND, gap: 10 })
  w.text(title, { size: travel ? 16 : 19, gap: 6 })
  const code = row.documentCode ? formatDocumentCode(row.documentCode) : '-'
  const url = row.documentCode ? `${origin ?? ''}${documentCheckPath(row.documentCode)}` : '-'
  w.field(say((x) => x.number[kind]), row.policyNumber ?? '-')
  w.field(say((x) => x.issuedAt), formatDay(formatIsoDate(calendarDateOf(row.issuedAt ?? row.updatedAt)!), locale))
  w.field(say((x) => x.check.code), code)
  const ctx: Ctx = { row, data, t, locale, w, tariff }
  if (product === 'tss') tssBody(ctx)
  else if (travel) travelBody(ctx)
  else besBody(ctx)
  w.heading(say((x) => x.insurer.heading))
  w.field(say((x) => x.insurer.company), COMPANY.tradeName)
  w.field(say((x) => x.insurer.address), COMPANY.address)
  w.field(say((x) => x.insurer.mersis), COMPANY.mersisNo)
  w.field(say((x) => x.insurer.phone), COMPANY.phone)
  w.field(say((x) => x.insurer.kep), COMPANY.kep)
  w.heading(say((x) => x.complaints.heading))
  t.complaints.lines.forEach((l) => w.bullet(l))
  if (travel) en.complaints.lines.forEach((l) => w.bullet(l, GREY))
  w.text(say((x) => x.illustrative), { size: 8.5, color: GREY })
  // every page: the verification code and where to check it, and the page's number
  const pages = doc.getPages()
  pages.forEach((page, i) => {
    const lines = [`${say((x) => x.check.code)}: ${code}`, ...(travel ? [t.check.how(url), en.check.how(url)] : [t.check.how(url)])]
    let y = 62
    for (const line of lines) {
      for (const l of wrap(line, font, 8, WIDTH - 70)) {
        page.drawText(l, { x: LEFT, y, size: 8, font, color: GREY })
        y -= 10.5
      }
    }
    const n = travel ? `${t.page(i + 1, pages.length)} / ${en.page(i + 1, pages.length)}` : t.page(i + 1, pages.length)
    page.drawText(n, { x: A4[0] - LEFT - font.widthOfTextAtSize(n, 8), y: 62, size: 8, font, color: GREY })
    page.drawLine({ start: { x: LEFT, y: 74 }, end: { x: A4[0] - LEFT, y: 74 }, thickness: 0.5, color: GREY })
  })
  return doc.save()
}

/** The issued purchase whose document carries this verification code, if any (the public check). */
export async function issuedByCode(db: Db, code: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchase).where(and(eq(purchase.documentCode, code), eq(purchase.status, 'issued'))).limit(1)
  return row
}
