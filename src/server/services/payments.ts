import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { orderIdPrefix } from '../../domain/card/order-id.ts'
import type { Db } from '../db/client.ts'
import { paymentAction, paymentOrder, purchase } from '../db/schema.ts'
import { AppError, isUniqueViolation } from '../errors.ts'
import type { Logger } from './logger.ts'
import { issuePurchase, type PurchaseRow } from './purchase.ts'
import { siteCompany } from './settings.ts'

/**
 * The money path of a sale (issue 21, docs/decisions/purchase.md "Money"): every change of a
 * payment order, its purchase and the purchase's policy is one transaction, guarded by the state
 * it leaves (`UPDATE ... WHERE status = ...`) or by a unique index, never by a read before a write:
 * - one live payment per purchase: the purchase row's `live_order_id` is claimed by a guarded
 *   update (parallel claims wait on the row and find it taken), and a partial unique index on
 *   payment_order(purchase_id) for live orders refuses a second one whatever happens;
 * - the server issues the order id (spec 9's format, a random free suffix);
 * - a bank's answer concludes the order and, when it pays a purchase, issues the policy, closes the
 *   application and queues the mail in the same transaction; a re-delivered approval repairs what
 *   is missing; an approval after our 3-D limit is accepted (the bank took the money); an approval
 *   for a purchase another order had paid is recorded as a payment needing action;
 * - a sweep at start-up and every few minutes finishes what a crash of older code could leave.
 */
export type OrderRow = typeof paymentOrder.$inferSelect
export const LIVE_STATUSES = ['created', 'awaiting3ds'] as const

type NewOrder = Omit<typeof paymentOrder.$inferInsert, 'orderId' | 'amount' | 'currency' | 'purchaseId'>

/** Random suffixes tried before asking the database for free ones. */
const RANDOM_TRIES = 5

/**
 * Inserts a payment order under a new order id of spec 9's format (`KEM` + yyyymmdd + the card's
 * first 6 digits + 100-999): a few random suffixes, then random ones the day has not used yet.
 * An id taken meanwhile by a parallel payment is skipped (ON CONFLICT DO NOTHING); all 900 taken
 * for the BIN and day is 409 ORDER_IDS_EXHAUSTED.
 */
async function insertOrder(tx: Db, values: NewOrder & Pick<OrderRow, 'amount' | 'currency' | 'purchaseId'>, cardNumber: string, now: Date): Promise<OrderRow> {
  const prefix = orderIdPrefix(cardNumber, now)
  const attempt = async (suffix: number) => {
    const [row] = await tx.insert(paymentOrder).values({ ...values, orderId: `${prefix}${suffix}` })
      .onConflictDoNothing({ target: paymentOrder.orderId }).returning()
    return row
  }
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const row = await attempt(randomInt(100, 1000))
    if (row) return row
  }
  for (;;) {
    const free = await tx.execute(sql`SELECT s AS suffix FROM generate_series(100, 999) s
      WHERE NOT EXISTS (SELECT 1 FROM ${paymentOrder} WHERE ${paymentOrder.orderId} = ${prefix} || s::text) ORDER BY random() LIMIT 5`)
    const suffixes = (free as unknown as { rows: Array<{ suffix: number }> }).rows.map((r) => Number(r.suffix))
    if (suffixes.length === 0) throw new AppError(409, 'ORDER_IDS_EXHAUSTED')
    for (const suffix of suffixes) {
      const row = await attempt(suffix)
      if (row) return row
    }
  }
}

/** A payment of the card test form (no purchase): its own amount and currency, a server-issued order id. */
export async function startTestPayment(db: Db, values: NewOrder & { amount: string; currency: string }, cardNumber: string, now: Date): Promise<OrderRow> {
  return db.transaction((tx) => insertOrder(tx as unknown as Db, { ...values, purchaseId: null }, cardNumber, now))
}

/**
 * A payment of a purchase, at the purchase's amount and currency. In one transaction: a live
 * order of it that the bank did not answer within `timeoutMs` ends as timed out; the purchase's
 * live payment is claimed (a guarded update: awaiting payment, no live order, no order of it that
 * succeeded); the order is recorded under a new order id. Refused: 404 PURCHASE_NOT_FOUND,
 * 409 PURCHASE_ALREADY_PAID, 409 PAYMENT_IN_PROGRESS.
 */
