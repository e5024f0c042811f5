import { Hono } from 'hono'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { idParam } from '../http.ts'
import { companyLogoOf, userPhotoOf } from '../services/images.ts'
import { may, permit } from '../services/permissions.ts'

function imageResponse(image: { data: Uint8Array; contentType: string }, filename: string): Response {
  return new Response(new Uint8Array(image.data), {
    headers: {
      'content-type': image.contentType,
      'cache-control': 'private, max-age=300',
      'content-disposition': `inline; filename="${filename}"`,
      'x-content-type-options': 'nosniff',
    },
  })
}

/**
 * Images (spec 7.3: "GET of images under an images path, returned as a blob, with the same
 * headers"): the company logo and users' photos, served from the re-encoded copy, never the
 * uploaded bytes.
 */
export function imageRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/company/:id/logo', permit('company:read'), async (c) => {
    const id = idParam(c)
    if (id !== c.get('session').companyId) throw new AppError(404, 'NOT_FOUND')
    const logo = await companyLogoOf(c.get('deps').db, id)
    if (!logo) throw new AppError(404, 'NOT_FOUND')
    return imageResponse(logo, 'logo.png')
  })
  /** A user's photo: anyone of the company who reads users (user:read), and every user their own (profile:read). */
  r.get('/user/:id/photo', permit('user:read', 'profile:read'), async (c) => {
    const id = idParam(c)
    const session = c.get('session')
    if (id !== session.userId && !(await may(c, 'user:read'))) throw new AppError(403, 'FORBIDDEN')
    const photo = await userPhotoOf(c.get('deps').db, id, session.companyId)
    if (!photo) throw new AppError(404, 'NOT_FOUND')
    return imageResponse(photo, 'photo.png')
  })
  return r
}
