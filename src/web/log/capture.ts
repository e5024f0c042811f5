/**
 * The browser's own errors go to `POST /log/log.json` (spec 7.6): uncaught errors, unhandled
 * rejections and failed API calls. This part is on every page and tiny; the shipper (redaction,
 * batching, rate limit, sending) is a separate chunk loaded on the first entry.
 */
import type { LogSeverity } from './shipper.ts'

let shipper: Promise<typeof import('./shipper.ts')> | null = null
let headers: () => Record<string, string> = () => ({})

/** The spec's request headers for the log calls (the API client registers them: no import cycle). */
export function setLogHeaders(source: () => Record<string, string>): void {
  headers = source
}

/** Queues one entry for the log route (loads the shipper on first use); never throws. */
export function logToServer(severity: LogSeverity, message: string): void {
  if (typeof window === 'undefined') return
  shipper ??= import('./shipper.ts')
  shipper.then((m) => m.enqueue(severity, message, headers)).catch(() => {
    shipper = null // the chunk could not load (offline): try again with the next entry
  })
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`
  if (typeof error === 'string') return error
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/** Installs the window handlers; the entry module calls it first thing. */
export function captureErrors(): void {
  if (typeof window === 'undefined') return
  window.addEventListener('error', (event) => {
    const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : ''
    logToServer('error', event.error ? describeError(event.error) : `${event.message}${where}`)
  })
  window.addEventListener('unhandledrejection', (event) => {
    logToServer('error', `Unhandled rejection: ${describeError(event.reason)}`)
  })
}