export async function startPurchasePayment(db: Db, purchaseId: string, values: NewOrder, cardNumber: string, now: Date, timeoutMs: number): Promise<OrderRow> {
  const cutoff = new Date(now.getTime() - timeoutMs)
  const started = await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await expireLiveOrders(tx, and(eq(paymentOrder.purchaseId, purchaseId), lte(paymentOrder.createdAt, cutoff))!, now)
    const [claimed] = await tx.update(purchase).set({ liveOrderId: '', liveSince: now, updatedAt: now })
      .where(and(
        eq(purchase.id, purchaseId), eq(purchase.status, 'awaitingPayment'),
        or(isNull(purchase.liveOrderId), lte(purchase.liveSince, cutoff)),
        sql`NOT EXISTS (SELECT 1 FROM ${paymentOrder} WHERE ${paymentOrder.purchaseId} = ${purchaseId} AND ${paymentOrder.status} = 'succeeded')`,
      ))
      .returning({ amount: purchase.amount, currency: purchase.currency })
    if (!claimed) return null
    const order = await insertOrder(tx, { ...values, amount: claimed.amount, currency: claimed.currency, purchaseId }, cardNumber, now)
    await tx.update(purchase).set({ liveOrderId: order.orderId }).where(eq(purchase.id, purchaseId))
    return order
  }).catch((error: unknown) => {
    // the live-order index: another payment of it was recorded meanwhile
    if (isUniqueViolation(error)) throw new AppError(409, 'PAYMENT_IN_PROGRESS')
    throw error
  })
  if (started) return started
  // refused: say why (the decision was the guarded update's, this read only names it)
  const [row] = await db.select({ status: purchase.status }).from(purchase).where(eq(purchase.id, purchaseId)).limit(1)
  if (!row) throw new AppError(404, 'PURCHASE_NOT_FOUND')
  const [paid] = await db.select({ id: paymentOrder.id }).from(paymentOrder)
    .where(and(eq(paymentOrder.purchaseId, purchaseId), eq(paymentOrder.status, 'succeeded'))).limit(1)
  if (row.status === 'issued' || paid) throw new AppError(409, 'PURCHASE_ALREADY_PAID')
  throw new AppError(409, 'PAYMENT_IN_PROGRESS')
}

/** Ends the live orders matching `where` as timed out, and frees their purchases for a new payment. */
async function expireLiveOrders(tx: Db, where: ReturnType<typeof and>, now: Date): Promise<OrderRow[]> {
  const expired = await tx.update(paymentOrder).set({ status: 'failed', reason: 'THREE_D_TIMEOUT', updatedAt: now })
    .where(and(inArray(paymentOrder.status, LIVE_STATUSES), where)).returning()
  for (const o of expired) await releasePurchase(tx, o, now)
  return expired
}

/** The purchase an order paid for is no longer waiting on it. */
async function releasePurchase(tx: Db, order: OrderRow, now: Date) {
  if (!order.purchaseId) return
  await tx.update(purchase).set({ liveOrderId: null, liveSince: null, updatedAt: now })
    .where(and(eq(purchase.id, order.purchaseId), eq(purchase.liveOrderId, order.orderId)))
}

/** A purchase's live payment older than `cutoff` ends failed (THREE_D_TIMEOUT), and the purchase may be paid again. */
export async function expirePurchaseLiveOrders(db: Db, purchaseId: string, cutoff: Date, now: Date): Promise<OrderRow[]> {
  return db.transaction((t) => expireLiveOrders(t as unknown as Db, and(eq(paymentOrder.purchaseId, purchaseId), lte(paymentOrder.createdAt, cutoff))!, now))
}

/**
 * The receipt of a payment: 32 random bytes the browser keeps to read the order's outcome; only
 * its SHA-256 is stored with the order.
 */
export function newReceipt(): { receipt: string; receiptHash: string } {
  const receipt = randomBytes(32).toString('base64url')
  return { receipt, receiptHash: sha256(receipt) }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The order of a server-issued order id, or null. */
export async function findOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId)).limit(1)
  return order ?? null
}

/**
 * The order its receipt opens (null: no such order, or another receipt). A live order the bank did
 * not answer within `timeoutMs` ends failed first (THREE_D_TIMEOUT; its purchase may be paid again).
 */
