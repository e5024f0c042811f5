import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import * as z from 'zod/mini'
import { publicRoute } from '../services/route-access.ts'
import { siteCompany } from '../services/settings.ts'
import { CURRENCIES } from '../../domain/company.ts'

/**
 * Replaces the spec's call to a public IP-geolocation service (7.6): the server tells the browser
 * the address it sees (through trusted proxies only). Nothing about a visitor goes to a third
 * party; the browser takes its time zone from Intl. `currency` is the company's default currency
 * when the company chose one, else null: spec 9's language rule applies (src/domain/company.ts).
 */
export function clientRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.get('/info', async (c) => {
    readQuery(c, z.strictObject({}))
    const { db } = c.get('deps')
    // (without the database the visitor still gets the address, and the language rule)
    const setting = await siteCompany(db).then((row) => row?.defaultCurrency, () => undefined)
    const chosen = (CURRENCIES as readonly string[]).includes(setting ?? '') ? setting : null
    return c.json({ ip: c.get('clientIp'), currency: chosen })
  })
  return r
}
