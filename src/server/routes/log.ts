import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { redactCardNumbers } from '../../lib/redact.ts'
import { publicRoute } from '../services/route-access.ts'

const entry = z.strictObject({
  severity: z.enum(['debug', 'info', 'warn', 'error']),
  data: z.string().check(z.minLength(1), z.maxLength(8192)),
})

/** Spec 7.6: POST /log/log.json, a multipart form with severity and data: client logs. */
export function logRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())
  r.post('/log.json', async (c) => {
    const type = c.req.header('content-type') ?? ''
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE')
    let form: FormData
    try {
      form = await c.req.formData()
    } catch {
      throw new AppError(400, 'VALIDATION', [{ path: '', code: 'invalid_form' }])
    }
    const fields: Record<string, unknown> = {}
    for (const [key, value] of form) fields[key] = typeof value === 'string' ? value : '[file]'
    const parsed = z.safeParse(entry, fields)
    if (!parsed.success) {
      throw new AppError(400, 'VALIDATION', parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code })))
    }
    c.get('log').log(parsed.data.severity, 'client', { clientIp: c.get('clientIp'), data: redactCardNumbers(parsed.data.data) })
    return c.json({ ok: true }, 202)
  })
  return r
}
