import { POOL_BUSY_CODE } from '../db/pool-busy.ts'
import type { Logger } from './logger.ts'

/**
 * Database outages (issue 9 item 11): a request that fails because the database cannot be reached
 * answers 503 with Retry-After, the outage is logged once when it starts and once when it ends
 * (not per request), and the pool reconnects by itself, so no restart is needed.
 */
export type DbHealth = {
  /** A connection failed or was lost: logs the outage if it is the first sign of one. */
  down(error: unknown): void
  /** A connection succeeded: ends an outage (and logs it) once nothing failed for STABLE_MS. */
  up(): void
  readonly isDown: boolean
  /**
   * Every pooled connection was at work for the whole connect timeout: the database answers, it is
   * only busy (a burst). Logged as a warning at most once per BUSY_LOG_MS with the count since;
   * it neither starts an outage nor the fail-fast answers.
   */
  busy(): void
  /**
   * Fail fast (issue 28 item 9): while the last connection attempt failed and nothing succeeded
   * since, one request at a time goes through as the probe (it waits at most the pool's connect
   * timeout); every other request is answered 503 at once instead of queueing for a connection.
   * `admit` says whether a request may go on; `settled` is called with its outcome.
   */
  admit(): { go: true; settled(reachable: boolean): void } | { go: false }
}

/** How long connections must keep working before an outage counts as over (no log per flap). */
export const STABLE_MS = 2_000

/** A busy pool is logged at most this often (with how many requests it turned away since). */
export const BUSY_LOG_MS = 10_000

export function dbHealth(logger: Logger): DbHealth {
  let since: number | null = null
  let busyLogged = 0
  let busyCount = 0
  let confirming: ReturnType<typeof setTimeout> | null = null
  // the fast path: whether the last thing heard of the database was a failure, and the probe out
  let failing = false
  let probing = false
  return {
    admit() {
      if (!failing) return { go: true, settled: (reachable) => { if (!reachable) failing = true } }
      if (probing) return { go: false }
      probing = true
      return { go: true, settled: (reachable) => { probing = false; failing = !reachable } }
    },
    down(error) {
      failing = true
      // a failure while a recovery is being confirmed: the same outage goes on
      if (confirming) {
        clearTimeout(confirming)
        confirming = null
      }
      if (since !== null) return
      since = Date.now()
      logger.log('error', 'database unavailable', { error: describeDbError(error) })
    },
    up() {
      failing = false
      if (since === null || confirming) return
      confirming = setTimeout(() => {
        confirming = null
        if (since === null) return
        logger.log('info', 'database available again', { downMs: Date.now() - since })
        since = null
      }, STABLE_MS)
      confirming.unref?.()
    },
    get isDown() { return since !== null },
    busy() {
      busyCount++
      const now = Date.now()
      if (now - busyLogged < BUSY_LOG_MS) return
      busyLogged = now
      logger.log('warn', 'database busy: every pooled connection in use', { turnedAway: busyCount })
      busyCount = 0
    },
  }
}

/** Seconds a client should wait before retrying while every pooled connection is at work. */
export const BUSY_RETRY_AFTER_S = 1


/** Seconds a client should wait before retrying while the database is unavailable. */
export const RETRY_AFTER_S = 5

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED'])
/** SQLSTATEs of a lost or refused connection: class 08, shutdowns, "cannot connect now", too many connections. */
const UNAVAILABLE_STATE = /^(08...|57P0[1-3]|53300)$/
const UNAVAILABLE_MESSAGE = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection refused|the database system is (starting up|shutting down|in recovery mode)/i

function chain(error: unknown): Array<{ code?: unknown; message?: unknown }> {
  const out: Array<{ code?: unknown; message?: unknown }> = []
  let e: unknown = error
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    out.push(e as { code?: unknown; message?: unknown })
    e = (e as { cause?: unknown }).cause
  }
  return out
}

/** Whether an error is a wait for a pooled connection that timed out while the pool's connections were all at work. */
export function isDatabaseBusy(error: unknown): boolean {
  return chain(error).some((e) => e.code === POOL_BUSY_CODE)
}

/** Whether an error means the database cannot be reached (as opposed to a bug, a bad query or a busy pool). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isDatabaseBusy(error)) return false
  return chain(error).some((e) =>
    (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_STATE.test(e.code))) ||
    (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)))
}

/**
 * What to log about a database error: its code and the driver's message, never the failed query's
 * parameters (drizzle puts them in its own message).
 */
export function describeDbError(error: unknown): string {
  const links = chain(error)
  const root = links[links.length - 1] ?? {}
  const code = links.map((e) => e.code).find((c) => typeof c === 'string')
  const message = typeof root.message === 'string' ? root.message.split('\n')[0]! : String(error)
  return code ? `${String(code)}: ${message}` : message
}
