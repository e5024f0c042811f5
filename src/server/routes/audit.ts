import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { Context } from 'hono'
import type { AppEnv } from '../types.ts'
import { isoDateTime, readList } from '../services/list.ts'
import { permit } from '../services/permissions.ts'
import { AUDIT_SORTS, auditActions, auditCsvExport, listAudit, type AuditListParams } from '../services/audit-list.ts'
import { auditBySession } from '../services/audit.ts'
import { PEOPLE_LIMIT_DEFAULT, PEOPLE_LIMIT_MAX, personById, searchPeople } from '../services/audit-people.ts'
import { idParam, readQuery } from '../http.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuid = z.string().check(z.regex(UUID))

const name = z.string().check(z.minLength(1), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control'))

/** The list's query: page, size, sort, q and the filters (services/audit-list.ts says what each means). */
function readAuditList(c: Context<AppEnv>): AuditListParams {
  return readList(c, AUDIT_SORTS, { actor: name, action: name, target: name, user: uuid, as: z.enum(['actor', 'target']), from: isoDateTime, to: isoDateTime })
}

/** The person picker's query: the text typed (1-100 characters, no control characters) and how many to answer (1-20). */
const PeopleQuery = z.strictObject({
  q: z.string().check(z.refine((v) => v.trim().length >= 1, 'too_small'), z.maxLength(100), z.refine((v) => !/[\u0000-\u001f]/.test(v), 'control')),
  limit: z.optional(z.string().check(z.regex(/^[1-9][0-9]?$/), z.refine((v) => Number(v) <= PEOPLE_LIMIT_MAX, 'too_big'))),
})

/** The audit log (issue 11 section 5): who did what, when, from where, for roles holding audit:read. */
export function auditRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('audit:read'), async (c) => {
    const { db, config } = c.get('deps')
    return c.json(await listAudit(db, c.get('session').companyId, readAuditList(c), { countCap: config.auditCountCap, locale: c.get('locale') }))
  })

  /**
   * The person filter's search-as-you-type (issue 25 item 7): the company's people by name, surname,
   * username or e-mail, at most `limit` (10 by default, 20 at most), for a reader of the log
   * (`audit:read`; `user:read` is not needed: the names are in the log already).
   */
  r.get('/people', permit('audit:read'), async (c) => {
    const { q, limit } = readQuery(c, PeopleQuery)
    return c.json({ items: await searchPeople(c.get('deps').db, c.get('session').companyId, q, limit ? Number(limit) : PEOPLE_LIMIT_DEFAULT) })
  })

  /** The chosen person by id (a reload or a shared link names them in the field), or 404. */
  r.get('/people/:id', permit('audit:read'), async (c) => c.json(await personById(c.get('deps').db, c.get('session').companyId, idParam(c))))

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
