/**
 * Tariff versions (issue 24 "Tariffs and funds are data", docs/decisions/tariffs.md): the version in
 * force on a day, the list and detail staff read, and the load of a new version from a CSV file.
 */
import type { Context } from 'hono'
import { createHash } from 'node:crypto'
import { asc, desc, eq, lt, lte, max, sql } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, tariffVersion } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { calendarDateOf, formatIsoDate, toCalendarDate } from '../../domain/dates.ts'
import { DEFAULT_TIMEZONE } from '../../domain/constants.ts'
import { parseTariffCsv, tariffCsvRows } from '../../domain/tariff-csv.ts'
import { SEED_TARIFF, type TariffFigures } from '../../domain/tariff-version.ts'
import { isUniqueViolation } from '../errors.ts'
import { audit } from './audit.ts'

export type TariffRow = typeof tariffVersion.$inferSelect
export type TariffInForce = { id: number; version: number; effectiveFrom: string; figures: TariffFigures }

/** The day (Europe/Istanbul, 'YYYY-MM-DD') an instant falls on: a version takes effect at the start of its day there. */
export function tariffDay(now: Date): string {
  return formatIsoDate(calendarDateOf(now, DEFAULT_TIMEZONE)!)
}

/**
 * The version in force at `now`: the one with the latest effective day not after now's day. Every
 * database has version 1 (seeded by the migration, in force since 2000-01-01), so there always is one.
 */
export async function tariffInForce(db: Db, now: Date): Promise<TariffInForce> {
  const [row] = await db.select({ id: tariffVersion.id, version: tariffVersion.version, effectiveFrom: tariffVersion.effectiveFrom, figures: tariffVersion.figures })
    .from(tariffVersion).where(lte(tariffVersion.effectiveFrom, tariffDay(now))).orderBy(desc(tariffVersion.effectiveFrom)).limit(1)
  if (!row) throw new AppError(503, 'SERVICE_UNAVAILABLE')
  return { ...row, figures: row.figures as unknown as TariffFigures }
}

/**
 * The figures a purchase was priced with: its recorded version's (issue 24), or version 1's for a
 * purchase recorded before versions existed. Its policy document shows these, never today's.
 */
export async function tariffOfPurchase(db: Db, tariffVersionId: number | null): Promise<TariffFigures> {
  if (tariffVersionId === null) return SEED_TARIFF
  const [row] = await db.select({ figures: tariffVersion.figures }).from(tariffVersion).where(eq(tariffVersion.id, tariffVersionId)).limit(1)
  return row ? (row.figures as unknown as TariffFigures) : SEED_TARIFF
}

/** Each version's state on `now`'s day: the one in force, those still to come, those replaced. */
export function tariffStates(rows: ReadonlyArray<Pick<TariffRow, 'id' | 'effectiveFrom'>>, now: Date): Map<number, 'inForce' | 'scheduled' | 'superseded'> {
  const day = tariffDay(now)
  const current = [...rows].filter((r) => r.effectiveFrom <= day).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0]
  return new Map(rows.map((r) => [r.id, r.effectiveFrom > day ? 'scheduled' : r.id === current?.id ? 'inForce' : 'superseded']))
}

/** What changed from one version's figures to the next: each row (section and key) added, removed or changed. */
export type TariffChange = { section: string; key: string; before: string | null; after: string | null }
export function tariffChanges(before: TariffFigures | null, after: TariffFigures): TariffChange[] {
  const keyed = (f: TariffFigures) => new Map(tariffCsvRows(f).map(([section, key, value, name]) => [`${section}\u0000${key}`, name ? `${value} ${name}` : value!]))
  const a = before ? keyed(before) : new Map<string, string>()
  const b = keyed(after)
  const out: TariffChange[] = []
  for (const [k, v] of b) if (a.get(k) !== v) out.push({ section: k.split('\u0000')[0]!, key: k.split('\u0000')[1]!, before: a.get(k) ?? null, after: v })
  for (const [k, v] of a) if (!b.has(k)) out.push({ section: k.split('\u0000')[0]!, key: k.split('\u0000')[1]!, before: v, after: null })
  return out
}

export type TariffUpload = { effectiveFrom: string; csv: string; fileName?: string | undefined; note?: string | undefined }

