import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'
import { isoDateTime, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'
import { AUDIT_SORTS, auditActions, auditCsvExport, listAudit, type AuditListParams } from '../services/audit-list.ts'
import { auditBySession } from '../services/audit.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuid = z.string().check(z.regex(UUID))

const name = z.string().check(z.minLength(1), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))

/** The list's query: page, size, sort, q and the filters (services/audit-list.ts says what each means). */
function readAuditList(c: Context<AppEnv>): AuditListParams {
  return readList(c, AUDIT_SORTS, { actor: name, action: name, target: name, user: uuid, from: isoDateTime, to: isoDateTime })
}

/** The audit log (issue 11 section 5): who did what, when, from where, for roles holding audit:read. */
export function auditRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('audit:read'), async (c) => {
    const { db, config } = c.get('deps')
    return c.json(await listAudit(db, c.get('session').companyId, readAuditList(c), { countCap: config.auditCountCap, locale: c.get('locale') }))
  })

  /** The actions the log knows, with their names in the reader's language (the action filter's options). */
  r.get('/actions', permit('audit:read'), (c) => c.json({ items: auditActions(c.get('locale')) }))

  /**
   * The filtered entries as CSV (the list's filters and sort, newest first), streamed a page at a
   * time (services/audit-list.ts). The export is itself audited (`audit.exported`, with its rows)
   * before its first byte is sent.
   */
  r.get('/csv', permit('audit:read'), async (c) => {
    const params = readAuditList(c)
    const { rows, stream } = await auditCsvExport(c.get('deps').db, c.get('session').companyId, params, c.get('locale'))
    await auditBySession(c, 'audit.exported', null, { rows, filters: params.filters, q: params.q })
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="audit-log.csv"',
        'x-content-type-options': 'nosniff',
      },
    })
  })

  return r
}
