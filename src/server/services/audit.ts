import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'
import { auditLog } from '../db/schema.ts'

/** Audit entries (SECURITY.md): who, when (UTC, by the database), what, and the request id. */
export async function audit(c: Context<AppEnv>, action: string, target: string | null, actor: string | null, detail?: Record<string, unknown>) {
  await c.get('deps').db.insert(auditLog).values({
    action,
    target,
    actor,
    requestId: c.get('requestId'),
    detail: { ip: c.get('clientIp'), ...detail },
    at: c.get('deps').clock.now(),
  })
}
