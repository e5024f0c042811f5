import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import * as z from 'zod/mini'
import { publicRoute } from '../services/route-access.ts'

/**
 * Replaces the spec's call to a public IP-geolocation service (7.6): the server tells the browser
 * the address it sees (through trusted proxies only). Nothing about a visitor goes to a third
 * party; the browser takes its time zone from Intl.
 */
export function clientRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.get('/info', (c) => {
    readQuery(c, z.strictObject({}))
    return c.json({ ip: c.get('clientIp') })
  })
  return r
}
