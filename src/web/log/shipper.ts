import { redactClientLog } from '../../lib/redact.ts'
import { runtimeConfig } from '../config.ts'

export type LogSeverity = 'warn' | 'error'

/** Batching and rate limit of the browser's log entries. */
export const LOG_SHIPPING = {
  /** A batch is sent this long after its first entry... */
  flushMs: 5000,
  /** ...or as soon as it has this many entries. */
  batchSize: 10,
  /** At most this many entries per tab per minute; the rest are counted, not sent. */
  perMinute: 20,
  /** Longer messages are cut. */
  messageChars: 700,
  /** The route takes this many characters of `data` per request. */
  dataChars: 8192,
} as const

type Entry = { severity: LogSeverity; at: string; path: string; message: string }

const queue: Entry[] = []
const accepted: number[] = []
let dropped = 0
let timer: ReturnType<typeof setTimeout> | undefined
let headers: () => Record<string, string> = () => ({})

/** Redacts card-number-like runs, queues the entry, and sends the batch when it is due. */
export function enqueue(severity: LogSeverity, message: string, requestHeaders?: () => Record<string, string>): void {
  if (requestHeaders) headers = requestHeaders
  const now = Date.now()
  while (accepted.length > 0 && now - accepted[0]! >= 60_000) accepted.shift()
  if (accepted.length >= LOG_SHIPPING.perMinute) {
    dropped++
    return
  }
  accepted.push(now)
  queue.push({
    severity,
    at: new Date(now).toISOString(),
    path: location.pathname,
    message: redactClientLog(message).slice(0, LOG_SHIPPING.messageChars),
  })
  if (queue.length >= LOG_SHIPPING.batchSize) flush()
  else timer ??= setTimeout(flush, LOG_SHIPPING.flushMs)
}

/** Sends what is queued as one multipart request (severity: the batch's worst; data: the entries as JSON). */
export function flush(keepalive = false): void {
  clearTimeout(timer)
  timer = undefined
  if (queue.length === 0) return
  const entries = queue.splice(0)
  const form = new FormData()
  form.set('severity', entries.some((e) => e.severity === 'error') ? 'error' : 'warn')
  const extra = dropped > 0 ? { dropped } : {}
  let data = JSON.stringify({ entries, ...extra })
  // escaping can make a batch longer than the route takes: shorten the messages until it fits
  for (let max: number = LOG_SHIPPING.messageChars; data.length > LOG_SHIPPING.dataChars && max > 20; max = Math.floor(max / 2)) {
    data = JSON.stringify({ entries: entries.map((e) => ({ ...e, message: e.message.slice(0, max) })), ...extra })
  }
  form.set('data', data)
  dropped = 0
  fetch(`${runtimeConfig.apiBase}/log/log.json`, {
    method: 'POST',
    body: form,
    headers: headers(),
    credentials: 'same-origin',
    keepalive,
  }).catch(() => {
    // the log route is unreachable: nothing more to do (and nothing to log)
  })
}

// a tab going away sends what is left; keepalive lets the request outlive the page
addEventListener('pagehide', () => flush(true))
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flush(true)
})
