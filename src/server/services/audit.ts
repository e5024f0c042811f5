import type { Context } from 'hono'
import { sql } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'
import { redact } from '../../lib/redact.ts'

const SECRET_KEY = /password|secret|token|hash|apikey|^otp$|^cvc$|^cvv2?$|ccnumber/i

/** A copy of an audit detail with every secret-looking field replaced (before/after of admin writes). */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v)]))
  }
  return value
}

/**
 * Audit entries (SECURITY.md): who, when (UTC, by the database), what, and the request id. The
 * entry belongs to the caller's company, else to the company of the user it is about. What a client
 * typed (a card number as a username, a CVC in a detail) is redacted before it is stored, and so is
 * every secret-looking field of a before/after. `db`: the transaction of the write it records, when
 * the write grants power (issue 28: the write and its entry are one transaction, both or neither).
 */
export async function audit(c: Context<AppEnv>, action: string, target: string | null, actor: string | null, detail?: Record<string, unknown>, db: Db = c.get('deps').db) {
  const sessionCompany = (c.var as { session?: { companyId: string } }).session?.companyId ?? null
  const uuid = target && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(target) ? target : null
  await db.insert(auditLog).values({
    action,
    target: target === null ? null : redact(target),
    actor: actor === null ? null : redact(actor),
    requestId: c.get('requestId'),
    detail: redact({ ip: c.get('clientIp'), ...(redactSecrets(detail ?? {}) as Record<string, unknown>) }),
    at: c.get('deps').clock.now(),
    companyId: sessionCompany ?? (uuid ? sql`(select company_id from app_user where id = ${uuid}::uuid)` : null),
  })
}

/**
 * An audit entry by the signed-in caller (administration writes): the actor is their username.
 * `db`: the write's transaction, as for `audit`.
 */
export async function auditBySession(c: Context<AppEnv>, action: string, target: string | null, detail?: Record<string, unknown>, db: Db = c.get('deps').db) {
  const session = (c.var as { session?: { userId: string } }).session
  const rows = session
    ? await db.execute(sql`select username from app_user where id = ${session.userId}::uuid`)
    : null
  const username = (rows as unknown as { rows?: Array<{ username: string }> } | null)?.rows?.[0]?.username ?? null
  await audit(c, action, target, username, detail, db)
}
