import { Hono } from 'hono'
import * as z from 'zod/mini'
import { and, count, desc, eq, gt, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { outbox } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { idParam } from '../http.ts'
import { auditBySession } from '../services/audit.ts'
import { listAnswer, orderBy, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'

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

function view(row: Row) {
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
 * "Posta kutusu" (issue 25 item 3): the company's mail in the outbox, for `mailserver:read`: pending,
 * failed (with the attempts and the last error) and sent (kept for the retention period). The
 * text is never shown. A failed or pending mail can be sent again now (`mailserver:update`).
 * Customers' mail (a policy's documents) carries the company too; rows without one (older rows,
 * jobs not yet turned into mail) are shown to every company's readers of this single-company site.
 */
export function outboxRoutes() {
  const r = new Hono<AppEnv>()
  const mine = (companyId: string) => and(eq(outbox.kind, 'mail'), or(eq(outbox.companyId, companyId), isNull(outbox.companyId)))

  r.get('/', permit('mailserver:read'), async (c) => {
    const params = readList(c, ['createdAt', 'attempts'], { status: z.enum(OUTBOX_STATUSES) })
    const { db } = c.get('deps')
    const where: SQL[] = [mine(c.get('session').companyId)!]
    if (params.filters.status) where.push(statusWhere[params.filters.status])
    const condition = and(...where)
    const [rows, [total]] = await Promise.all([
      db.select().from(outbox).where(condition)
        .orderBy(...orderBy(params, { createdAt: outbox.createdAt, attempts: outbox.attempts }, [desc(outbox.createdAt)], outbox.id))
        .limit(params.size).offset(params.offset),
      db.select({ n: count() }).from(outbox).where(condition),
    ])
    return c.json(listAnswer(rows.map(view), total?.n ?? 0, params))
  })

  /** Sends a pending or failed mail now (the worker's next look); a sent one is 409 OUTBOX_ALREADY_SENT. */
  r.post('/:id/retry', permit('mailserver:update'), async (c) => {
    const id = idParam(c)
    const { db, outbox: worker } = c.get('deps')
    const [row] = await db.update(outbox).set({ nextAttemptAt: new Date(), claimedUntil: null })
      .where(and(eq(outbox.id, id), mine(c.get('session').companyId), isNull(outbox.doneAt))).returning()
    if (!row) {
      const [exists] = await db.select({ doneAt: outbox.doneAt }).from(outbox).where(and(eq(outbox.id, id), mine(c.get('session').companyId)))
      throw exists ? new AppError(409, 'OUTBOX_ALREADY_SENT') : new AppError(404, 'NOT_FOUND')
    }
    await auditBySession(c, 'mail.retried', id, { recipient: row.recipient, attempts: row.attempts })
    worker?.kick()
    return c.json(view(row))
  })

  return r
}
