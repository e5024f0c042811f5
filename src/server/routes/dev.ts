import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { isLoopback } from '../services/client-ip.ts'
import type { MailCatcher } from '../services/mail.ts'
import { publicRoute } from '../services/route-access.ts'

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The mail catcher's inbox, for development, demos and tests: GET /dev/mail lists what the
 * server sent (newest first). Mounted only while mail goes to the catcher and DEV_ROUTES is on
 * (by default only in development and tests), answered only to loopback clients, and, when
 * `token` is set (always in production), only with `Authorization: Bearer <DEV_ROUTES_TOKEN>`:
 * behind a same-host reverse proxy every visitor arrives from loopback.
 */
export function devRoutes(catcher: MailCatcher, token: string | null) {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.use('*', async (c, next) => {
    if (!isLoopback(c.get('clientIp'))) throw new AppError(404, 'NOT_FOUND')
    if (token !== null && !sameSecret(c.req.header('authorization') ?? '', `Bearer ${token}`)) throw new AppError(404, 'NOT_FOUND')
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
