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

export function createLogger(
  level: LogLevel | 'silent' = 'info',
  sink: (line: string) => void = (line) => process.stdout.write(line + '\n'),
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
