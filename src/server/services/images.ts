import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appUser, companyLogo, userPhoto } from '../db/schema.ts'
import { AppError } from '../errors.ts'

/** The largest image upload accepted (company logo, user photo), in bytes. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024

function kindOf(b: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png'
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length > 12 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') return 'webp'
  return null
}

/**
 * An uploaded image (PNG, JPEG or WebP, recognised by content, not by name or declared type),
 * decoded and re-encoded as PNG, so that no uploaded byte is ever served as it came (trailing
 * data, scripts and metadata are dropped). `fit: 'inside'` keeps the shape within size x size
 * (the company logo); `fit: 'cover'` makes it exactly square (a user's photo). `field` names the
 * form field of the "required" issue.
 */
export async function reencodeImage(input: Uint8Array, opts: { field: string; size: number; fit: 'inside' | 'cover' }): Promise<{ data: Uint8Array; width: number; height: number }> {
  if (input.length === 0) throw new AppError(400, 'VALIDATION', [{ path: opts.field, code: 'required' }])
  const kind = kindOf(input)
  if (!kind) throw new AppError(415, 'UNSUPPORTED_IMAGE')
  const { default: sharp } = await import('sharp')
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata()
    if (meta.format !== kind) throw new AppError(415, 'UNSUPPORTED_IMAGE')
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate().resize(opts.size, opts.size, { fit: opts.fit, withoutEnlargement: opts.fit === 'inside' }).png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
    return { data: new Uint8Array(data), width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(415, 'UNSUPPORTED_IMAGE')
  }
}

/** The company's stored (re-encoded) logo, or null. */
export async function companyLogoOf(db: Db, companyId: string): Promise<{ data: Uint8Array; contentType: string } | null> {
  const [logo] = await db.select({ data: companyLogo.data, contentType: companyLogo.contentType }).from(companyLogo).where(eq(companyLogo.companyId, companyId))
  return logo ?? null
}

/** A user's stored (re-encoded) photo, only for a user of `companyId`; else null. */
export async function userPhotoOf(db: Db, userId: string, companyId: string): Promise<{ data: Uint8Array; contentType: string } | null> {
  const [photo] = await db.select({ data: userPhoto.data, contentType: userPhoto.contentType }).from(userPhoto)
    .innerJoin(appUser, eq(appUser.id, userPhoto.userId)).where(and(eq(userPhoto.userId, userId), eq(appUser.companyId, companyId)))
  return photo ?? null
}
