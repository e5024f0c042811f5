import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { ConsentDocument } from '../../domain/consents.ts'
import type { ApplicationData, ApplicationProduct, SavedApplication } from '../../domain/schemas/application.ts'
import type { TariffFigures } from '../../domain/tariff-version.ts'
import { AGE_RULE_CODE, healthAnswersProblem, purchasePrice, quotedPrice, type PurchasePrice } from '../../domain/purchase.ts'
import type { PurchaseView } from '../../domain/schemas/purchase.ts'
import { preInformationForm, preInformationText } from '../../domain/pre-information.ts'
import type { AppEnv } from '../types.ts'
import type { salesApplication } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { healthQuestionList, type ErrorCode, type ServerLocale } from '../i18n.ts'
import type { PurchaseRow } from './purchase.ts'

/**
 * The sales service's rules (spec 7.3, issues 21 and 24) that routes/sales.ts used to hold (issue
 * 26 item 3): what the server refuses in an application and how it says so, the consent record's
 * proof, the pre-information form as it stands, and the answers' shapes. No query here; those are
 * in services/sales.ts.
 */

export type ApplicationRow = typeof salesApplication.$inferSelect

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

/** The server's message for a person outside a product's ages: the product's rule in words. */
const AGE_ERROR: Record<ApplicationProduct, ErrorCode> = {
  tss: 'TSS_AGE_WINDOW', seyahatsaglik: 'TRAVEL_AGE_WINDOW', erkenbes: 'BES_AGE_WINDOW', pratikbes: 'BES_ADULT_ONLY',
}

/**
 * A TSS health declaration the server does not take (issue 24): each of its questions answered
 * once with yes or no, none other. The answer names the unanswered questions in the reader's
 * language (message) and as fields (`healthPolicy.questions.<id>`: `healthQuestion.required`).
 */
export function healthAnswersError(policy: ApplicationData['healthPolicy']): AppError | null {
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
export function refusal(product: ApplicationProduct, price: Extract<PurchasePrice, { ok: false }>, data: ApplicationData): AppError {
  if (price.code === 'AGE_OUT_OF_RANGE') return new AppError(400, AGE_ERROR[product], [{ path: `${price.section}.birthdate`, code: AGE_RULE_CODE[product] }])
  if (price.code === 'HEALTH_QUESTIONS_UNANSWERED') return healthAnswersError(data.healthPolicy) ?? new AppError(400, 'VALIDATION', [{ path: price.section, code: `purchase.${price.code}` }])
  return new AppError(400, 'VALIDATION', [{ path: price.section, code: `purchase.${price.code}` }])
}

/** What an application to save is refused for: a person outside the product's ages (repriced now), a health declaration not whole. */
export function applicationProblem(product: ApplicationProduct, data: ApplicationData, now: Date, figures: TariffFigures): AppError | null {
  const price = quotedPrice(product, data, now, figures)
  if (!price.ok && price.code === 'AGE_OUT_OF_RANGE') return refusal(product, price, data)
  // a health declaration is saved whole: every question answered (issue 24; the browser's step asks the same)
  return data.healthPolicy ? healthAnswersError(data.healthPolicy) : null
}

export function savedView(row: ApplicationRow, now: Date, figures: TariffFigures): SavedApplication {
  const data = row.data as ApplicationData
  const price = quotedPrice(row.product as ApplicationProduct, data, now, figures)
  return {
    id: row.id, product: row.product as ApplicationProduct, step: row.step, data,
    updatedAt: row.updatedAt.toISOString(), expiresAt: row.expiresAt.toISOString(),
    price: price.ok ? { amount: price.amountTry, currency: price.currency } : null,
  }
}

/** The person an application is about: their national ID, or (before the profile step) the verified phone. */
export function partyOf(application: ApplicationRow): string {
  const nationalId = (application.data as ApplicationData).personalProfile?.nationalId
  return nationalId ? nationalId : `tel:${application.phone}`
}

export type PaymentState = { paymentInProgress: boolean; lastFailure: string | null }

export function purchaseView(row: PurchaseRow, access: PurchaseView['access'], payment: PaymentState): PurchaseView {
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

/**
 * The pre-information form of an application as it stands (issue 24 item 4): its answers at the
 * price the purchase would charge now, in a language; with its plain text and that text's hash.
 */
export function currentForm(application: ApplicationRow, locale: ServerLocale, now: Date, figures: TariffFigures) {
  const product = application.product as ApplicationProduct
  const data = application.data as ApplicationData
  const price = purchasePrice(product, data, now, figures)
  if (!price.ok) throw refusal(product, price, data)
  const form = preInformationForm(product, data, price.amountTry, price.currency, locale, now, figures)
  const text = preInformationText(form)
  return { form, text, sha: textSha256(text), price }
}
