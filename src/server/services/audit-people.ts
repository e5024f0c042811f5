import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appUser } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { containsPattern, prefixPattern } from './list.ts'

/**
 * The audit log's person picker (issue 25 item 7): the company's people found by name, surname,
 * username or e-mail, for a reader holding `audit:read` (who sees these names in the log already,
 * and may not hold `user:read`). Removed and suspended people are found too: their entries stay in
 * the log. What is answered is what the picker shows, "Ad Soyad (kullanıcı adı)", and the id the
 * list is filtered by; no e-mail, national ID or status detail leaves (an e-mail is only matched).
 *
 * Fast on 100,000 users through the users search's own indexes (services/users.ts): the trigram
 * index on the lower-cased username, names and national ID (`app_user_search_trgm_idx`; the same
 * expression, or PostgreSQL does not use it), rechecked without the national ID so that a reader of
 * the log cannot probe national IDs, and the e-mail prefix index. At most `PEOPLE_CANDIDATES`
 * matches are read, then the best `limit` are chosen: a name or username that starts with the text
 * first, then by surname, name and username.
 */
export const PEOPLE_LIMIT_MAX = 20
export const PEOPLE_LIMIT_DEFAULT = 10
const PEOPLE_CANDIDATES = 200

export type Person = { id: string; username: string; firstName: string; lastName: string }

const SEARCH_TEXT = sql`lower(${appUser.username} || ' ' || ${appUser.firstName} || ' ' || ${appUser.lastName} || ' ' || coalesce(${appUser.nationalId}, ''))`
const NAME_TEXT = sql`lower(${appUser.username} || ' ' || ${appUser.firstName} || ' ' || ${appUser.lastName})`

function peopleCondition(q: string): SQL {
  const email = sql`lower(${appUser.email}) like ${prefixPattern(q)}`
  if (q.includes('@')) return email
  const contains = containsPattern(q)
  // the index's expression finds the candidates; the name text (no national ID) decides
  return or(and(sql`${SEARCH_TEXT} like ${contains}`, sql`${NAME_TEXT} like ${contains}`), email)!
}

/** The people whose name, surname, username or e-mail holds `q` (an e-mail: starts with it), best first. */
export async function searchPeople(db: Db, companyId: string, q: string, limit: number): Promise<Person[]> {
  const text = q.trim().replace(/\s+/g, ' ')
  if (text === '') return []
  const candidates = db.$with('candidates').as(db.select({
    id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName,
  }).from(appUser).where(and(eq(appUser.companyId, companyId), peopleCondition(text))).limit(PEOPLE_CANDIDATES))
  const prefix = prefixPattern(text)
  const startsWith = sql<number>`case when lower(${candidates.username}) like ${prefix} or lower(${candidates.firstName} || ' ' || ${candidates.lastName}) like ${prefix}
    or lower(${candidates.lastName}) like ${prefix} then 0 else 1 end`
  return db.with(candidates).select({ id: candidates.id, username: candidates.username, firstName: candidates.firstName, lastName: candidates.lastName })
    .from(candidates).orderBy(startsWith, asc(candidates.lastName), asc(candidates.firstName), asc(candidates.username)).limit(limit)
}

/** One person of the company by id (the picker's chosen person after a reload or from a link), or 404. */
export async function personById(db: Db, companyId: string, id: string): Promise<Person> {
  const [p] = await db.select({ id: appUser.id, username: appUser.username, firstName: appUser.firstName, lastName: appUser.lastName })
    .from(appUser).where(and(eq(appUser.id, id), eq(appUser.companyId, companyId)))
  if (!p) throw new AppError(404, 'NOT_FOUND')
  return p
}
