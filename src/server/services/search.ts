import { and, asc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appUser, role, userGroup } from '../db/schema.ts'

/**
 * The top menu's global search (spec 2.2; issue 26 item 3 moved its queries out of
 * routes/search.ts): users by name, username or e-mail, groups and roles by name, in a company,
 * SEARCH_LIMIT of each. The route decides which kinds the caller may read.
 */
export const SEARCH_LIMIT = 10

/** `%` and `_` typed by the user are literal characters, not patterns. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

export async function searchCompany(db: Db, companyId: string, q: string, kinds: { users: boolean; roles: boolean; groups: boolean }) {
  const pattern = likePattern(q.trim())
  const users = kinds.users
    ? await db.select({ id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName, email: appUser.email })
      .from(appUser)
      .where(and(eq(appUser.companyId, companyId), or(
        ilike(appUser.username, pattern), ilike(appUser.email, pattern), ilike(appUser.firstName, pattern), ilike(appUser.lastName, pattern),
      )))
      .orderBy(asc(appUser.username)).limit(SEARCH_LIMIT)
    : []
  const roles = kinds.roles
    ? await db.select({ id: role.id, name: role.name }).from(role)
      .where(and(eq(role.companyId, companyId), ilike(role.name, pattern))).orderBy(asc(role.name)).limit(SEARCH_LIMIT)
    : []
  const groups = kinds.groups
    ? await db.select({ id: userGroup.id, name: userGroup.name, level: userGroup.level }).from(userGroup)
      .where(and(eq(userGroup.companyId, companyId), ilike(userGroup.name, pattern))).orderBy(asc(userGroup.name)).limit(SEARCH_LIMIT)
    : []
  return { users, roles, groups }
}
