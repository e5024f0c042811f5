import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { normalizeTrMobile } from '../../domain/phone.ts'
import { isWellFormedSmsCode, sendSmsSchema, SMS_RESEND_COOLDOWN_S, verifySmsSchema, type SmsSent, type SmsVerified } from '../../domain/sms.ts'
import type { AppEnv } from '../types.ts'
import { readJson } from '../http.ts'
import { errorMessage, type ErrorCode } from '../i18n.ts'
import { keyFrom } from '../services/secrets.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { checkCode, issueCode, issueTicket, withdrawCode } from '../services/sms/codes.ts'
import { smsText } from '../services/sms/templates.ts'
import { publicRoute } from '../services/route-access.ts'
import { setProofCookie } from '../services/sms-proof.ts'

/**
 * Spec 7.3 `POST notification/sendsms` (unsecured: the sales site's visitors are anonymous) and
 * its counterpart `POST notification/verifysms`. The body keeps the spec's names: `gsmNumber`, a
 * Turkish mobile; `content`, the name of one of the server's own templates (only `otp`, the
 * default; free text is refused with 400, so the server never relays anyone's words); `smsSource`,
 * the sales flow the code is for (the code is bound to number and flow).
 */
export function smsKey(secret: string): Buffer {
  return keyFrom(`${secret}:sms-codes`)
}

/** `{ code, message }` in the request's language, with the figures the screen needs. */
function refuse(c: Context<AppEnv>, status: ContentfulStatusCode, code: ErrorCode, extra: Record<string, unknown> = {}) {
  return c.json({ code, message: errorMessage(code, c.get('locale')), ...extra }, status)
}

function phoneOf(value: string): string | null {
  return normalizeTrMobile(value)
}

export function notificationRoutes() {
  const r = new Hono<AppEnv>()
  // the spec's sales calls are public (7.3 "unsecured"); they carry the custom header like every write
  r.use('*', publicRoute(), requireCustomHeaders)

  r.post('/sendsms', async (c) => {
    const body = await readJson(c, sendSmsSchema)
    const phone = phoneOf(body.gsmNumber)
    if (!phone) return refuse(c, 400, 'SMS_INVALID_PHONE')
    const { db, config, clock, sms, smsCatcher } = c.get('deps')
    const key = smsKey(config.secretsKey)
    const now = clock.now()
    const purpose = body.smsSource ?? 'sales'
    const decision = await issueCode(db, key, { phone, purpose, ip: c.get('clientIp'), now, caps: config.sms })
    if (!decision.ok) {
      c.header('Retry-After', String(decision.retryAfterS))
      const extra = decision.reason === 'SMS_LOCKED' ? { retryAfterS: decision.retryAfterS, lockedUntil: decision.lockedUntil.toISOString() } : { retryAfterS: decision.retryAfterS }
      c.get('log').log('warn', 'sms refused', { reason: decision.reason, purpose })
      return refuse(c, 429, decision.reason, extra)
    }
    const port = sms ?? smsCatcher
    try {
      if (!port) throw new Error('no SMS provider')
      await port.send({ to: phone, text: smsText(body.content ?? 'otp', c.get('locale'), decision.code) })
    } catch (error) {
      await withdrawCode(db, decision.id)
      c.get('log').log('error', 'sms failed', { error: error instanceof Error ? error.message : String(error) })
      return refuse(c, 502, 'SMS_SEND_FAILED')
    }
    const answer: SmsSent = {
      sent: true,
      expiresAt: decision.expiresAt.toISOString(),
      expiresInS: Math.round((decision.expiresAt.getTime() - now.getTime()) / 1000),
      resendAfterS: config.sms.resendCooldownS ?? SMS_RESEND_COOLDOWN_S,
    }
    return c.json(answer)
  })

  r.post('/verifysms', async (c) => {
    const body = await readJson(c, verifySmsSchema)
    const phone = phoneOf(body.gsmNumber)
    if (!phone) return refuse(c, 400, 'SMS_INVALID_PHONE')
    // spec 5: "SMS needs a 6-digit code, otherwise 'Incorrect random number generated !!!'"
    if (!isWellFormedSmsCode(body.code)) return refuse(c, 400, 'SMS_CODE_WRONG')
    const { db, config, clock } = c.get('deps')
    const key = smsKey(config.secretsKey)
    const now = clock.now()
    const purpose = body.smsSource ?? 'sales'
    const decision = await checkCode(db, key, { phone, purpose, code: body.code, now })
    if (!decision.ok) {
      return refuse(c, 400, decision.reason, decision.reason === 'SMS_CODE_WRONG' ? { attemptsLeft: decision.attemptsLeft } : {})
    }
    const { ticket, validUntil } = issueTicket(key, phone, purpose, now)
    // the proof a reload comes back with (issue 24 item 1): HttpOnly, for the purchase calls only
    setProofCookie(c, purpose, ticket, validUntil, now)
    c.header('Cache-Control', 'no-store')
    const answer: SmsVerified = { verified: true, gsmNumber: phone, ticket, validUntil: validUntil.toISOString() }
    return c.json(answer)
  })
  return r
}

