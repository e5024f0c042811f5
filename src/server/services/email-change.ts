/**
 * A change of a staff user's e-mail address (issue 28 item 2): the address is what "forgot
 * password" mails a temporary password to, so it changes only when its new owner confirms. The
 * request tells the old address (with a link that cancels it) and sends the new one a single-use
 * link valid EMAIL_CHANGE_HOURS; only the SHA-256 of each link's token is stored. Confirming is a
 * button on the page the link opens (a mail scanner that fetches links confirms nothing).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, company, emailChange } from '../db/schema.ts'
import { AppError, isUniqueViolation } from '../errors.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'
import { MAILS } from '../mail-texts.ts'
import { audit } from './audit.ts'
import { enqueueMail } from './outbox.ts'
import { voidTempPasswords } from './password-reset.ts'
import { keyFrom } from './secrets.ts'
import { mailLocaleOf } from './user-locale.ts'

export const EMAIL_CHANGE_HOURS = 24
/** The web page the links open; the token travels in the fragment, which no server or proxy logs. */
export const EMAIL_CHANGE_PAGE = '/auth/email-change'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

function siteOrigin(c: Context<AppEnv>): string {
  return c.get('deps').config.publicOrigin ?? new URL(c.req.url).origin
}

export type PendingEmail = { email: string; expiresAt: string }

/** The open request of a user, if any. */
export async function pendingEmailOf(db: Db, userId: string, now: Date): Promise<PendingEmail | null> {
  const [row] = await db.select({ email: emailChange.newEmail, expiresAt: emailChange.expiresAt }).from(emailChange)
    .where(and(eq(emailChange.userId, userId), isNull(emailChange.confirmedAt), isNull(emailChange.voidedAt), gt(emailChange.expiresAt, now))).limit(1)
  return row ? { email: row.email, expiresAt: row.expiresAt.toISOString() } : null
}

type UserRow = typeof appUser.$inferSelect

/**
 * Records a request to move `user` to `newEmail` (in the caller's transaction `t`), voiding any
 * earlier open one, and queues the two mails. A taken address is 409 USER_EXISTS on `email`.
 */
export async function requestEmailChange(t: Db, c: Context<AppEnv>, user: UserRow, newEmail: string): Promise<PendingEmail> {
  const { clock, config } = c.get('deps')
  const session = c.get('session')
  const now = clock.now()
  const [taken] = await t.select({ id: appUser.id }).from(appUser)
    .where(and(eq(appUser.companyId, user.companyId), ne(appUser.id, user.id), sql`lower(${appUser.email}) = ${newEmail}`)).limit(1)
  if (taken) throw new AppError(409, 'USER_EXISTS', [{ path: 'email', code: 'exists' }])
  await t.update(emailChange).set({ voidedAt: now })
    .where(and(eq(emailChange.userId, user.id), isNull(emailChange.confirmedAt), isNull(emailChange.voidedAt)))
  const confirm = randomBytes(32).toString('base64url')
  const cancel = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_HOURS * 3_600_000)
  await t.insert(emailChange).values({
    userId: user.id, companyId: user.companyId, oldEmail: user.email, newEmail, confirmTokenHash: hashOf(confirm), cancelTokenHash: hashOf(cancel),
    requestedBy: session.userId, createdAt: now, expiresAt,
  })
  // the owner's own request in the language they use; an administrator's in the company's;
  // the owner's own language when they chose one (issue 25 item 5)
  const locale: ServerLocale = await mailLocaleOf(t, user, session.userId === user.id ? c.get('locale') : undefined)
  const [actor] = await t.select({ username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName }).from(appUser).where(eq(appUser.id, session.userId))
  const name = `${user.firstName} ${user.lastName}`
  const by = actor ? `${actor.firstName} ${actor.lastName} (${actor.username})` : '?'
  const page = `${siteOrigin(c)}${EMAIL_CHANGE_PAGE}`
  const key = keyFrom(config.secretsKey)
  const told = MAILS.emailChangeRequested[locale]
  await enqueueMail(t, key, { to: user.email, companyId: user.companyId, subject: told.subject,
    text: told.text({ name, by, newEmail, cancelUrl: `${page}#cancel=${cancel}`, hours: EMAIL_CHANGE_HOURS }) })
  const ask = MAILS.emailChangeConfirm[locale]
  await enqueueMail(t, key, { to: newEmail, companyId: user.companyId, subject: ask.subject,
    text: ask.text({ name, username: user.username, confirmUrl: `${page}#confirm=${confirm}`, hours: EMAIL_CHANGE_HOURS }) })
  return { email: newEmail, expiresAt: expiresAt.toISOString() }
}

/**
 * The new address's owner confirms: the address changes (single use, within its time, only while
 * the account still has the address the request was made from), pending temporary passwords mailed
 * to the old address stop working. A used, expired, voided or unknown link is 400
 * EMAIL_CHANGE_INVALID; an address taken meanwhile is 409 USER_EXISTS and changes nothing.
 */
export async function confirmEmailChange(c: Context<AppEnv>, token: string): Promise<{ email: string }> {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  let result: { userId: string; oldEmail: string; newEmail: string }
  try {
    result = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const [row] = await t.update(emailChange).set({ confirmedAt: now })
        .where(and(eq(emailChange.confirmTokenHash, hashOf(token)), isNull(emailChange.confirmedAt), isNull(emailChange.voidedAt), gt(emailChange.expiresAt, now)))
        .returning()
      if (!row) throw new AppError(400, 'EMAIL_CHANGE_INVALID')
      const [user] = await t.select().from(appUser).where(eq(appUser.id, row.userId)).for('update')
      if (!user || user.status === 'removed' || user.email.toLowerCase() !== row.oldEmail.toLowerCase()) throw new AppError(400, 'EMAIL_CHANGE_INVALID')
      await t.update(appUser).set({ email: row.newEmail, version: sql`${appUser.version} + 1` }).where(eq(appUser.id, user.id))
      await voidTempPasswords(t, user.id, now)
      return { userId: user.id, oldEmail: user.email, newEmail: row.newEmail }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'USER_EXISTS', [{ path: 'email', code: 'exists' }])
    throw error
  }
  await audit(c, 'user.email.changed', result.userId, null, { before: { email: result.oldEmail }, after: { email: result.newEmail } })
  return { email: result.newEmail }
}

/** The old address's owner cancels the open request (400 EMAIL_CHANGE_INVALID when there is none for the link). */
export async function cancelEmailChange(c: Context<AppEnv>, token: string): Promise<void> {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const [row] = await db.update(emailChange).set({ voidedAt: now })
    .where(and(eq(emailChange.cancelTokenHash, hashOf(token)), isNull(emailChange.confirmedAt), isNull(emailChange.voidedAt), gt(emailChange.expiresAt, now)))
    .returning()
  if (!row) throw new AppError(400, 'EMAIL_CHANGE_INVALID')
  await audit(c, 'user.email.cancelled', row.userId, null, { newEmail: row.newEmail })
}
