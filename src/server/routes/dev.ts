import { Hono } from 'hono'
import { normalizeTrMobile } from '../../domain/phone.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { isLoopback } from '../services/client-ip.ts'
import type { MailCatcher } from '../services/mail.ts'
import type { SmsCatcher } from '../services/sms/catcher.ts'


/**
 * The catchers' inboxes, for development, demos and tests: GET /dev/mail and GET /dev/sms list
 * what the server sent (newest first). Each exists only while mail or SMS go to the catcher, and
 * both answer only loopback clients.
 */
export function devRoutes(catcher: MailCatcher | null, smsCatcher: SmsCatcher | null = null) {
  const r = new Hono<AppEnv>()
  r.use('*', async (c, next) => {
    if (!isLoopback(c.get('clientIp'))) throw new AppError(404, 'NOT_FOUND')
    await next()
  })
  if (smsCatcher) {
    r.get('/sms', (c) => {
      const to = c.req.query('to')
      const phone = to ? normalizeTrMobile(to) : null
      return c.json(smsCatcher.messages.filter((m) => !to || m.to === phone).slice().reverse())
    })
  }
  if (catcher) r.get('/mail', (c) => {
    const to = c.req.query('to')?.toLowerCase()
    const mails = catcher.mails
      .filter((m) => !to || m.to.some((a) => a.toLowerCase() === to))
      .map(({ raw: _raw, ...m }) => m)
      .reverse()
    return c.json(mails)
  })
  return r
}
