import type { Context } from 'hono'
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { PaymentActionReason, PaymentActionView } from '../../domain/schemas/payment-action.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { paymentAction } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { UUID_PATTERN } from '../http.ts'
import { auditBySession } from './audit.ts'
import { orderBy, prefixPattern, type ListParams } from './list.ts'

/**
 * Payments needing action (issue 21; issue 26 item 3 moved the queries out of
 * routes/payment-actions.ts): the company's list, and one resolved with its audit entry.
 */
type Row = typeof paymentAction.$inferSelect

export function paymentActionView(row: Row): PaymentActionView {
  return {
    id: row.id,
    orderId: row.orderId,
    purchaseId: row.purchaseId,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason as PaymentActionView['reason'],
    paidBy: row.paidBy,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    note: row.note,
  }
}

export async function listPaymentActions(db: Db, companyId: string, params: ListParams<{ status?: 'open' | 'resolved'; reason?: PaymentActionReason }>) {
  const f = params.filters
  const where: SQL[] = [eq(paymentAction.companyId, companyId)]
  if (f.status === 'open') where.push(isNull(paymentAction.resolvedAt))
  if (f.status === 'resolved') where.push(isNotNull(paymentAction.resolvedAt))
  if (f.reason) where.push(eq(paymentAction.reason, f.reason))
  if (params.q) where.push(sql`lower(${paymentAction.orderId}) like ${prefixPattern(params.q)}`)
  const condition = and(...where)
  const [rows, [total]] = await Promise.all([
    db.select().from(paymentAction).where(condition)
      .orderBy(...orderBy(params, { createdAt: paymentAction.createdAt, amount: sql`${paymentAction.amount}::numeric` }, [desc(paymentAction.createdAt)], paymentAction.id))
      .limit(params.size).offset(params.offset),
    db.select({ n: count() }).from(paymentAction).where(condition),
  ])
  return { items: rows.map(paymentActionView), total: total?.n ?? 0 }
}

/**
 * What staff did about a payment (the reversal at the bank), once: a second resolve (another tab,
 * a double click) is 409 ALREADY_RESOLVED; another company's or none is 404. The update and its
 * audit entry are one transaction.
 */
export async function resolvePaymentAction(c: Context<AppEnv>, id: string, note: string): Promise<Row> {
  if (!UUID_PATTERN.test(id)) throw new AppError(404, 'NOT_FOUND')
  const { db, clock } = c.get('deps')
  const session = c.get('session')
  return db.transaction(async (tx) => {
    const [who] = (await tx.execute(sql`select username from app_user where id = ${session.userId}::uuid`) as unknown as { rows: Array<{ username: string }> }).rows
    const [row] = await tx.update(paymentAction).set({ resolvedAt: clock.now(), resolvedBy: who?.username ?? null, note })
      .where(and(eq(paymentAction.id, id), eq(paymentAction.companyId, session.companyId), isNull(paymentAction.resolvedAt))).returning()
    if (!row) {
      const [exists] = await tx.select({ id: paymentAction.id }).from(paymentAction).where(and(eq(paymentAction.id, id), eq(paymentAction.companyId, session.companyId)))
      throw exists ? new AppError(409, 'ALREADY_RESOLVED') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'payment.resolve', row.orderId, { reason: row.reason, amount: row.amount, currency: row.currency }, tx as unknown as Db)
    return row
  })
}
