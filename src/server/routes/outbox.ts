import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { idParam } from '../http.ts'
import { listAnswer, readList } from '../services/list.ts'
import { listOutbox, OUTBOX_STATUSES, outboxView, retryMail } from '../services/outbox-list.ts'
import { permit } from '../services/permissions.ts'

/**
 * "Posta kutusu" (issue 25 item 3): the company's mail in the outbox, for `mailserver:read`: pending,
 * failed (with the attempts and the last error) and sent (kept for the retention period). The
 * text is never shown. A failed or pending mail can be sent again now (`mailserver:update`).
 * Customers' mail (a policy's documents) carries the company too; rows without one (older rows,
 * jobs not yet turned into mail) are shown to every company's readers of this single-company site.
 * Queries: services/outbox-list.ts.
 */
export function outboxRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('mailserver:read'), async (c) => {
    const params = readList(c, ['createdAt', 'attempts'], { status: z.enum(OUTBOX_STATUSES) })
    const { items, total } = await listOutbox(c.get('deps').db, c.get('session').companyId, params)
    return c.json(listAnswer(items, total, params))
  })

  /** Sends a pending or failed mail now (the worker's next look); a sent one is 409 OUTBOX_ALREADY_SENT. */
  r.post('/:id/retry', permit('mailserver:update'), async (c) => {
    const row = await retryMail(c, idParam(c))
    c.get('deps').outbox?.kick()
    return c.json(outboxView(row))
  })

  return r
}
