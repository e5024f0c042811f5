import { createHash } from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { checkPassword } from '../../domain/password.ts'
import type { Clock } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, auditLog, passwordHistory, tempPassword } from '../db/schema.ts'
import type { ServerLocale } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { randomPassword } from './passwords.ts'
import { DEFAULT_SECURITY, policyOf, readSetting, type SecuritySettings } from './settings.ts'
import { endUserSessions } from './sessions.ts'
import type { JobHandler } from './outbox.ts'
import { mailLocaleOf } from './user-locale.ts'

export const TEMP_PASSWORD_MINUTES = 30
export const TEMP_MS = TEMP_PASSWORD_MINUTES * 60_000
/** Stands for "no such user" in statements that every path runs alike. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/** Temporary passwords are random (16+ characters, ~100 bits): a SHA-256 is enough and costs nothing. */
export function tempHash(candidate: string): string {
  return createHash('sha256').update(candidate).digest('hex')
}

export type TempRow = typeof tempPassword.$inferSelect

/** The temporary password row of `userId` matching `candidate`, whatever its state; one indexed lookup. */
export async function findTempPassword(db: Db, userId: string | null, candidate: string): Promise<TempRow | null> {
  const rows = await db.select().from(tempPassword)
    .where(and(eq(tempPassword.userId, userId ?? NIL_UUID), eq(tempPassword.passwordHash, tempHash(candidate)))).limit(1)
  return rows[0] ?? null
}

/** Signs in once: unused, not void, within its 30 minutes. */
export function tempSignsIn(row: TempRow | null, now: Date): row is TempRow {
  return !!row && !row.usedAt && !row.voidedAt && row.expiresAt > now
}

/** After its one sign-in, it serves one change of password within 30 minutes of that use. */
export function tempChangesPassword(row: TempRow | null, now: Date): row is TempRow {
  return !!row && !!row.usedAt && !row.voidedAt && now.getTime() - row.usedAt.getTime() < TEMP_MS
}

/**
 * Marks a temporary password used (atomically: of two parallel uses one wins) and voids every other
 * one of the user. Returns false when it was used or voided meanwhile.
 */
export async function useTempPassword(db: Db, row: TempRow, now: Date): Promise<boolean> {
  const won = await db.update(tempPassword).set({ usedAt: now })
    .where(and(eq(tempPassword.id, row.id), isNull(tempPassword.usedAt), isNull(tempPassword.voidedAt))).returning({ id: tempPassword.id })
  if (won.length === 0) return false
  await db.update(tempPassword).set({ voidedAt: now })
    .where(and(eq(tempPassword.userId, row.userId), ne(tempPassword.id, row.id), isNull(tempPassword.voidedAt)))
  return true
}

/**
 * The temporary-password sign-in's writes, all in one transaction (issue 26 item 3): the temporary
 * password is used (the others voided), the old password goes into the history and stops working
 * (a random hash, computed before the transaction), the change is forced, the lock is lifted, the
 * user's sessions end, and `record` writes the audit rows. A failure at any statement leaves
 * nothing written: the temporary password still works. False when a parallel use won.
 */
export async function redeemTempPassword(
  db: Db, user: { id: string; passwordHash: string }, row: TempRow, replacementHash: string, now: Date,
  record: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    if (!(await useTempPassword(tx, row, now))) return false
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
    await tx.update(appUser).set({ passwordHash: replacementHash, mustChangePassword: true, failedLogins: 0, lockedAt: null })
      .where(eq(appUser.id, user.id))
    await endUserSessions(tx, user.id, 'passwordReset', now)
    await record(tx)
    return true
  })
}

/** Voids every temporary password of a user (the password changed). */
export async function voidTempPasswords(db: Db, userId: string, now: Date) {
  await db.update(tempPassword).set({ voidedAt: now }).where(and(eq(tempPassword.userId, userId), isNull(tempPassword.voidedAt)))
}

/** A temporary password that meets the company policy. */
export function temporaryPassword(security: SecuritySettings, name: string): string {
  for (;;) {
    const candidate = randomPassword(Math.max(16, security.minLength))
    if (checkPassword(candidate, policyOf(security), { username: name }).ok) return candidate
  }
}

export type ForgotPasswordJob = { email: string; locale: ServerLocale; requestId: string; ip: string }

/**
 * The forgot-password work, done by the outbox worker after the answer (so that a registered and an
 * unknown address answer alike): for an active user of that address (locked or not), a temporary
 * password valid 30 minutes, audited, and the mail that carries it.
 */
export function forgotPasswordJob(clock: Clock): JobHandler {
  return async (payload, db) => {
    const job = payload as ForgotPasswordJob
    const now = clock.now()
    const rows = await db.select().from(appUser).where(and(sql`lower(${appUser.email}) = ${job.email}`, eq(appUser.status, 'active'))).limit(1)
    const user = rows[0]
    if (!user) return null
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    const temp = temporaryPassword(security, user.username)
    await db.insert(tempPassword).values({ userId: user.id, passwordHash: tempHash(temp), expiresAt: new Date(now.getTime() + TEMP_MS), createdAt: now })
    await db.insert(auditLog).values({ action: 'auth.forgotPassword', target: user.id, actor: null, requestId: job.requestId, detail: { ip: job.ip }, at: now })
    const m = MAILS.temporaryPassword[await mailLocaleOf(db, user, job.locale)]
    return { mail: { to: user.email, companyId: user.companyId, subject: m.subject, text: m.text({ name: `${user.firstName} ${user.lastName}`, password: temp, minutes: TEMP_PASSWORD_MINUTES }) } }
  }
}
