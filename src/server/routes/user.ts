import { Hono } from 'hono'
import * as z from 'zod/mini'
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { appUser, role, userRole } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { MAILS } from '../mail-texts.ts'
import { audit } from '../services/audit.ts'
import { containsPattern, listAnswer, orderBy, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))

function userId(value: string | undefined): string {
  if (!value || !z.safeParse(uuid, value).success) throw new AppError(404, 'NOT_FOUND')
  return value.toLowerCase()
}

/** Users of the caller's company (issue 11: the list and the re-activation of locked accounts). */
export function userRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('user:read'), async (c) => {
    const params = readList(c, ['username', 'lastName', 'createdAt', 'status'], {
      status: z.enum(['active', 'suspended', 'removed']),
      locked: z.enum(['true', 'false']),
    })
    const { db } = c.get('deps')
    const where: SQL[] = [eq(appUser.companyId, c.get('session').companyId)]
    if (params.filters.status) where.push(eq(appUser.status, params.filters.status))
    if (params.filters.locked) where.push(params.filters.locked === 'true' ? isNotNull(appUser.lockedAt) : isNull(appUser.lockedAt))
    if (params.q) {
      const p = containsPattern(params.q)
      where.push(or(
        sql`lower(${appUser.username}) like ${p}`, sql`lower(${appUser.firstName}) like ${p}`,
        sql`lower(${appUser.lastName}) like ${p}`, sql`lower(${appUser.email}) like ${p}`,
      )!)
    }
    const condition = and(...where)
    const [rows, [total]] = await Promise.all([
      db.select().from(appUser).where(condition)
        .orderBy(...orderBy(params, { username: appUser.username, lastName: appUser.lastName, createdAt: appUser.createdAt, status: appUser.status }, [asc(appUser.username)], appUser.id))
        .limit(params.size).offset(params.offset),
      db.select({ n: count() }).from(appUser).where(condition),
    ])
    const roles = rows.length === 0 ? [] : await db.select({ userId: userRole.userId, name: role.name, isMain: userRole.isMain, validUntil: userRole.validUntil })
      .from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(inArray(userRole.userId, rows.map((u) => u.id)))
    const items = rows.map((u) => ({
      id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status,
      locked: u.lockedAt !== null, lockedAt: u.lockedAt?.toISOString() ?? null, createdAt: u.createdAt.toISOString(),
      roles: roles.filter((x) => x.userId === u.id).map((x) => ({ name: x.name, isMain: x.isMain, validUntil: x.validUntil?.toISOString() ?? null })),
    }))
    return c.json(listAnswer(items, total?.n ?? 0, params))
  })

  /**
   * Re-activates an account locked after too many failed sign-ins (issue 11 section 6): the
   * counter starts again, the owner is mailed, the change is audited.
   */
  r.post('/:id/reactivate', permit('user:update'), async (c) => {
    const id = userId(c.req.param('id'))
    const { db, clock, mail } = c.get('deps')
    const session = c.get('session')
    const [target] = await db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, session.companyId))).limit(1)
    if (!target) throw new AppError(404, 'NOT_FOUND')
    const [updated] = await db.update(appUser).set({ lockedAt: null, failedLogins: 0 })
      .where(and(eq(appUser.id, id), isNotNull(appUser.lockedAt))).returning({ id: appUser.id })
    if (!updated) throw new AppError(409, 'USER_NOT_LOCKED')
    const [actor] = await db.select({ username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName })
      .from(appUser).where(eq(appUser.id, session.userId)).limit(1)
    await audit(c, 'user.reactivated', target.id, actor?.username ?? null, {
      before: { lockedAt: target.lockedAt?.toISOString() ?? null, failedLogins: target.failedLogins },
      after: { lockedAt: null, failedLogins: 0 },
      at: clock.now().toISOString(),
    })
    if (mail) {
      const m = MAILS.accountReactivated[c.get('locale')]
      try {
        await mail.send({ to: target.email, subject: m.subject, text: m.text({ name: `${target.firstName} ${target.lastName}`, by: `${actor?.firstName ?? ''} ${actor?.lastName ?? ''}`.trim() }), companyId: target.companyId })
      } catch (error) {
        c.get('log').log('error', 'mail failed', { error: error instanceof Error ? error.message : String(error) })
      }
    }
    return c.json({ ok: true })
  })

  return r
}
