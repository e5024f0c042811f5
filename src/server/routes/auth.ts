import { Hono } from 'hono'
import * as z from 'zod/mini'
import { isValidEmail } from '../../domain/email.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { errorMessage } from '../i18n.ts'
import { readJson } from '../http.ts'
import { enqueueJob } from '../services/outbox.ts'
import type { ForgotPasswordJob } from '../services/password-reset.ts'
import { cancelEmailChange, confirmEmailChange } from '../services/email-change.ts'
import { hit } from '../services/rate-limit.ts'
import { clearSessionCookie, requireCustomHeaders, requireSession } from '../services/sessions.ts'
import { changeExpiredPassword, signIn } from '../services/sign-in.ts'
import { lockSession, logout, recordActivity, switchRole, unlockSession } from '../services/session-actions.ts'
import { publicRoute } from '../services/route-access.ts'

const LOGIN_IP_MAX = 30
const LOGIN_IP_WINDOW_MS = 15 * 60_000
const FORGOT_MAX = 5
const FORGOT_WINDOW_MS = 60 * 60_000

const username = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^\P{Cc}*$/u))
const password = z.string().check(z.minLength(1), z.maxLength(128))
const inactivetime = z.number().check(z.int(), z.minimum(0), z.maximum(31 * 24 * 3600))

const LoginBody = z.strictObject({ username, password, rememberMe: z.optional(z.boolean()) })
const InactiveBody = z.strictObject({ inactivetime: z.optional(inactivetime) })
const UnlockBody = z.strictObject({ password })
const ChangeBody = z.strictObject({ username, oldPassword: password, newPassword: z.string().check(z.minLength(1), z.maxLength(1000)) })
const ForgotBody = z.strictObject({ email: z.string().check(z.minLength(1), z.maxLength(254)) })
const RoleBody = z.strictObject({ role: z.string().check(z.regex(/^ROLE_[A-Z0-9_]{1,60}$/)) })
const EmptyBody = z.strictObject({})
/** A link's token (32 random bytes, base64url). */
const TokenBody = z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid')) })
const EMAIL_LINK_MAX = 60
const EMAIL_LINK_WINDOW_MS = 60 * 60_000

export function authRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', requireCustomHeaders)

  r.post('/login', publicRoute(), async (c) => {
    const body = await readJson(c, LoginBody)
    return c.json(await signIn(c, body))
  })

  /**
   * Only for an expired password (or one the server forces to change), or a temporary password
   * within 30 minutes of its one sign-in; any other valid password gets 409 PASSWORD_NOT_EXPIRED.
   */
  r.post('/changeExpiredPassword', publicRoute(), async (c) => {
    const body = await readJson(c, ChangeBody)
    const { db, clock } = c.get('deps')
    if (!(await hit(db, `login:ip:${c.get('clientIp')}`, LOGIN_IP_MAX, LOGIN_IP_WINDOW_MS, clock.now()))) throw new AppError(429, 'RATE_LIMITED')
    await changeExpiredPassword(c, body)
    return c.json({ ok: true })
  })

  /**
   * Answers at once and alike for every address: the work (the user lookup, the temporary password,
   * the mail) is a durable job the outbox worker does after the answer.
   */
  r.post('/forgotPassword', publicRoute(), async (c) => {
    const body = await readJson(c, ForgotBody)
    const { db, clock, outbox } = c.get('deps')
    const now = clock.now()
    const email = body.email.trim().toLowerCase()
    if (!isValidEmail(email)) throw new AppError(400, 'VALIDATION', [{ path: 'email', code: 'email' }])
    if (!(await hit(db, `forgot:ip:${c.get('clientIp')}`, FORGOT_MAX * 4, FORGOT_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    if (await hit(db, `forgot:email:${email}`, FORGOT_MAX, FORGOT_WINDOW_MS, now)) {
      const job: ForgotPasswordJob = { email, locale: c.get('locale'), requestId: c.get('requestId'), ip: c.get('clientIp') }
      await enqueueJob(db, 'forgotPassword', job)
      outbox?.kick()
    }
    return c.json({ ok: true }, 202)
  })

  /**
   * The links of an e-mail change (issue 28): the new address confirms it, the old one cancels it.
   * Public (the new address's owner may not be signed in), limited per client address.
   */
  r.post('/confirmEmail', publicRoute(), async (c) => {
    const { token } = await readJson(c, TokenBody)
    const { db, clock } = c.get('deps')
    if (!(await hit(db, `email-link:ip:${c.get('clientIp')}`, EMAIL_LINK_MAX, EMAIL_LINK_WINDOW_MS, clock.now()))) throw new AppError(429, 'RATE_LIMITED')
    const { email } = await confirmEmailChange(c, token)
    return c.json({ ok: true, email })
  })

  r.post('/cancelEmailChange', publicRoute(), async (c) => {
    const { token } = await readJson(c, TokenBody)
    const { db, clock } = c.get('deps')
    if (!(await hit(db, `email-link:ip:${c.get('clientIp')}`, EMAIL_LINK_MAX, EMAIL_LINK_WINDOW_MS, clock.now()))) throw new AppError(429, 'RATE_LIMITED')
    await cancelEmailChange(c, token)
    return c.json({ ok: true })
  })

  // ---- calls on an existing session (spec 7.2) ----

  // 401 LOCKED while locked (SECURITY.md); its body says when, and the timing, so that a reload
  // still shows the lock screen, but nothing about the user
  r.post('/checkSessionValidity', requireSession({ allowLocked: true }), async (c) => {
    await readJson(c, EmptyBody).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'UNSUPPORTED_MEDIA_TYPE') return {}
      throw e
    })
    const session = c.get('session')
    const now = c.get('deps').clock.now()
    if (session.lockedAt) {
      return c.json({
        code: 'LOCKED', message: errorMessage('LOCKED', c.get('locale')),
        lockedAt: session.lockedAt.getTime(), timing: c.get('timing'), at: now.getTime(),
      }, 401)
    }
    return c.json({
      user: c.get('sessionUser'),
      timing: c.get('timing'),
      lockedAt: null,
      sessionId: session.id,
      at: now.getTime(),
    })
  })

  r.post('/activity', requireSession(), async (c) => {
    const { db, clock } = c.get('deps')
    await recordActivity(db, c.get('session').id, clock.now())
    // the timing as the company's preferences say now: a change reaches the session at its next report
    return c.json({ ok: true, timing: c.get('timing') })
  })

  r.post('/lockSession', requireSession({ allowLocked: true }), async (c) => {
    const body = await readJson(c, InactiveBody)
    const lockedAt = await lockSession(c, body.inactivetime ?? 0)
    return c.json({ at: lockedAt.getTime() })
  })

  r.post('/unlockSession', requireSession({ allowLocked: true }), async (c) => {
    const body = await readJson(c, UnlockBody)
    return c.json(await unlockSession(c, body.password))
  })

  r.post('/logout', publicRoute(), async (c) => {
    const body = await readJson(c, InactiveBody)
    // logging out works without a valid session too: it always clears the cookie
    try {
      await requireSession({ allowLocked: true })(c, async () => {})
      await logout(c, body.inactivetime ?? 0)
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) throw error
    }
    clearSessionCookie(c)
    return c.json({ ok: true })
  })

  r.post('/switchRole', requireSession(), async (c) => {
    const body = await readJson(c, RoleBody)
    return c.json(await switchRole(c, body.role))
  })

  r.get('/permissions', requireSession(), async (c) => {
    const view = c.get('sessionUser')
    return c.json({ role: view.activeRole, permissions: view.permissions })
  })

  return r
}
