import type { Context } from 'hono'
import { and, count, desc, eq, gt, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { auditBySession } from './audit.ts'
import { orderBy, type ListParams } from './list.ts'

/**
 * "Posta kutusu" (issue 25 item 3; issue 26 item 3 moved it out of routes/outbox.ts): a company's
 * mail in the outbox as staff read it, and a mail sent again now.
 */
export const OUTBOX_STATUSES = ['pending', 'failed', 'sent'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

type Row = typeof outbox.$inferSelect
/** Sent once done; failed after a failed attempt (it is retried at `nextAttemptAt`); pending before the first attempt. */
export function outboxStatus(row: Pick<Row, 'doneAt' | 'attempts'>): OutboxStatus {
  if (row.doneAt) return 'sent'
  return row.attempts > 0 ? 'failed' : 'pending'
}

const statusWhere: Record<OutboxStatus, SQL> = {
  sent: isNotNull(outbox.doneAt),
  failed: and(isNull(outbox.doneAt), gt(outbox.attempts, 0))!,
  pending: and(isNull(outbox.doneAt), eq(outbox.attempts, 0))!,
}

/** A mail as staff see it: never its text. */
export function outboxView(row: Row) {
  const payload = row.payload as { to?: unknown }
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    // rows queued before the columns existed: the recipient is still in the unsent payload
    recipient: row.recipient ?? (typeof payload.to === 'string' ? payload.to : null),
    subject: row.subject,
    status: outboxStatus(row),
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.doneAt ? null : row.nextAttemptAt.toISOString(),
    sentAt: row.doneAt?.toISOString() ?? null,
  }
}

/**
 * A company's mail: rows without a company (older rows, jobs not yet turned into mail) are shown to
 * every company's readers of this single-company site.
 */
const mine = (companyId: string) => and(eq(outbox.kind, 'mail'), or(eq(outbox.companyId, companyId), isNull(outbox.companyId)))

export async function listOutbox(db: Db, companyId: string, params: ListParams<{ status?: OutboxStatus }>) {
  const where: SQL[] = [mine(companyId)!]
  if (params.filters.status) where.push(statusWhere[params.filters.status])
  const condition = and(...where)
  const [rows, [total]] = await Promise.all([
    db.select().from(outbox).where(condition)
      .orderBy(...orderBy(params, { createdAt: outbox.createdAt, attempts: outbox.attempts }, [desc(outbox.createdAt)], outbox.id))
      .limit(params.size).offset(params.offset),
    db.select({ n: count() }).from(outbox).where(condition),
  ])
  return { items: rows.map(outboxView), total: total?.n ?? 0 }
}

/**
 * A pending or failed mail due now (the worker's next look), with its audit entry, in one
 * transaction; a sent one is 409 OUTBOX_ALREADY_SENT, another company's or none 404.
 */
export async function retryMail(c: Context<AppEnv>, id: string): Promise<Row> {
  const companyId = c.get('session').companyId
  return c.get('deps').db.transaction(async (tx) => {
    const [row] = await tx.update(outbox).set({ nextAttemptAt: new Date(), claimedUntil: null })
      .where(and(eq(outbox.id, id), mine(companyId), isNull(outbox.doneAt))).returning()
    if (!row) {
      const [exists] = await tx.select({ doneAt: outbox.doneAt }).from(outbox).where(and(eq(outbox.id, id), mine(companyId)))
      throw exists ? new AppError(409, 'OUTBOX_ALREADY_SENT') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'mail.retried', id, { recipient: row.recipient, attempts: row.attempts }, tx as unknown as Db)
    return row
  })
}
