import { Hono } from 'hono'
import * as z from 'zod/mini'
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { PAYMENT_ACTION_REASONS, resolvePaymentActionSchema, type PaymentActionView } from '../../domain/schemas/payment-action.ts'
import type { AppEnv } from '../types.ts'
import { paymentAction } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { readJson, UUID_PATTERN } from '../http.ts'
import { auditBySession } from '../services/audit.ts'
import { listAnswer, orderBy, prefixPattern, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'

type Row = typeof paymentAction.$inferSelect

function view(row: Row): PaymentActionView {
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

/**
 * Payments needing action (issue 21): money the bank took that no purchase needs (a second
 * approval for a purchase another order had paid), with the order, amount, reason, date and
 * purchase, for staff holding payment:read; payment:update records what was done (the reversal at
 * the bank) and takes it off the open list. The company's own rows only.
 */
export function paymentActionRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/actions', permit('payment:read'), async (c) => {
    const params = readList(c, ['createdAt', 'amount'], { status: z.enum(['open', 'resolved']), reason: z.enum(PAYMENT_ACTION_REASONS) })
    const { db } = c.get('deps')
    const f = params.filters
    const where: SQL[] = [eq(paymentAction.companyId, c.get('session').companyId)]
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
    c.header('Cache-Control', 'no-store')
    return c.json(listAnswer(rows.map(view), total?.n ?? 0, params))
  })

  r.post('/actions/:id/resolve', permit('payment:update'), async (c) => {
    const id = c.req.param('id')
    if (!UUID_PATTERN.test(id)) throw new AppError(404, 'NOT_FOUND')
    const body = await readJson(c, resolvePaymentActionSchema)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    const [who] = (await db.execute(sql`select username from app_user where id = ${session.userId}::uuid`) as unknown as { rows: Array<{ username: string }> }).rows
    // once: a second resolve (another tab, a double click) finds it resolved
    const [row] = await db.update(paymentAction).set({ resolvedAt: clock.now(), resolvedBy: who?.username ?? null, note: body.note })
      .where(and(eq(paymentAction.id, id), eq(paymentAction.companyId, session.companyId), isNull(paymentAction.resolvedAt))).returning()
    if (!row) {
      const [exists] = await db.select({ id: paymentAction.id }).from(paymentAction).where(and(eq(paymentAction.id, id), eq(paymentAction.companyId, session.companyId)))
      throw exists ? new AppError(409, 'ALREADY_RESOLVED') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'payment.resolve', row.orderId, { reason: row.reason, amount: row.amount, currency: row.currency })
    return c.json(view(row))
  })

  return r
}
