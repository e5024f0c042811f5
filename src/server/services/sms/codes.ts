import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import {
  SMS_CODE_LENGTH, SMS_CODE_VALIDITY_S, SMS_MAX_WRONG_ATTEMPTS, SMS_RESEND_COOLDOWN_S, SMS_SENDS_PER_NUMBER_10_MIN,
  SMS_VERIFIED_TICKET_S, SMS_WINDOW_10_MIN_S, type SmsPurpose,
} from '../../../domain/sms.ts'
import type { Db } from '../../db/client.ts'
import { smsCode, smsTicketEnd } from '../../db/schema.ts'

/**
 * One-time SMS codes (SECURITY.md "SMS codes"): 6 digits from crypto.randomInt, stored only as an
 * HMAC bound to the row, the phone and the purpose; valid 120 s, single use, 5 wrong tries end it.
 * Sends are limited per number (one per 60 s, 5 per 10 minutes, a daily cap) and per client IP (a
 * daily cap), counted from the sms_code rows themselves, under a transaction-scoped advisory lock
 * per number and per IP so that parallel requests cannot slip past a cap.
 */
export type SmsCaps = {
  dailyPerNumber: number
  dailyPerIp: number
  /** Seconds between two sends to one number (SMS_RESEND_COOLDOWN_S; 60 unless a test shortens it). */
  resendCooldownS?: number
}

const DAY_MS = 24 * 3_600_000
const TEN_MIN_MS = SMS_WINDOW_10_MIN_S * 1000

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0')
}

export function codeHmac(key: Buffer, id: string, phone: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`sms-code:v1:${id}:${phone}:${purpose}:${code}`).digest('base64url')
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export type SendDecision =
  | { ok: true; id: string; code: string; expiresAt: Date }
  | { ok: false; reason: 'SMS_RESEND_TOO_SOON'; retryAfterS: number }
  | { ok: false; reason: 'SMS_LOCKED'; lockedUntil: Date; retryAfterS: number }

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** The n-th newest send (1-based) in the window, if there are at least n. */
async function nthNewest(tx: Tx, where: ReturnType<typeof and>, n: number): Promise<Date | null> {
  if (n <= 0) return new Date(0)
  const rows = await tx.select({ at: smsCode.createdAt }).from(smsCode).where(where).orderBy(desc(smsCode.createdAt)).limit(n)
  return rows.length >= n ? rows[n - 1]!.at : null
}

/**
 * Decides whether a code may be sent to `phone` now; when it may, stores the new code's HMAC,
 * ends the number's earlier codes for the purpose, and returns the code to send.
 */
export async function issueCode(
  db: Db, key: Buffer, opts: { phone: string; purpose: SmsPurpose; ip: string; now: Date; caps: SmsCaps },
): Promise<SendDecision> {
  const { phone, purpose, ip, now, caps } = opts
  return db.transaction(async (tx) => {
    await lockKey(tx, `sms:phone:${phone}`)
    await lockKey(tx, `sms:ip:${ip}`)
    const t = now.getTime()
    const cooldownMs = (caps.resendCooldownS ?? SMS_RESEND_COOLDOWN_S) * 1000
    const last = await nthNewest(tx, eq(smsCode.phone, phone), 1)
    if (last && last.getTime() > t - cooldownMs) {
      return { ok: false, reason: 'SMS_RESEND_TOO_SOON', retryAfterS: Math.ceil((last.getTime() + cooldownMs - t) / 1000) }
    }
    const limits: Array<[ReturnType<typeof and>, number, number]> = [
      [and(eq(smsCode.phone, phone), gt(smsCode.createdAt, new Date(t - TEN_MIN_MS))), SMS_SENDS_PER_NUMBER_10_MIN, TEN_MIN_MS],
      [and(eq(smsCode.phone, phone), gt(smsCode.createdAt, new Date(t - DAY_MS))), caps.dailyPerNumber, DAY_MS],
      [and(eq(smsCode.ip, ip), gt(smsCode.createdAt, new Date(t - DAY_MS))), caps.dailyPerIp, DAY_MS],
    ]
    let lockedUntil = 0
    for (const [where, max, windowMs] of limits) {
      const oldest = await nthNewest(tx, where, max)
      if (oldest) lockedUntil = Math.max(lockedUntil, oldest.getTime() + windowMs)
    }
    if (lockedUntil > t) {
      return { ok: false, reason: 'SMS_LOCKED', lockedUntil: new Date(lockedUntil), retryAfterS: Math.ceil((lockedUntil - t) / 1000) }
    }
    // rows older than the longest window count for nothing
    await tx.delete(smsCode).where(lt(smsCode.createdAt, new Date(t - 2 * DAY_MS)))
    await tx.update(smsCode).set({ usedAt: now }).where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.usedAt)))
    const id = crypto.randomUUID()
    const code = newCode()
    const expiresAt = new Date(t + SMS_CODE_VALIDITY_S * 1000)
    await tx.insert(smsCode).values({ id, phone, purpose, codeHmac: codeHmac(key, id, phone, purpose, code), expiresAt, createdAt: now, ip })
    return { ok: true, id, code, expiresAt }
  })
}

