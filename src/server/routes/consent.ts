import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { PERMISSION_STATUSES } from '../../domain/consents.ts'
import { exportConsents, listConsents } from '../services/consent-records.ts'
import { isoDateTime, listAnswer, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FILTERS = {
  /** The application (sale) id. */
  saleId: z.string().check(z.regex(UUID)),
  /** The person: their whole national ID (shown masked; found only by the whole number). */
  partyId: z.string().check(z.regex(/^(tel:\+\d{8,15}|[A-Za-z0-9]{5,20})$/)),
  name: z.string().check(z.regex(/^[a-z]{3,40}$/)),
  status: z.enum(PERMISSION_STATUSES),
  channel: z.string().check(z.regex(/^[A-Z]{2,10}$/)),
  from: isoDateTime,
  to: isoDateTime,
}

/**
 * Consent records for staff (issue 25 item 8, `consent:read`): the sales flows' legal permissions
 * (append-only, docs/decisions/consents.md) of the caller's company, newest first, with the
 * document's title in the reader's language, its version and the SHA-256 of the exact text, the
 * status (a withdrawal is its own record), channel, step and time. The person's national ID and
 * the client address are masked: staff find a person by the whole number, never read it back.
 */
export function consentRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('consent:read'), async (c) => {
    const params = readList(c, ['at', 'name', 'status'], FILTERS)
    const { items, total } = await listConsents(c.get('deps').db, c.get('session').companyId, params, c.get('locale'))
    return c.json(listAnswer(items, total, params))
  })

  /** The filtered records as CSV (the shared CSV writer), in the reader's language and the company's time zone. */
  r.get('/csv', permit('consent:read'), async (c) => {
    const csv = await exportConsents(c, readList(c, ['at', 'name', 'status'], FILTERS))
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="consents.csv"',
        'x-content-type-options': 'nosniff',
      },
    })
  })

  return r
}