export async function orderByReceipt(db: Db, orderId: string, receipt: string, now: Date, timeoutMs: number): Promise<OrderRow | null> {
  const order = await findOrder(db, orderId)
  if (!order || !sameHash(order.receiptHash, sha256(receipt))) return null
  if ((LIVE_STATUSES as readonly string[]).includes(order.status) && now.getTime() - order.createdAt.getTime() > timeoutMs) {
    return (await expireOrder(db, order.id, now)) ?? (await db.select().from(paymentOrder).where(eq(paymentOrder.id, order.id)))[0]!
  }
  return order
}

/** The 3-D form went to the browser: a created order now waits for the bank (guarded: a concluded one stays). */
export async function markAwaiting3ds(db: Db, id: string, now: Date) {
  await db.update(paymentOrder).set({ status: 'awaiting3ds', updatedAt: now })
    .where(and(eq(paymentOrder.id, id), eq(paymentOrder.status, 'created')))
}

/** A payment the bank did not answer within its limit ends failed (THREE_D_TIMEOUT); null when it had concluded. */
export async function expireOrder(db: Db, orderId: string, now: Date): Promise<OrderRow | null> {
  const [row] = await db.transaction((t) => expireLiveOrders(t as unknown as Db, eq(paymentOrder.id, orderId), now))
  return row ?? null
}

export type BankAnswer = { status: 'succeeded' | 'failed'; reason: string | null; mdStatus: string | null }

export type Conclusion = {
  /** concluded: the answer ended a live order; late: an approval after the order had failed; replayed: the order had this outcome already; conflict: a failure for an order that succeeded. */
  kind: 'concluded' | 'late' | 'replayed' | 'conflict'
  order: OrderRow
  /** The purchase issued by this answer (or by this repair). */
  issued: PurchaseRow | null
  /** A payment needing action was recorded (the purchase had been paid by another order). */
  action: { paidBy: string | null } | null
}

/**
 * Applies the bank's signed answer to an order, in one transaction with what follows from it
 * (docs/decisions/purchase.md "Money"):
 * - an approval concludes a live order succeeded, and also one that had failed (our 3-D limit
 *   passed, or anything else): the bank took the money, so it is never dropped. Then the purchase
 *   it pays is issued; if another order had paid it, this charge is recorded for reversal. A
 *   re-delivered approval does the same repair (issues a purchase left unissued);
 * - a failure concludes a live order failed and frees its purchase for another payment; it
 *   changes nothing once the order has concluded.
 */
export async function concludeOrder(db: Db, order: OrderRow, answer: BankAnswer, now: Date): Promise<Conclusion> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    if (answer.status === 'failed') {
      const [failed] = await tx.update(paymentOrder).set({ status: 'failed', reason: answer.reason, mdStatus: answer.mdStatus, updatedAt: now })
        .where(and(eq(paymentOrder.id, order.id), inArray(paymentOrder.status, LIVE_STATUSES))).returning()
      if (failed) {
        await releasePurchase(tx, failed, now)
        return { kind: 'concluded', order: failed, issued: null, action: null }
      }
      const [current] = await tx.select().from(paymentOrder).where(eq(paymentOrder.id, order.id))
      return { kind: current!.status === 'succeeded' ? 'conflict' : 'replayed', order: current!, issued: null, action: null }
    }
    const set = { status: 'succeeded', reason: null, mdStatus: answer.mdStatus, updatedAt: now }
    let [paid] = await tx.update(paymentOrder).set(set).where(and(eq(paymentOrder.id, order.id), inArray(paymentOrder.status, LIVE_STATUSES))).returning()
    let kind: Conclusion['kind'] = 'concluded'
    if (!paid) {
      ;[paid] = await tx.update(paymentOrder).set(set).where(and(eq(paymentOrder.id, order.id), eq(paymentOrder.status, 'failed'))).returning()
      kind = 'late'
    }
    if (!paid) {
      ;[paid] = await tx.select().from(paymentOrder).where(eq(paymentOrder.id, order.id))
      kind = 'replayed'
    }
    const settled = await settlePaidOrder(tx, paid!, now)
    return { kind, order: paid!, ...settled }
  })
}

/**
 * What an order that succeeded means for its purchase (inside the caller's transaction): the
 * purchase issued if it is still unpaid; if another order paid it, a payment needing action
 * (recorded once per order).
 */
