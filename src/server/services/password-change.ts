import type { Context } from 'hono'
import { and, desc, eq, ne } from 'drizzle-orm'
import { checkPassword } from '../../domain/password.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, passwordHistory } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { MAILS } from '../mail-texts.ts'
import { audit } from './audit.ts'
import { hashPassword, randomPassword, verifyPassword } from './passwords.ts'
import { voidTempPasswords } from './password-reset.ts'
import { endUserSessions } from './sessions.ts'
import { policyOf, recordedPolicyOf, type SecuritySettings } from './settings.ts'
import { queueNotice } from './sign-in-failures.ts'
import { mailLocaleOf } from './user-locale.ts'

type UserRow = typeof appUser.$inferSelect

/**
 * Sets a new password under the company policy: the rules, the history, and "unique among all
 * users" (a collision is refused with the generic policy answer, and the other account, whose
 * password is now known to this user, is treated as compromised). Every session of the user ends,
 * except `keepSessionId` (the change made while signed in).
 */
export async function changePassword(c: Context<AppEnv>, user: UserRow, newPassword: string, security: SecuritySettings, opts: { keepSessionId?: string } = {}) {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const result = checkPassword(newPassword, policyOf(security), { username: user.username })
  if (!result.ok) throw new AppError(400, 'PASSWORD_POLICY', result.failures.map((code) => ({ path: 'newPassword', code })))
  if (await verifyPassword(user.passwordHash, newPassword)) throw new AppError(400, 'PASSWORD_REUSED', [{ path: 'newPassword', code: 'sameAsOld' }])
  const history = await db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt)).limit(security.historyCount)
  for (const old of history) {
    if (await verifyPassword(old.passwordHash, newPassword)) throw new AppError(400, 'PASSWORD_REUSED', [{ path: 'newPassword', code: 'history' }])
  }
  if (security.uniqueAmongUsers) {
    const others = await db.select().from(appUser).where(and(eq(appUser.companyId, user.companyId), ne(appUser.id, user.id), eq(appUser.status, 'active')))
    for (const other of others) {
      if (await verifyPassword(other.passwordHash, newPassword)) {
        const replacement = await hashPassword(randomPassword(32))
        await db.transaction(async (t) => {
          const tx = t as unknown as Db
          await tx.update(appUser).set({ passwordHash: replacement, mustChangePassword: true }).where(eq(appUser.id, other.id))
          await endUserSessions(tx, other.id, 'passwordCompromised', now)
          await audit(c, 'user.passwordCompromised', other.id, null, undefined, tx)
        })
        const m = MAILS.passwordCompromised[await mailLocaleOf(db, other)]
        await queueNotice(c, other.companyId, other.email, m.subject, m.text({ name: `${other.firstName} ${other.lastName}` }))
        throw new AppError(400, 'PASSWORD_POLICY', [{ path: 'newPassword', code: 'policy' }])
      }
    }
  }
  const newHash = await hashPassword(newPassword)
  // the change itself is one transaction (issue 26 item 3); the notice mail is queued once it holds
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
    await tx.update(appUser).set({ passwordHash: newHash, passwordChangedAt: now, mustChangePassword: false, failedLogins: 0, passwordPolicy: recordedPolicyOf(security) })
      .where(eq(appUser.id, user.id))
    await voidTempPasswords(tx, user.id, now)
    // a change while signed in keeps the session it was made from; every other session ends
    await endUserSessions(tx, user.id, 'passwordChanged', now, opts.keepSessionId)
    await audit(c, 'user.passwordChanged', user.id, user.username, undefined, tx)
  })
  const m = MAILS.passwordChanged[await mailLocaleOf(db, user)]
  await queueNotice(c, user.companyId, user.email, m.subject, m.text({ name: `${user.firstName} ${user.lastName}` }))
}
