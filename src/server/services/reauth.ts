/**
 * Re-authentication (issue 28): changes to the mail server, the password policy and a role's
 * permissions carry the caller's password again (`currentPassword` in the body), so that a session
 * left open or stolen cannot make them. A missing password is 403 REAUTH_REQUIRED (the browser then
 * asks for it), a wrong one 403 REAUTH_FAILED, counted like a failed sign-in (the account locks at
 * the company's maximum and its sessions end). Never 401: that would end the browser's session.
 *
 * Each such change is announced by mail to every active superadmin of the company, through the
 * durable outbox and in the write's transaction, whatever the company's notification flags say
 * (an administrator who may switch notices off must not be able to silence this one). The notice
 * of a mail-server change goes through the mail server in force before the change: one pointed at
 * an attacker's own listener would otherwise swallow its own announcement.
 */
import type { Context } from 'hono'
import { and, eq, gt, isNull, or } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, company, role, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'
import { MAILS, SECURITY_CHANGES } from '../mail-texts.ts'
import { audit } from './audit.ts'
import { SUPERADMIN_ROLE } from './authority.ts'
import type { CompanyMailServer } from './mail.ts'
import { enqueueMail } from './outbox.ts'
import { verifyPassword } from './passwords.ts'
import { keyFrom } from './secrets.ts'
import { recordFailure } from './sign-in-failures.ts'
import { DEFAULT_SECURITY, readSetting } from './settings.ts'

/** Checks the caller's password again; throws REAUTH_REQUIRED or REAUTH_FAILED. */
export async function requireReauth(c: Context<AppEnv>, currentPassword: string | undefined): Promise<void> {
  if (currentPassword === undefined || currentPassword === '') throw new AppError(403, 'REAUTH_REQUIRED')
  const { db } = c.get('deps')
  const [user] = await db.select().from(appUser).where(eq(appUser.id, c.get('session').userId)).limit(1)
  if (!user) throw new AppError(401, 'UNAUTHORIZED')
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    const security = await readSetting(db, user.companyId, 'security', DEFAULT_SECURITY)
    await recordFailure(c, user, security, 'reauth')
    throw new AppError(403, 'REAUTH_FAILED')
  }
  // as a sign-in does: a success resets the count, unless another attempt came in meanwhile
  await db.update(appUser).set({ failedLogins: 0 }).where(and(eq(appUser.id, user.id), eq(appUser.failedLogins, user.failedLogins)))
  await audit(c, 'auth.reauth', user.id, user.username)
}

export type SecurityChange =
  /** `previous`: the settings in force before the change, which the notice is sent through. */
  | { kind: 'mailServer'; host: string; previous: CompanyMailServer }
  | { kind: 'passwordPolicy'; summary: string }
  | { kind: 'rolePermissions'; role: string; added: string[]; removed: string[] }

function detailOf(change: SecurityChange, locale: ServerLocale): { what: string; detail: string } {
  if (change.kind === 'mailServer') {
    const t = SECURITY_CHANGES.mailServer[locale]
    return { what: t.what, detail: t.detail({ host: change.host }) }
  }
  if (change.kind === 'passwordPolicy') {
    const t = SECURITY_CHANGES.passwordPolicy[locale]
    return { what: t.what, detail: t.detail({ summary: change.summary }) }
  }
  const t = SECURITY_CHANGES.rolePermissions[locale]
  return { what: t.what, detail: t.detail({ role: change.role, added: change.added.join(', '), removed: change.removed.join(', ') }) }
}

/**
 * Queues the notice of a security change to every active superadmin of the caller's company, in
 * `t` (the change's own transaction: no change without its notices, no notice without the change),
 * in the company's language. Kick the outbox after the commit.
 */
export async function announceToSuperadmins(t: Db, c: Context<AppEnv>, change: SecurityChange): Promise<number> {
  const { clock, config } = c.get('deps')
  const session = c.get('session')
  const now = clock.now()
  const [co] = await t.select({ language: company.language, timeZone: company.timeZone }).from(company).where(eq(company.id, session.companyId))
  const locale: ServerLocale = isServerLocale(co?.language) ? co.language : 'tr'
  const [actor] = await t.select({ username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName })
    .from(appUser).where(eq(appUser.id, session.userId))
  const recipients = await t.selectDistinct({ email: appUser.email, firstName: appUser.firstName, lastName: appUser.lastName })
    .from(appUser).innerJoin(userRole, eq(userRole.userId, appUser.id)).innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(appUser.companyId, session.companyId), eq(appUser.status, 'active'), eq(role.name, SUPERADMIN_ROLE),
      or(isNull(userRole.validUntil), gt(userRole.validUntil, now))))
  const at = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: co?.timeZone || 'Europe/Istanbul' }).format(now)
  const by = actor ? `${actor.firstName} ${actor.lastName} (${actor.username})` : '?'
  const { what, detail } = detailOf(change, locale)
  const m = MAILS.securityChange[locale]
  for (const r of recipients) {
    await enqueueMail(t, keyFrom(config.secretsKey), {
      to: r.email, companyId: session.companyId, subject: m.subject, text: m.text({ name: `${r.firstName} ${r.lastName}`, by, what, at, detail }),
      // a mail-server change is announced through the server in force before it, never through the one it names
      ...(change.kind === 'mailServer' ? { mailServer: change.previous } : {}),
    })
  }
  return recipients.length
}
