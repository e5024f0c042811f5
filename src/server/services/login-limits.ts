/**
 * Sign-in limits per client address (issue 28 item 7; SECURITY.md "Failed logins").
 *
 * Password spraying tries a few common passwords on many usernames, from one address: what an
 * address is counted by is the number of **distinct usernames** it failed to sign in as within the
 * window (the company's Security page: `addressFailureLimit`, `addressWindowMinutes`). One person
 * mistyping their own password again and again is the account lockout's business, not the
 * address's, so an office behind one address is not blocked by a colleague's typos. A second,
 * looser cap counts every failure from the address (three times the limit): it bounds how many
 * accounts one address can lock in a window (floor(3 x limit / maximum failures), 6 by default).
 *
 * Over either limit, attempts from the address get 429 before they touch an account, except from a
 * client the account already trusts (the OWASP "device cookie" approach):
 * - a browser holding the account's device cookie (set at a successful sign-in, signed, 180 days);
 * - an address the account signed in from successfully within TRUST_DAYS;
 * - a correct, unused temporary password (it proves the mailbox; nobody sprays random 20-character
 *   passwords).
 * So a sprayer's guesses stay bounded, and the people who work behind that address keep signing in
 * with their right passwords. Trusted attempts still count against their account (its lockout).
 *
 * Counting is atomic: a slot is reserved under a transaction-scoped advisory lock per address
 * before the password is checked, and settled afterwards (kept as a failure, or given back).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
import type { AppEnv } from '../types.ts'
import { deriveKey } from '../config.ts'
import type { Db } from '../db/client.ts'
import { loginAddressFailure, loginTrust } from '../db/schema.ts'

export const TRUST_DAYS = 30
export const DEVICE_COOKIE_DAYS = 180
const DAY_MS = 86_400_000

export type AddressLimits = { limit: number; windowMs: number }

/** The HMAC of a lower-cased username: what people type as a username is sometimes their password. */
export function usernameKey(secretsKey: string, username: string): string {
  return createHmac('sha256', deriveKey(secretsKey, 'login-username')).update(username.trim().toLowerCase()).digest('base64url')
}

export type Reservation = { ip: string; key: string }

/**
 * Reserves one attempt of `ip` as `key`: refused (null) when the address already failed as `limit`
 * other usernames in the window, or failed `3 x limit` times in all.
 */
export async function reserveAttempt(db: Db, ip: string, key: string, limits: AddressLimits, now: Date): Promise<Reservation | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:address:${ip}`}))`)
    await t.delete(loginAddressFailure).where(and(eq(loginAddressFailure.ip, ip), lt(loginAddressFailure.lastAt, new Date(now.getTime() - limits.windowMs))))
    const [totals] = await t.select({
      usernames: count(),
      failures: sql<number>`coalesce(sum(${loginAddressFailure.failures} + ${loginAddressFailure.pending}), 0)::int`,
      mine: sql<number>`count(*) filter (where ${loginAddressFailure.usernameKey} = ${key})::int`,
    }).from(loginAddressFailure).where(eq(loginAddressFailure.ip, ip))
    const usernames = totals?.usernames ?? 0
    const failures = Number(totals?.failures ?? 0)
    if ((!totals?.mine && usernames >= limits.limit) || failures >= limits.limit * 3) return null
    await t.insert(loginAddressFailure).values({ ip, usernameKey: key, failures: 0, pending: 1, lastAt: now })
      .onConflictDoUpdate({ target: [loginAddressFailure.ip, loginAddressFailure.usernameKey], set: { pending: sql`${loginAddressFailure.pending} + 1`, lastAt: now } })
    return { ip, key }
  })
}

/** Settles a reservation: a failure stays counted; a success gives the slot back. */
export async function settleAttempt(db: Db, r: Reservation, failed: boolean, now: Date): Promise<void> {
  const row = and(eq(loginAddressFailure.ip, r.ip), eq(loginAddressFailure.usernameKey, r.key))
  if (failed) {
    await db.update(loginAddressFailure).set({ failures: sql`${loginAddressFailure.failures} + 1`, pending: sql`greatest(${loginAddressFailure.pending} - 1, 0)`, lastAt: now }).where(row)
    return
  }
  await db.update(loginAddressFailure).set({ pending: sql`greatest(${loginAddressFailure.pending} - 1, 0)` }).where(row)
  await db.delete(loginAddressFailure).where(and(row, eq(loginAddressFailure.failures, 0), eq(loginAddressFailure.pending, 0)))
}

// ---- trusted clients ----

function deviceCookieName(c: Context<AppEnv>): string {
  return c.get('deps').config.cookieSecure ? '__Host-ke_device' : 'ke_device'
}

function deviceMac(c: Context<AppEnv>, payload: string): string {
  return createHmac('sha256', deriveKey(c.get('deps').config.secretsKey, 'device-cookie')).update(payload).digest('base64url')
}

/** Whether the request carries a valid device cookie of `userId`. */
export function hasDeviceCookie(c: Context<AppEnv>, userId: string, now: Date): boolean {
  const value = getCookie(c, deviceCookieName(c))
  const m = value ? /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null
  if (!m || m[1] !== userId || Number(m[2]) * 1000 <= now.getTime()) return false
  const expected = Buffer.from(deviceMac(c, `${m[1]}.${m[2]}`))
  const given = Buffer.from(m[3]!)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Gives the browser the account's device cookie (after a successful sign-in). */
export function setDeviceCookie(c: Context<AppEnv>, userId: string, now: Date) {
  const exp = Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_DAYS * 86_400
  const payload = `${userId}.${exp}`
  setCookie(c, deviceCookieName(c), `${payload}.${deviceMac(c, payload)}`, {
    httpOnly: true, secure: c.get('deps').config.cookieSecure, sameSite: 'Strict', path: '/', maxAge: DEVICE_COOKIE_DAYS * 86_400,
  })
}

/** Whether the account signed in successfully from `ip` within TRUST_DAYS. */
export async function isTrustedAddress(db: Db, userId: string, ip: string, now: Date): Promise<boolean> {
  const rows = await db.select({ at: loginTrust.lastSuccessAt }).from(loginTrust)
    .where(and(eq(loginTrust.userId, userId), eq(loginTrust.ip, ip), gt(loginTrust.lastSuccessAt, new Date(now.getTime() - TRUST_DAYS * DAY_MS)))).limit(1)
  return rows.length > 0
}

export async function rememberAddress(db: Db, userId: string, ip: string, now: Date) {
  await db.insert(loginTrust).values({ userId, ip, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [loginTrust.userId, loginTrust.ip], set: { lastSuccessAt: now } })
}
