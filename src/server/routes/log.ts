import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { redactClientLog } from '../../lib/redact.ts'
import { publicRoute } from '../services/route-access.ts'
import { hit } from '../services/rate-limit.ts'
import { requireCustomHeaders } from '../services/sessions.ts'

/** Largest client-log entry (the `data` field), and largest request carrying one. */
export const LOG_DATA_MAX = 4096
export const LOG_BODY_MAX_BYTES = 16 * 1024
/** Client-log entries per client address and window (issue 9 item 7). */
export const LOG_IP_MAX = 30
export const LOG_IP_WINDOW_MS = 60_000

const entry = z.strictObject({
  severity: z.enum(['debug', 'info', 'warn', 'error']),
  data: z.string().check(z.minLength(1), z.maxLength(LOG_DATA_MAX)),
})

const entryLimit = bodyLimit({
  maxSize: LOG_BODY_MAX_BYTES,
  onError: () => { throw new AppError(413, 'PAYLOAD_TOO_LARGE') },
})

/**
 * Spec 7.6: POST /log/log.json, a multipart form with severity and data: client logs. Guarded like
 * every state-changing call (the trxType header, which a cross-site form cannot send), limited per
 * client address, capped in size, and redacted (card numbers, CVCs, national IDs, phone numbers)
 * before it is written.
 */
export function logRoutes() {
  const r = new Hono<AppEnv>()
  // an encrypted body has been read already (under BODY_LIMIT_BYTES) to be opened
  r.post('/log.json', publicRoute(), requireCustomHeaders, (c, next) => c.get('encrypted') ? next() : entryLimit(c, next), async (c) => {
    const { db, clock } = c.get('deps')
    if (!(await hit(db, `log:ip:${c.get('clientIp')}`, LOG_IP_MAX, LOG_IP_WINDOW_MS, clock.now()))) {
      c.header('Retry-After', String(LOG_IP_WINDOW_MS / 1000))
      throw new AppError(429, 'RATE_LIMITED')
    }
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
    c.get('log').log(parsed.data.severity, 'client', { clientIp: c.get('clientIp'), data: redactClientLog(parsed.data.data) })
    return c.json({ ok: true }, 202)
  })
  return r
}
