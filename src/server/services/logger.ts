import { redact } from '../../lib/redact.ts'

/**
 * JSON-lines logger. Every line carries the request's requestId and transactionId when known, and
 * every line passes through the card-data redaction (src/lib/redact.ts) whatever its fields hold.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>
export type Logger = {
  log(level: LogLevel, msg: string, fields?: LogFields): void
  child(fields: LogFields): Logger
}

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

let pending: string[] = []
let scheduled = false
let exitHooked = false

/** Writes the log lines not yet written (before anything else goes to stdout, and at exit). */
export function flushLog() {
  scheduled = false
  if (pending.length === 0) return
  const text = pending.join('\n') + '\n'
  pending = []
  process.stdout.write(text)
}

/**
 * The default sink: stdout, the lines of one turn of the event loop in one write (a write is a
 * system call: one per request line was a noticeable part of the session check's cost,
 * docs/benchmarks.md). Written when the loop turns, and at exit.
 */
function stdoutSink(line: string) {
  pending.push(line)
  if (scheduled) return
  scheduled = true
  if (!exitHooked) {
    exitHooked = true
    process.on('exit', flushLog)
  }
  setImmediate(flushLog)
}

export function createLogger(
  level: LogLevel | 'silent' = 'info',
  sink: (line: string) => void = stdoutSink,
  base: LogFields = {},
): Logger {
  return {
    log(lvl, msg, fields) {
      if (ORDER[lvl] < ORDER[level]) return
      sink(JSON.stringify({ time: new Date().toISOString(), level: lvl, ...redact({ msg, ...base, ...fields }) }))
    },
    child(fields) {
      return createLogger(level, sink, { ...base, ...fields })
    },
  }
}