/**
 * Loads a new version (POST /tariff): every row checked first (a problem anywhere loads nothing:
 * `400 TARIFF_INVALID` naming each row and column), the day not before today in Türkiye, one
 * transaction that locks the versions while it numbers the new one (parallel loads queue; a second
 * version for the same day is `409 TARIFF_DAY_TAKEN`), with its audit entry in the same transaction.
 */
export async function loadTariffVersion(c: Context<AppEnv>, input: TariffUpload): Promise<TariffRow> {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  if (!toCalendarDate(input.effectiveFrom)) throw new AppError(400, 'VALIDATION', [{ path: 'effectiveFrom', code: 'invalid_date' }])
  if (input.effectiveFrom < tariffDay(now)) throw new AppError(400, 'TARIFF_INVALID', [{ path: 'effectiveFrom', code: 'past' }])
  const parsed = parseTariffCsv(input.csv)
  if (!parsed.ok) {
    throw new AppError(400, 'TARIFF_INVALID', parsed.issues.map((i) => ({
      path: i.row === 0 ? `file${i.key ? `.${i.key}` : ''}` : `rows.${i.row}${i.column ? `.${i.column}` : ''}`, code: i.code,
    })))
  }
  const session = c.get('session')
  const [user] = await db.select({ username: appUser.username }).from(appUser).where(eq(appUser.id, session.userId))
  const username = user?.username ?? 'unknown'
  const sha = createHash('sha256').update(input.csv).digest('hex')
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db
      // parallel loads take turns here: each numbers its version after the one before committed
      await tx.execute(sql`LOCK TABLE ${tariffVersion} IN SHARE ROW EXCLUSIVE MODE`)
      const [taken] = await tx.select({ id: tariffVersion.id }).from(tariffVersion).where(eq(tariffVersion.effectiveFrom, input.effectiveFrom))
      if (taken) throw new AppError(409, 'TARIFF_DAY_TAKEN', [{ path: 'effectiveFrom', code: 'taken' }])
      const [last] = await tx.select({ n: max(tariffVersion.version) }).from(tariffVersion)
      const [row] = await tx.insert(tariffVersion).values({
        version: (last?.n ?? 0) + 1,
        effectiveFrom: input.effectiveFrom,
        figures: parsed.figures as unknown as Record<string, unknown>,
        createdBy: username,
        createdAt: now,
        sourceName: input.fileName ?? null,
        note: input.note ?? null,
        sourceSha256: sha,
      }).returning()
      await audit(c, 'tariff.loaded', String(row!.id), username, {
        version: row!.version, effectiveFrom: row!.effectiveFrom, fileName: input.fileName ?? null, rows: parsed.rows, sha256: sha, note: input.note ?? null,
      }, tx)
      return row!
    })
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, 'TARIFF_DAY_TAKEN', [{ path: 'effectiveFrom', code: 'taken' }])
    throw e
  }
}

/** Every version, newest first (the staff list). */
export async function tariffVersions(db: Db): Promise<TariffRow[]> {
  return db.select().from(tariffVersion).orderBy(desc(tariffVersion.version))
}

/** One version by its id (a path segment), else 404 TARIFF_NOT_FOUND. */
export async function tariffVersionById(db: Db, id: string): Promise<TariffRow> {
  if (!/^\d{1,9}$/.test(id)) throw new AppError(404, 'TARIFF_NOT_FOUND')
  const [row] = await db.select().from(tariffVersion).where(eq(tariffVersion.id, Number(id)))
  if (!row) throw new AppError(404, 'TARIFF_NOT_FOUND')
  return row
}

/** A version's detail: the version before it (if any) and its state among all versions now. */
export async function tariffVersionContext(db: Db, row: TariffRow, now: Date) {
  const [previous] = await db.select().from(tariffVersion).where(lt(tariffVersion.version, row.version)).orderBy(desc(tariffVersion.version)).limit(1)
  const all = await db.select({ id: tariffVersion.id, effectiveFrom: tariffVersion.effectiveFrom }).from(tariffVersion).orderBy(asc(tariffVersion.id))
  return { previous: previous ?? null, state: tariffStates(all, now).get(row.id)! }
}

