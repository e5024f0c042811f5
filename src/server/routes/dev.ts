import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { normalizeTrMobile } from '../../domain/phone.ts'
import { SMS_PURPOSES } from '../../domain/sms.ts'
import { readJson } from '../http.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { isLoopback } from '../services/client-ip.ts'
import type { MailCatcher } from '../services/mail.ts'
import { publicRoute } from '../services/route-access.ts'
import type { SmsCatcher } from '../services/sms/catcher.ts'
import { endTickets, issueTicket } from '../services/sms/codes.ts'
import { smsKey } from './notification.ts'

const endVerificationSchema = z.object({ phone: z.string(), purpose: z.enum(SMS_PURPOSES) })

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The catchers' inboxes, for development, demos and tests: GET /dev/mail and GET /dev/sms list
 * what the server sent (newest first). Each exists only while mail or SMS go to its catcher and
 * DEV_ROUTES is on (by default only in development and tests); both answer only loopback clients,
 * and, when `token` is set (always in production), only with `Authorization: Bearer
 * <DEV_ROUTES_TOKEN>`: behind a same-host reverse proxy every visitor arrives from loopback.
 *
 * With the SMS catcher only (no real SMS provider: every verification was made with a code the
 * catcher caught, no customer's), POST /dev/sms/end-verification { phone, purpose } ends that
 * phone's verification for that purpose now (its SMS tickets are refused from then on, as once
 * their 30 minutes are over): how a test has the server refuse the ticket a page sends without
 * touching the page's request. POST /dev/sms/ticket { phone, purpose } answers `{ ticket }`, the
 * ticket a verification of that phone for that purpose would give, without sending a code (a test
 * arranges a phone's application without spending the number's one code a minute, which the page
 * under test then needs; it gives nothing GET /dev/sms, which shows every code, does not).
 */
export function devRoutes(catcher: MailCatcher | null, smsCatcher: SmsCatcher | null, token: string | null) {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.use('*', async (c, next) => {
    if (!isLoopback(c.get('clientIp'))) throw new AppError(404, 'NOT_FOUND')
    if (token !== null && !sameSecret(c.req.header('authorization') ?? '', `Bearer ${token}`)) throw new AppError(404, 'NOT_FOUND')
    await next()
  })
  if (smsCatcher) {
    r.get('/sms', (c) => {
      const to = c.req.query('to')
      const phone = to ? normalizeTrMobile(to) : null
      return c.json(smsCatcher.messages.filter((m) => !to || m.to === phone).slice().reverse())
    })
    r.post('/sms/end-verification', async (c) => {
      const body = await readJson(c, endVerificationSchema)
      const phone = normalizeTrMobile(body.phone)
      if (!phone) throw new AppError(400, 'VALIDATION', [{ path: 'phone', code: 'invalid' }])
      const { db, clock } = c.get('deps')
      await endTickets(db, phone, body.purpose, clock.now())
      return c.body(null, 204)
    })
    r.post('/sms/ticket', async (c) => {
      const body = await readJson(c, endVerificationSchema)
      const phone = normalizeTrMobile(body.phone)
      if (!phone) throw new AppError(400, 'VALIDATION', [{ path: 'phone', code: 'invalid' }])
      const { config, clock } = c.get('deps')
      return c.json({ ticket: issueTicket(smsKey(config.secretsKey), phone, body.purpose, clock.now()).ticket })
    })
  }
  if (catcher) {
    r.get('/mail', (c) => {
      const to = c.req.query('to')?.toLowerCase()
      const mails = catcher.mails
        .filter((m) => !to || m.to.some((a) => a.toLowerCase() === to))
        .map(({ raw: _raw, ...m }) => m)
        .reverse()
      return c.json(mails)
    })
  }
  return r
}
