import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { company } from '../db/schema.ts'
import { isServerLocale, type ServerLocale } from '../i18n.ts'

/**
 * The language of a mail to a staff member (issue 25 item 5): their own language when they chose
 * one, else `fallback` when given (the language of a request they made themselves, e.g. "forgot
 * password"), else their company's, else Turkish. Never the language of the administrator whose
 * action sent it.
 */
export async function mailLocaleOf(db: Db, user: { locale: string | null; companyId: string }, fallback?: ServerLocale): Promise<ServerLocale> {
  if (isServerLocale(user.locale)) return user.locale
  if (fallback) return fallback
  const [co] = await db.select({ language: company.language }).from(company).where(eq(company.id, user.companyId)).limit(1)
  return isServerLocale(co?.language) ? co.language : 'tr'
}
