import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { readJson } from '../http.ts'
import { ownCompanyDefaults, ownPasswordChanger, ownProfile, ownTasks, setOwnLanguage, type Viewer } from '../services/me.ts'
import { may, signedIn } from '../services/permissions.ts'
import { hit } from '../services/rate-limit.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { changePassword } from '../services/password-change.ts'

const PASSWORD_TRIES_MAX = 10
const PASSWORD_TRIES_WINDOW_MS = 15 * 60_000

/** The person's own language (issue 25 item 5); null: none of their own (the browser's or the company's applies). */
const LanguageBody = z.strictObject({ language: z.nullable(z.enum(['tr', 'en', 'ru'], 'requiredSelection')) })

const ChangeBody = z.strictObject({
  oldPassword: z.string().check(z.minLength(1), z.maxLength(128)),
  newPassword: z.string().check(z.minLength(1), z.maxLength(1000)),
})

const viewerOf = (c: Context<AppEnv>): Viewer => {
  const { userId, companyId, activeRole } = c.get('session')
  return { userId, companyId, activeRole }
}

/**
 * The signed-in user's own things (spec 2.2 top menu): profile, tasks, and the password change
 * while signed in (the current session stays; the user's other sessions end).
 */
export function meRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/profile', signedIn(), async (c) => {
    const { db, clock } = c.get('deps')
    return c.json(await ownProfile(db, viewerOf(c), clock.now()))
  })

  /**
   * The company's defaults the staff app applies (spec 9, issue 12): its language for a person who
   * has not chosen one, its time zone for staff dates, its currency for amounts.
   */
  r.get('/profile/company', signedIn(), async (c) => c.json(await ownCompanyDefaults(c.get('deps').db, viewerOf(c))))

  /**
   * The person's own language (issue 25 item 5): applied at every sign-in on any device, and the
   * language of the mails sent to them. null: none of their own.
   */
  r.put('/profile/language', requireCustomHeaders, signedIn(), async (c) => {
    const { language } = await readJson(c, LanguageBody)
    await setOwnLanguage(c.get('deps').db, c.get('session').userId, language)
    return c.json({ personalLanguage: language })
  })

  r.get('/tasks', signedIn(), async (c) => {
    const { db, clock } = c.get('deps')
    const rights = { userUpdate: await may(c, 'user:update'), securityRead: await may(c, 'security:read'), mailserverRead: await may(c, 'mailserver:read') }
    return c.json(await ownTasks(db, viewerOf(c), rights, clock.now()))
  })

  r.post('/profile/password', requireCustomHeaders, signedIn(), async (c) => {
    const body = await readJson(c, ChangeBody)
    const { db, clock } = c.get('deps')
    const session = c.get('session')
    if (!(await hit(db, `password:user:${session.userId}`, PASSWORD_TRIES_MAX, PASSWORD_TRIES_WINDOW_MS, clock.now()))) {
      throw new AppError(429, 'RATE_LIMITED')
    }
    const { user, security } = await ownPasswordChanger(db, session.userId, body.oldPassword)
    await changePassword(c, user, body.newPassword, security, { keepSessionId: session.id })
    return c.json({ ok: true })
  })

  return r
}
