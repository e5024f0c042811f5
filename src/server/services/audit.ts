import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'
import { auditLog } from '../db/schema.ts'
import { redact } from '../../lib/redact.ts'

/**
 * Audit entries (SECURITY.md): who, when (UTC, by the database), what, and the request id. What a
 * client typed (a card number as a username, a CVC in a detail) is redacted before it is stored.
 */
export async function audit(c: Context<AppEnv>, action: string, target: string | null, actor: string | null, detail?: Record<string, unknown>) {
  await c.get('deps').db.insert(auditLog).values({
    action,
    target: target === null ? null : redact(target),
    actor: actor === null ? null : redact(actor),
    requestId: c.get('requestId'),
    detail: redact({ ip: c.get('clientIp'), ...detail }),
    at: c.get('deps').clock.now(),
  })
}
