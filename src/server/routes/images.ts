import { Hono } from 'hono'
import { eq } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { companyLogo } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { idParam } from '../http.ts'
import { permit } from '../services/permissions.ts'

/**
 * Images (spec 7.3: "GET of images under an images path, returned as a blob, with the same
 * headers"): the company logo, served from the re-encoded copy, never the uploaded bytes.
 */
export function imageRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/company/:id/logo', permit('company:read'), async (c) => {
    const id = idParam(c)
    if (id !== c.get('session').companyId) throw new AppError(404, 'NOT_FOUND')
    const [logo] = await c.get('deps').db.select().from(companyLogo).where(eq(companyLogo.companyId, id))
    if (!logo) throw new AppError(404, 'NOT_FOUND')
    return new Response(new Uint8Array(logo.data), {
      headers: {
        'content-type': logo.contentType,
        'cache-control': 'private, max-age=300',
        'content-disposition': 'inline; filename="logo.png"',
        'x-content-type-options': 'nosniff',
      },
    })
  })
  return r
}
