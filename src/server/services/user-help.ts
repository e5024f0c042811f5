import type { Context } from 'hono'
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, auditLog, tempPassword } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { MAILS } from '../mail-texts.ts'
import { redact } from '../../lib/redact.ts'
import { assertUserWithinReach } from './authority.ts'
import { enqueueMail } from './outbox.ts'
import { TEMP_MS, TEMP_PASSWORD_MINUTES, tempHash, temporaryPassword } from './password-reset.ts'
import { emailNotificationsOn } from './notifications.ts'
import { hit } from './rate-limit.ts'
import { keyFrom } from './secrets.ts'
import { DEFAULT_SECURITY, readSetting } from './settings.ts'
import { mailLocaleOf } from './user-locale.ts'

/**
 * Per-user help on a user's page (issue 25 item 4, as Keycloak's console has it): unlock a locked
 * account, send a temporary password, and the user's last sign-ins and failures. Each write is one
 * transaction that locks the user's row within the caller's reach (services/authority.ts), writes
 * the change, its audit entry and its mail in the outbox together: all of it or nothing.
 */

/** Temporary passwords an administrator may send one user in an hour. */
export const ADMIN_TEMP_MAX = 5
export const ADMIN_TEMP_WINDOW_MS = 60 * 60_000

type Actor = { username: string; firstName: string; lastName: string }

async function actorOf(db: Db, userId: string): Promise<Actor> {
  const [row] = await db.select({ username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName }).from(appUser).where(eq(appUser.id, userId))
  return row ?? { username: '', firstName: '', lastName: '' }
}

function auditRow(c: Context<AppEnv>, action: string, target: string, actor: string, detail: Record<string, unknown>) {
  return {
    action, target, actor: redact(actor), requestId: c.get('requestId'), companyId: c.get('session').companyId,
    detail: redact({ ip: c.get('clientIp'), ...detail }) as Record<string, unknown>, at: c.get('deps').clock.now(),
  }
}

/** Re-activates a locked account: the counter starts again, audited, the owner mailed (when the company mails notices). */
export async function unlockUser(c: Context<AppEnv>, id: string): Promise<void> {
  const { db, config } = c.get('deps')
  const session = c.get('session')
  const actor = await actorOf(db, session.userId)
  const mails = await emailNotificationsOn(db, session.companyId)
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await assertUserWithinReach(t, c, id)
    const [before] = await t.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
    if (!before) throw new AppError(404, 'NOT_FOUND')
    const [row] = await t.update(appUser).set({ lockedAt: null, failedLogins: 0 })
      .where(and(eq(appUser.id, id), isNotNull(appUser.lockedAt))).returning({ id: appUser.id })
    if (!row) throw new AppError(409, 'USER_NOT_LOCKED')
    await t.insert(auditLog).values(auditRow(c, 'user.reactivated', id, actor.username, {
      before: { lockedAt: before.lockedAt?.toISOString() ?? null, failedLogins: before.failedLogins }, after: { lockedAt: null, failedLogins: 0 },
    }))
    if (mails) {
      const m = MAILS.accountReactivated[await mailLocaleOf(t, before)]
      const text = m.text({ name: `${before.firstName} ${before.lastName}`, by: `${actor.firstName} ${actor.lastName}`.trim() })
      await enqueueMail(t, keyFrom(config.secretsKey), { to: before.email, subject: m.subject, text, companyId: before.companyId })
    }
  })
  c.get('deps').outbox?.kick()
}

/**
 * A temporary password for an active user (valid 30 minutes, single use, meets the policy, the
 * forced change at its sign-in), mailed through the outbox. Their current password keeps working
 * until the temporary one is used. Answers the address it goes to.
 */
export async function sendTemporaryPassword(c: Context<AppEnv>, id: string): Promise<{ email: string }> {
  const { db, config, clock } = c.get('deps')
  const session = c.get('session')
  const now = clock.now()
  if (!(await hit(db, `admin-temp:${id}`, ADMIN_TEMP_MAX, ADMIN_TEMP_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
  const actor = await actorOf(db, session.userId)
  const security = await readSetting(db, session.companyId, 'security', DEFAULT_SECURITY)
  const email = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await assertUserWithinReach(t, c, id)
    const [user] = await t.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId)))
    if (!user) throw new AppError(404, 'NOT_FOUND')
    if (user.status !== 'active') throw new AppError(409, 'USER_NOT_ACTIVE')
    const temp = temporaryPassword(security, user.username)
    await t.insert(tempPassword).values({ userId: user.id, passwordHash: tempHash(temp), expiresAt: new Date(now.getTime() + TEMP_MS), createdAt: now })
    const m = MAILS.temporaryPassword[await mailLocaleOf(t, user)]
    await enqueueMail(t, keyFrom(config.secretsKey), {
      to: user.email, companyId: user.companyId, subject: m.subject,
      text: m.text({ name: `${user.firstName} ${user.lastName}`, password: temp, minutes: TEMP_PASSWORD_MINUTES }),
    })
    await t.insert(auditLog).values(auditRow(c, 'user.temporaryPasswordSent', id, actor.username, { to: user.email }))
    return user.email
  })
  c.get('deps').outbox?.kick()
  return { email }
}

/** The sign-in events of one user, newest first. */
export const SIGN_IN_ACTIONS = ['auth.login', 'auth.login.failed', 'auth.login.passwordExpired', 'user.lockedOut', 'user.reactivated', 'user.temporaryPasswordSent', 'auth.forgotPassword'] as const

export async function signInHistory(db: Db, companyId: string, id: string, limit = 20) {
  const [user] = await db.select({ id: appUser.id, lockedAt: appUser.lockedAt, failedLogins: appUser.failedLogins, status: appUser.status })
    .from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, companyId)))
  if (!user) throw new AppError(404, 'NOT_FOUND')
  const rows = await db.select({ action: auditLog.action, at: auditLog.at, actor: auditLog.actor, detail: auditLog.detail }).from(auditLog)
    .where(and(eq(auditLog.target, id), eq(auditLog.companyId, companyId), inArray(auditLog.action, [...SIGN_IN_ACTIONS])))
    .orderBy(desc(auditLog.at)).limit(limit)
  const lastSignIn = rows.find((r) => r.action === 'auth.login')?.at ?? null
  return {
    locked: !!user.lockedAt, lockedAt: user.lockedAt?.toISOString() ?? null, failedLogins: user.failedLogins, status: user.status,
    lastSignIn: lastSignIn?.toISOString() ?? null,
    events: rows.map((r) => {
      const d = (r.detail ?? {}) as Record<string, unknown>
      return {
        action: r.action, at: r.at.toISOString(), ip: typeof d.ip === 'string' ? d.ip : null,
        reason: typeof d.reason === 'string' ? d.reason : typeof d.via === 'string' ? d.via : null,
        by: r.action === 'user.reactivated' || r.action === 'user.temporaryPasswordSent' ? r.actor : null,
      }
    }),
  }
}
