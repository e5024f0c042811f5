import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import { publicRoute } from '../services/route-access.ts'
import { databaseAnswers } from '../services/health.ts'

/**
 * `GET API_BASE/health`: whether this process serves and its database answers (one `select 1`),
 * for a load balancer, a deployment's smoke test and CI. 200 `{ status: 'ok' }`; while the
 * database cannot be reached the app's error handler answers 503 with Retry-After, as for every
 * call that needs it. Says nothing else about the server.
 */
export function healthRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.get('/', async (c) => {
    readQuery(c, z.strictObject({}))
    await databaseAnswers(c.get('deps').db)
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  return r
}
