import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { isLoopback } from '../services/client-ip.ts'
import type { MailCatcher } from '../services/mail.ts'
import { publicRoute } from '../services/route-access.ts'


/**
 * The mail catcher's inbox, for development, demos and tests: GET /dev/mail lists what the
 * server sent (newest first). Mounted only while mail goes to the catcher, and answered only to
 * loopback clients.
 */
export function devRoutes(catcher: MailCatcher) {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.use('*', async (c, next) => {
    if (!isLoopback(c.get('clientIp'))) throw new AppError(404, 'NOT_FOUND')
    await next()
  })
  r.get('/mail', (c) => {
    const to = c.req.query('to')?.toLowerCase()
    const mails = catcher.mails
      .filter((m) => !to || m.to.some((a) => a.toLowerCase() === to))
      .map(({ raw: _raw, ...m }) => m)
      .reverse()
    return c.json(mails)
  })
  return r
}
