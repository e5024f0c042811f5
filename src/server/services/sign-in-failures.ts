/**
 * Failed password checks and the account lockout (SECURITY.md "Passwords and sign-in"), shared by
 * sign-in, unlock, the change of an expired password and re-authentication (./reauth.ts).
 */
import type { Context } from 'hono'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser } from '../db/schema.ts'
import { MAILS } from '../mail-texts.ts'
import { audit } from './audit.ts'
import { emailNotificationsOn } from './notifications.ts'
import { enqueueMail } from './outbox.ts'
import { keyFrom } from './secrets.ts'
import { endUserSessions } from './sessions.ts'
import type { SecuritySettings } from './settings.ts'
import { mailLocaleOf } from './user-locale.ts'

export type UserRow = typeof appUser.$inferSelect
/**
 * Counts a sign-in attempt before its password is checked, in one atomic statement: the answer is
 * the user with the count including this attempt (its "ticket"). Parallel guesses each get their
 * own ticket, so none slips past the maximum; an unknown name runs the same statement (no row).
 */
export async function countAttempt(db: Db, name: string): Promise<UserRow | null> {
  const rows = await db.update(appUser).set({ failedLogins: sql`${appUser.failedLogins} + 1` })
    .where(sql`lower(${appUser.username}) = lower(${name})`).returning()
  return rows[0] ?? null
}

/** Queues a mail (sent by the outbox worker after the answer, retried while SMTP is down). */
export async function queueMail(c: Context<AppEnv>, companyId: string, to: string, subject: string, text: string) {
  const { db, config, outbox } = c.get('deps')
  await enqueueMail(db, keyFrom(config.secretsKey), { to, subject, text, companyId })
  outbox?.kick()
}

/** Queues a notice (lockout, password changed, compromised): only with the company's e-mail notifications on. */
export async function queueNotice(c: Context<AppEnv>, companyId: string, to: string, subject: string, text: string) {
  if (!(await emailNotificationsOn(c.get('deps').db, companyId))) return
  await queueMail(c, companyId, to, subject, text)
}

/**
 * Locks an account whose failure count reached the company's maximum: exactly once however many
 * requests see it (the update only wins while unlocked), ends its sessions and audits, in one
 * transaction (a lock never stands with its sessions still open); then mails the owner.
 */
export async function lockAccount(c: Context<AppEnv>, user: UserRow, attempts: number) {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const locked = await db.transaction(async (t) => {
    const tx = t as unknown as Db
    const won = await tx.update(appUser).set({ lockedAt: now }).where(and(eq(appUser.id, user.id), isNull(appUser.lockedAt))).returning({ id: appUser.id })
    if (won.length === 0) return false
    await endUserSessions(tx, user.id, 'accountLocked', now)
    await audit(c, 'user.lockedOut', user.id, user.username, { attempts }, tx)
    return true
  })
  if (!locked) return
  const m = MAILS.accountLocked[await mailLocaleOf(db, user)]
  await queueNotice(c, user.companyId, user.email, m.subject, m.text({ name: `${user.firstName} ${user.lastName}`, attempts }))
}

/** Counts a failed password check outside sign-in (unlock, change of an expired password), atomically. */
export async function recordFailure(c: Context<AppEnv>, user: UserRow, security: SecuritySettings, reason: string) {
  const counted = await countAttempt(c.get('deps').db, user.username)
  await audit(c, 'auth.login.failed', user.id, user.username.slice(0, 100), { reason })
  if (counted && counted.status === 'active' && counted.failedLogins >= security.maxFailedLogins) await lockAccount(c, counted, counted.failedLogins)
}

