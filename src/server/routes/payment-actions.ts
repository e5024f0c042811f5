import { Hono } from 'hono'
import * as z from 'zod/mini'
import { PAYMENT_ACTION_REASONS, resolvePaymentActionSchema } from '../../domain/schemas/payment-action.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { readJson, UUID_PATTERN } from '../http.ts'
import { listAnswer, readList } from '../services/list.ts'
import { listPaymentActions, paymentActionView, resolvePaymentAction } from '../services/payment-actions.ts'
import { permit } from '../services/permissions.ts'

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
    const { items, total } = await listPaymentActions(c.get('deps').db, c.get('session').companyId, params)
    c.header('Cache-Control', 'no-store')
    return c.json(listAnswer(items, total, params))
  })

  r.post('/actions/:id/resolve', permit('payment:update'), async (c) => {
    const id = c.req.param('id')
    // an id that cannot be one is 404 before the body is read
    if (!UUID_PATTERN.test(id)) throw new AppError(404, 'NOT_FOUND')
    const body = await readJson(c, resolvePaymentActionSchema)
    return c.json(paymentActionView(await resolvePaymentAction(c, id, body.note)))
  })

  return r
}