/** The provider did not take the message: the code never reached anyone and counts for nothing. */
export async function withdrawCode(db: Db, id: string): Promise<void> {
  await db.delete(smsCode).where(eq(smsCode.id, id))
}

export type VerifyDecision =
  | { ok: true }
  | { ok: false; reason: 'SMS_CODE_WRONG'; attemptsLeft: number }
  | { ok: false; reason: 'SMS_CODE_EXPIRED' | 'SMS_ATTEMPTS_EXHAUSTED' }

/** Checks a typed code against the number's newest live code for the purpose. */
export async function checkCode(
  db: Db, key: Buffer, opts: { phone: string; purpose: SmsPurpose; code: string; now: Date },
): Promise<VerifyDecision> {
  const { phone, purpose, code, now } = opts
  return db.transaction(async (tx) => {
    await lockKey(tx, `sms:phone:${phone}`)
    const rows = await tx.select().from(smsCode)
      .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.usedAt)))
      .orderBy(desc(smsCode.createdAt)).limit(1)
    const row = rows[0]
    if (!row) return { ok: false, reason: 'SMS_CODE_EXPIRED' }
    if (row.expiresAt.getTime() <= now.getTime()) {
      await tx.update(smsCode).set({ usedAt: now }).where(eq(smsCode.id, row.id))
      return { ok: false, reason: 'SMS_CODE_EXPIRED' }
    }
    if (sameText(codeHmac(key, row.id, phone, purpose, code), row.codeHmac)) {
      await tx.update(smsCode).set({ usedAt: now }).where(eq(smsCode.id, row.id))
      return { ok: true }
    }
    const attempts = row.attempts + 1
    const ended = attempts >= SMS_MAX_WRONG_ATTEMPTS
    await tx.update(smsCode).set({ attempts, ...(ended ? { usedAt: now } : {}) }).where(eq(smsCode.id, row.id))
    return ended ? { ok: false, reason: 'SMS_ATTEMPTS_EXHAUSTED' } : { ok: false, reason: 'SMS_CODE_WRONG', attemptsLeft: SMS_MAX_WRONG_ATTEMPTS - attempts }
  })
}

/**
 * A verified phone: `<payload>.<hmac>`, the payload base64url JSON { p: phone, s: purpose, e: expiry
 * ms }. The sales calls accept it as proof that this phone was verified for this purpose.
 */
export function issueTicket(key: Buffer, phone: string, purpose: SmsPurpose, now: Date): { ticket: string; validUntil: Date } {
  const validUntil = new Date(now.getTime() + SMS_VERIFIED_TICKET_S * 1000)
  const payload = Buffer.from(JSON.stringify({ p: phone, s: purpose, e: validUntil.getTime() })).toString('base64url')
  const mac = createHmac('sha256', key).update(`sms-ticket:v1:${payload}`).digest('base64url')
  return { ticket: `${payload}.${mac}`, validUntil }
}

export function readTicket(key: Buffer, ticket: string, now: Date): { phone: string; purpose: string; validUntil: Date } | null {
  const [payload, mac, extra] = ticket.split('.')
  if (!payload || !mac || extra !== undefined) return null
  const expected = createHmac('sha256', key).update(`sms-ticket:v1:${payload}`).digest('base64url')
  if (!sameText(mac, expected)) return null
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; s?: unknown; e?: unknown }
    if (typeof data.p !== 'string' || typeof data.s !== 'string' || typeof data.e !== 'number' || data.e <= now.getTime()) return null
    return { phone: data.p, purpose: data.s, validUntil: new Date(data.e) }
  } catch {
    return null
  }
}

/**
 * A ticket that verifies and whose verification was not ended since it was issued (sms_ticket_end):
 * what every sales call that takes a ticket as proof reads.
 */
export async function readLiveTicket(db: Db, key: Buffer, ticket: string, now: Date): Promise<{ phone: string; purpose: string; validUntil: Date } | null> {
  const proof = readTicket(key, ticket, now)
  if (!proof) return null
  const [end] = await db.select({ endedAt: smsTicketEnd.endedAt }).from(smsTicketEnd)
    .where(and(eq(smsTicketEnd.phone, proof.phone), eq(smsTicketEnd.purpose, proof.purpose))).limit(1)
  const issuedAt = proof.validUntil.getTime() - SMS_VERIFIED_TICKET_S * 1000
  return end && issuedAt <= end.endedAt.getTime() ? null : proof
}

/** Ends every ticket of this phone and purpose issued until now (a new verification gives a valid one again). */
export async function endTickets(db: Db, phone: string, purpose: string, now: Date): Promise<void> {
  await db.insert(smsTicketEnd).values({ phone, purpose, endedAt: now })
    .onConflictDoUpdate({ target: [smsTicketEnd.phone, smsTicketEnd.purpose], set: { endedAt: now } })
}
