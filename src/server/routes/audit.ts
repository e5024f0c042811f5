import { Hono } from 'hono'
import * as z from 'zod/mini'
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { auditLog } from '../db/schema.ts'
import { cappedCount, isoDateTime, listAnswer, prefixPattern, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'

const name = z.string().check(z.minLength(1), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))

/**
 * A fixed order (issue 25 item 7): the chosen column, then the time and the write order (`seq`),
 * so entries of one transaction (the same `at`) never swap places between two reads or pages.
 * The time's direction decides the tie-breakers' (newest first by default).
 */
export function auditOrder(sort: { field: string; dir: 'asc' | 'desc' } | null): SQL[] {
  const dir = (sort?.field === 'at' ? sort.dir : 'desc') === 'asc' ? asc : desc
  const byTime = [dir(auditLog.at), dir(auditLog.seq)]
  if (!sort || sort.field === 'at') return byTime
  const column = sort.field === 'action' ? auditLog.action : auditLog.actor
  return [sort.dir === 'desc' ? desc(column) : asc(column), ...byTime]
}

/** The audit log (issue 11 section 5): who did what, when, from where, for roles holding audit:read. */
export function auditRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('audit:read'), async (c) => {
    const params = readList(c, ['at', 'action', 'actor'], { actor: name, action: name, target: name, from: isoDateTime, to: isoDateTime })
    const { db } = c.get('deps')
    const f = params.filters
    const where: SQL[] = [eq(auditLog.companyId, c.get('session').companyId)]
    if (f.actor) where.push(sql`lower(${auditLog.actor}) = lower(${f.actor})`)
    if (f.action) where.push(f.action.endsWith('.') ? sql`${auditLog.action} like ${prefixPattern(f.action)}` : eq(auditLog.action, f.action))
    if (f.target) where.push(eq(auditLog.target, f.target))
    if (f.from) where.push(gte(auditLog.at, new Date(f.from)))
    if (f.to) where.push(lt(auditLog.at, new Date(f.to)))
    if (params.q) {
      const p = prefixPattern(params.q)
      where.push(or(sql`lower(${auditLog.actor}) like ${p}`, sql`${auditLog.action} like ${p}`, eq(auditLog.target, params.q))!)
    }
    const condition = and(...where)
    // counted as far as the cap (or the page asked for) and no further: "10.000+" past it
    const counting = cappedCount(c.get('deps').config.auditCountCap, params)
    const [rows, [counted]] = await Promise.all([
      db.select().from(auditLog).where(condition)
        .orderBy(...auditOrder(params.sort))
        .limit(params.size).offset(params.offset),
      db.select({ n: sql<number>`count(*)::int` })
        .from(db.select({ one: sql`1` }).from(auditLog).where(condition).limit(counting.limit).as('matching')),
    ])
    const items = rows.map((row) => {
      const { ip, ...detail } = (row.detail ?? {}) as Record<string, unknown>
      return {
        id: row.id, seq: row.seq, at: row.at.toISOString(), actor: row.actor, action: row.action, target: row.target,
        requestId: row.requestId, ip: typeof ip === 'string' ? ip : null, detail,
      }
    })
    const { total, totalCapped } = counting.answer(Number(counted?.n ?? 0))
    return c.json({ ...listAnswer(items, total, params), totalCapped })
  })

  return r
}
