import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as z from 'zod/mini'
import { APPLICATION_PRODUCTS, type ApplicationProduct } from '../../domain/schemas/application.ts'
import type { SmsPurpose } from '../../domain/sms.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { readLiveTicket } from './sms/codes.ts'

/**
 * The proof of a verified phone kept by the browser between page loads (issue 24 item 1,
 * docs/decisions/purchase-history.md): after a successful `notification/verifysms` for a purchase
 * flow the server sets `ke_verified_<product>`, whose value is the verification's signed ticket
 * (HMAC over phone, product and expiry: `issueTicket`), `HttpOnly; SameSite=Strict` (and `Secure`
 * with COOKIE_SECURE), `Path={API_BASE}/digitalchannels`, `Max-Age` = what is left of the
 * verification (30 minutes). Nothing of it is written to localStorage or sessionStorage: a reload,
 * or Forward after leaving, asks `POST digitalchannels/verification { product }`, which reads the
 * cookie and answers the verified phone, or refuses a forged, expired, ended or other product's
 * proof with 401 `SMS_PROOF_INVALID` (translated) and deletes the cookie.
 */
export const PROOF_COOKIE_PREFIX = 'ke_verified_'

export function proofCookieName(product: ApplicationProduct): string {
  return `${PROOF_COOKIE_PREFIX}${product}`
}

function proofPath(c: Context<AppEnv>): string {
  return `${c.get('deps').config.apiBase}/digitalchannels`
}

export function isPurchaseProduct(purpose: SmsPurpose | string): purpose is ApplicationProduct {
  return (APPLICATION_PRODUCTS as readonly string[]).includes(purpose)
}

/** Sets the proof cookie of a verification just made for a purchase flow (other purposes keep none). */
export function setProofCookie(c: Context<AppEnv>, purpose: SmsPurpose, ticket: string, validUntil: Date, now: Date): void {
  if (!isPurchaseProduct(purpose)) return
  setCookie(c, proofCookieName(purpose), ticket, {
    path: proofPath(c), httpOnly: true, sameSite: 'Strict', secure: c.get('deps').config.cookieSecure,
    maxAge: Math.max(1, Math.floor((validUntil.getTime() - now.getTime()) / 1000)),
  })
}

export const restoreProofSchema = /* @__PURE__ */ z.strictObject({ product: z.enum(APPLICATION_PRODUCTS) })

export type RestoredVerification = { verified: true; gsmNumber: string; ticket: string; validUntil: string }

/**
 * The verification a page reloaded within its validity comes back with: the proof cookie of this
 * product, signed by this server, unexpired, not ended since (sms_ticket_end), for this product.
 * No proof at all (this browser never verified a phone for this product, or its proof ran out and the
 * browser dropped it: a `?step=` address opened on another device) is 401 `SMS_PROOF_MISSING`, which
 * the page answers with the phone step as a first visit has it, without a message (issue 23). Anything
 * else is 401 SMS_PROOF_INVALID, and the cookie is deleted.
 */
export async function restoreVerification(c: Context<AppEnv>, db: Db, key: Buffer, product: ApplicationProduct, now: Date): Promise<RestoredVerification> {
  const name = proofCookieName(product)
  const value = getCookie(c, name)
  if (value === undefined) throw new AppError(401, 'SMS_PROOF_MISSING')
  const proof = value ? await readLiveTicket(db, key, value, now) : null
  if (!value || !proof || proof.purpose !== product) {
    if (value !== undefined) deleteCookie(c, name, { path: proofPath(c), httpOnly: true, sameSite: 'Strict', secure: c.get('deps').config.cookieSecure })
    throw new AppError(401, 'SMS_PROOF_INVALID')
  }
  return { verified: true, gsmNumber: proof.phone, ticket: value, validUntil: proof.validUntil.toISOString() }
}
