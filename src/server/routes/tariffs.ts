import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { readJson } from '../http.ts'
import { TARIFF_CSV_COLUMNS, tariffCsvRows } from '../../domain/tariff-csv.ts'
import type { TariffFigures, TariffVersionSummary } from '../../domain/tariff-version.ts'
import { toCsv } from '../services/csv.ts'
import { permit } from '../services/permissions.ts'
import { publicRoute } from '../services/route-access.ts'
import {
  loadTariffVersion, tariffChanges, tariffInForce, tariffStates, tariffVersionById, tariffVersionContext, tariffVersions, type TariffRow,
} from '../services/tariffs.ts'

/** The body of a load: the day it takes effect, the CSV's text, its file name and a note (all strict). */
const UploadBody = z.strictObject({
  effectiveFrom: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)),
  csv: z.string().check(z.minLength(1), z.maxLength(60_000)),
  fileName: z.optional(z.string().check(z.maxLength(200))),
  note: z.optional(z.string().check(z.maxLength(500))),
})

function summary(row: TariffRow): TariffVersionSummary {
  return {
    id: row.id, version: row.version, effectiveFrom: row.effectiveFrom, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy,
    sourceName: row.sourceName, note: row.note,
  }
}

/**
 * Tariff versions (issue 24, docs/decisions/tariffs.md):
 * - `GET /tariff/current` (public): the version in force today, for the browser's quick quotes;
 * - `GET /tariff` (`tariff:read`): every version, newest first, with who loaded it, when, and its state;
 * - `GET /tariff/{id}` (`tariff:read`): one version's figures as rows and what changed from the one before;
 * - `GET /tariff/{id}/csv` (`tariff:read`): its CSV (the file to edit and load as a new version);
 * - `POST /tariff` (`tariff:update`): loads a new version from a CSV (services/tariffs.ts).
 */
export function tariffRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/current', publicRoute(), async (c) => {
    const { db, clock } = c.get('deps')
    const current = await tariffInForce(db, clock.now())
    c.header('cache-control', 'no-cache')
    return c.json({ id: current.id, version: current.version, effectiveFrom: current.effectiveFrom, figures: current.figures })
  })

  r.get('/', permit('tariff:read'), async (c) => {
    const { db, clock } = c.get('deps')
    const rows = await tariffVersions(db)
    const states = tariffStates(rows, clock.now())
    return c.json({ items: rows.map((row) => ({ ...summary(row), state: states.get(row.id)! })) })
  })

  r.get('/:id', permit('tariff:read'), async (c) => {
    const { db, clock } = c.get('deps')
    const row = await tariffVersionById(db, c.req.param('id'))
    const { previous, state } = await tariffVersionContext(db, row, clock.now())
    const figures = row.figures as unknown as TariffFigures
    return c.json({
      ...summary(row),
      state,
      previousVersion: previous?.version ?? null,
      rows: tariffCsvRows(figures).map(([section, key, value, name]) => ({ section, key, value, name })),
      changes: tariffChanges(previous ? (previous.figures as unknown as TariffFigures) : null, figures),
    })
  })

  r.get('/:id/csv', permit('tariff:read'), async (c) => {
    const row = await tariffVersionById(c.get('deps').db, c.req.param('id'))
    const csv = toCsv(TARIFF_CSV_COLUMNS, tariffCsvRows(row.figures as unknown as TariffFigures))
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="tarife-v${row.version}.csv"`,
        'x-content-type-options': 'nosniff',
      },
    })
  })

  r.post('/', permit('tariff:update'), async (c) => {
    const body = await readJson(c, UploadBody)
    const row = await loadTariffVersion(c, body)
    const states = tariffStates([{ id: row.id, effectiveFrom: row.effectiveFrom }], c.get('deps').clock.now())
    return c.json({ ...summary(row), state: states.get(row.id)! }, 201)
  })

  return r
}
