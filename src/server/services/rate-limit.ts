import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateCounter } from '../db/schema.ts'

/**
 * A fixed-window counter in the database (so every server process shares it). Returns whether
 * this hit is within `max` for the window; the hit is counted either way.
 */
export async function hit(db: Db, key: string, max: number, windowMs: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - windowMs)
  const rows = await db.insert(rateCounter).values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateCounter.key,
      set: {
        count: sql`case when ${rateCounter.windowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateCounter.count} + 1 end`,
        windowStart: sql`case when ${rateCounter.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateCounter.windowStart} end`,
      },
    })
    .returning({ count: rateCounter.count })
  return (rows[0]?.count ?? 1) <= max
}

/** The current count in the window, without counting. */
export async function peek(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const rows = await db.select().from(rateCounter).where(sql`${rateCounter.key} = ${key}`).limit(1)
  const row = rows[0]
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0
  return row.count
}