async function settlePaidOrder(tx: Db, order: OrderRow, now: Date): Promise<Pick<Conclusion, 'issued' | 'action'>> {
  if (!order.purchaseId) return { issued: null, action: null }
  await releasePurchase(tx, order, now)
  const issued = await issuePurchase(tx, order.purchaseId, order.orderId, now)
  if (issued) return { issued, action: null }
  const [other] = await tx.select({ orderId: purchase.orderId }).from(purchase)
    .where(and(eq(purchase.id, order.purchaseId), eq(purchase.status, 'issued'), ne(purchase.orderId, order.orderId))).limit(1)
  if (!other) return { issued: null, action: null }
  const companyId = order.companyId ?? (await siteCompany(tx))?.id ?? null
  const [recorded] = await tx.insert(paymentAction).values({
    companyId, orderId: order.orderId, purchaseId: order.purchaseId, amount: order.amount, currency: order.currency,
    reason: 'ALREADY_PAID', paidBy: other.orderId, createdAt: now,
  }).onConflictDoNothing({ target: [paymentAction.orderId, paymentAction.reason] }).returning({ id: paymentAction.id })
  return { issued: null, action: recorded ? { paidBy: other.orderId } : null }
}

export type SweepResult = { expired: number; issued: number; actions: number }

const SWEEP_BATCH = 200

/**
 * Finishes what the money path may have left (each item in its own guarded transaction, so that
 * several server processes may sweep together): live orders past their 3-D limit end timed out;
 * a purchase whose order succeeded is issued; an order that succeeded for a purchase paid by
 * another order is recorded as needing action.
 */
export async function sweepPayments(db: Db, now: Date, timeoutMs: number, log: Logger): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, issued: 0, actions: 0 }
  const cutoff = new Date(now.getTime() - timeoutMs)
  const stale = await db.select({ id: paymentOrder.id }).from(paymentOrder)
    .where(and(inArray(paymentOrder.status, LIVE_STATUSES), lte(paymentOrder.createdAt, cutoff))).limit(SWEEP_BATCH)
  for (const { id } of stale) if (await expireOrder(db, id, now)) result.expired++
  // orders that succeeded for a purchase not issued by them: unissued ones, or paid by another order without a record
  const open = await db.select({ order: paymentOrder }).from(paymentOrder)
    .innerJoin(purchase, eq(purchase.id, paymentOrder.purchaseId))
    .where(and(eq(paymentOrder.status, 'succeeded'), or(
      eq(purchase.status, 'awaitingPayment'),
      and(ne(purchase.orderId, paymentOrder.orderId), sql`NOT EXISTS (SELECT 1 FROM ${paymentAction} WHERE ${paymentAction.orderId} = ${paymentOrder.orderId})`),
    ))).limit(SWEEP_BATCH)
  for (const { order } of open) {
    const settled = await db.transaction((tx) => settlePaidOrder(tx as unknown as Db, order, now))
    if (settled.issued) {
      result.issued++
      log.log('warn', 'purchase issued by the sweep', { orderId: order.orderId, product: settled.issued.product })
    }
    if (settled.action) {
      result.actions++
      log.log('error', 'payment needs action', { orderId: order.orderId, reason: 'ALREADY_PAID', paidBy: settled.action.paidBy, amount: order.amount, currency: order.currency })
    }
  }
  return result
}

/** The sweep of one server process: at start and every `intervalMs` (PAYMENT_SWEEP_MS); tests call `runOnce`. */
export function createPaymentSweeper(opts: { db: Db; clock: { now(): Date }; timeoutMs: number; intervalMs: number; logger: Logger; onIssued?: () => void }) {
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<SweepResult> | null = null
  const runOnce = (): Promise<SweepResult> => {
    running ??= sweepPayments(opts.db, opts.clock.now(), opts.timeoutMs, opts.logger)
      .then((r) => {
        if (r.issued) opts.onIssued?.()
        if (r.expired || r.issued || r.actions) opts.logger.log('info', 'payment sweep', r)
        return r
      })
      .finally(() => { running = null })
    return running
  }
  const safeRun = () => runOnce().catch((error: unknown) => opts.logger.log('error', 'payment sweep failed', { error: error instanceof Error ? error.message : String(error) }))
  return {
    runOnce,
    /** Sweeps every `intervalMs` from now on (the start-up sweep is `runOnce`, awaited before serving). */
    start() {
      if (opts.intervalMs > 0) {
        timer ??= setInterval(() => void safeRun(), opts.intervalMs)
        timer.unref?.()
      }
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running?.catch(() => {})
    },
  }
}

export type PaymentSweeper = ReturnType<typeof createPaymentSweeper>
