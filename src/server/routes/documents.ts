import { Hono } from 'hono'
import { normalizeDocumentCode } from '../../domain/document-code.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { hit } from '../services/rate-limit.ts'
import { publicRoute } from '../services/route-access.ts'
import { documentCheck, issuedByCode } from '../services/policy-document.ts'
import { tariffOfPurchase } from '../services/tariffs.ts'

/**
 * The public check of a policy or contract document (issue 24 item 5, docs/decisions/documents.md):
 * `GET /digitalchannels/documents/verify/:code` answers the key facts of the document issued with
 * that verification code, the person masked (the `/dogrula/<code>` page shows them to a consulate,
 * a hospital or the holder). A code that cannot be one is 400 `DOCUMENT_CODE_INVALID`, an unknown
 * one 404 `DOCUMENT_NOT_FOUND`. Every lookup counts against the client address (DOCUMENT_CHECKS_MAX
 * in DOCUMENT_CHECKS_WINDOW_MS, shared by every server process): with 59 random bits per code, a
 * client can try about 10^-14 of the codes a day.
 */
export const DOCUMENT_CHECKS_MAX = 30
export const DOCUMENT_CHECKS_WINDOW_MS = 10 * 60_000

export function documentRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())

  r.get('/verify/:code', async (c) => {
    const { db, clock } = c.get('deps')
    const now = clock.now()
    c.header('Cache-Control', 'no-store')
    if (!(await hit(db, `document-check:ip:${c.get('clientIp')}`, DOCUMENT_CHECKS_MAX, DOCUMENT_CHECKS_WINDOW_MS, now))) throw new AppError(429, 'RATE_LIMITED')
    const code = normalizeDocumentCode(c.req.param('code'))
    if (!code) throw new AppError(400, 'DOCUMENT_CODE_INVALID')
    const row = await issuedByCode(db, code)
    if (!row) throw new AppError(404, 'DOCUMENT_NOT_FOUND')
    return c.json(documentCheck(row, now, await tariffOfPurchase(db, row.tariffVersionId)))
  })
  return r
}
