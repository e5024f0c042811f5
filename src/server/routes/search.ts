import { Hono } from 'hono'
import { and, asc, eq, ilike, or } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { appUser, role, userGroup } from '../db/schema.ts'
import { readQuery } from '../http.ts'
import { may, permit } from '../services/permissions.ts'

const SEARCH_LIMIT = 10
const SearchQuery = z.strictObject({ q: z.string().check(z.minLength(2), z.maxLength(100)) })

/** `%` and `_` typed by the user are literal characters, not patterns. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * Global search of the top menu (spec 2.2): users by name, username or e-mail, groups and roles by
 * name, in the caller's company; each kind only when the active role may read it.
 */
export function searchRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/', permit('user:read', 'group:read', 'role:read'), async (c) => {
    const { q } = readQuery(c, SearchQuery)
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const pattern = likePattern(q.trim())
    const users = (await may(c, 'user:read'))
      ? await db.select({ id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName, email: appUser.email })
        .from(appUser)
        .where(and(eq(appUser.companyId, companyId), or(
          ilike(appUser.username, pattern), ilike(appUser.email, pattern), ilike(appUser.firstName, pattern), ilike(appUser.lastName, pattern),
        )))
        .orderBy(asc(appUser.username)).limit(SEARCH_LIMIT)
      : []
    const roles = (await may(c, 'role:read'))
      ? await db.select({ id: role.id, name: role.name }).from(role)
        .where(and(eq(role.companyId, companyId), ilike(role.name, pattern))).orderBy(asc(role.name)).limit(SEARCH_LIMIT)
      : []
    const groups = (await may(c, 'group:read'))
      ? await db.select({ id: userGroup.id, name: userGroup.name, level: userGroup.level }).from(userGroup)
        .where(and(eq(userGroup.companyId, companyId), ilike(userGroup.name, pattern))).orderBy(asc(userGroup.name)).limit(SEARCH_LIMIT)
      : []
    return c.json({ q, users, groups, roles })
  })

  return r
}
