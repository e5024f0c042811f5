import { isCvcKey, redactCardNumbers } from '../lib/redact.ts'

/**
 * What the Stately inspector may see (issue 28 item 11): ONE function, `sanitizeInspection`, for
 * every message that leaves for the inspector window: the snapshot (its context, its `input`, its
 * `output`, its `error`, its children), the event (a sign-in's password, a done actor's output, a
 * refusal), and the machine's definition. It is total: whatever the shape (class instances, Errors,
 * Maps, cycles, any depth), the result is plain JSON with every secret masked; what it cannot look
 * into is dropped, never passed through.
 *
 * Secrets: values under a secret key (passwords of every kind, tokens, keys, card number and CVC,
 * an SMS code), the `value` of a `{ field: <secret key>, value }` change, card numbers and CVCs
 * anywhere in text, and `password=...`-like pairs inside text.
 */
export const MASK = '•••'

const SECRET_KEY = /^(?:.*password.*|.*passwort.*|parola|sifre|şifre|otp|smsCode|verificationCode|pin|secret|.*token|apiKey|authorization|cookie|envelopeKey|privateKey|number|ccNumber|cardNumber|pan)$/i
/** `code` is a reason code ("NETWORK") almost everywhere; as a string of 4 to 8 digits it is an SMS code. */
const isSmsCode = (key: string, value: unknown) => key === 'code' && typeof value === 'string' && /^\s*\d{4,8}\s*$/.test(value)
const SECRET_IN_TEXT = /((?:password|parola|şifre|token|secret|apiKey|otp)\w*["']?\s*[:=]\s*["']?)([^"'&,;\s}]+)/giu

const MAX_DEPTH = 12
const TRUNCATED = '[…]'

/** Facts about a password (when it changed, whether one is stored, its policy) are not the password. */
const ABOUT_A_SECRET = /(?:At|Days|Count|Policy|Set|Expired|Length|Required|Warning|Left)$/

function isSecret(key: string, value: unknown): boolean {
  if (value === undefined || value === null || value === '' || typeof value === 'boolean') return false
  if (ABOUT_A_SECRET.test(key)) return false
  return SECRET_KEY.test(key) || isCvcKey(key) || isSmsCode(key, value)
}

function text(value: string): string {
  return redactCardNumbers(value, MASK).replace(SECRET_IN_TEXT, (_m, head: string) => `${head}${MASK}`)
}

/** Deep, cycle-safe, depth-bounded copy with every secret masked; only JSON comes out. */
export function sanitize<T>(value: T): T {
  return walk(value, 0, new WeakSet()) as T
}

function walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return text(value)
  if (typeof value === 'number') return Number.isFinite(value) && text(String(value)) !== String(value) ? MASK : value
  if (typeof value === 'boolean' || value === null) return value
  if (typeof value === 'bigint') return text(String(value))
  // functions, symbols, undefined: nothing to show (JSON drops them too)
  if (typeof value !== 'object') return undefined
  if (depth >= MAX_DEPTH) return TRUNCATED
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  try {
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1, seen) ?? null)
    if (value instanceof Error) {
      const out: Record<string, unknown> = { name: value.name, message: text(value.message) }
      return { ...out, ...entries(value as unknown as Record<string, unknown>, depth, seen) }
    }
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
    if (value instanceof Map) return walk(Object.fromEntries([...value.entries()].map(([k, v]) => [String(k), v])), depth, seen)
    if (value instanceof Set) return walk([...value], depth, seen)
    // an actor reference, a snapshot, anything with its own JSON form (taken once: toJSON is not trusted to terminate)
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') {
      let json: unknown
      try {
        json = toJSON.call(value)
      } catch {
        return undefined
      }
      return json === value ? entries(value as Record<string, unknown>, depth, seen) : walk(json, depth + 1, seen)
    }
    return entries(value as Record<string, unknown>, depth, seen)
  } finally {
    seen.delete(value)
  }
}

function entries(record: Record<string, unknown>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  // `{ field: 'newPassword', value }`: the value of a secret field is a secret
  const secretField = typeof record.field === 'string' && SECRET_KEY.test(record.field)
  const out: Record<string, unknown> = {}
  let keys: string[]
  try {
    keys = Object.keys(record)
  } catch {
    return out
  }
  for (const key of keys) {
    let v: unknown
    try {
      v = record[key]
    } catch {
      continue
    }
    const masked = isSecret(key, v) || (secretField && key === 'value' && v !== undefined && v !== null && v !== '')
    const next = masked ? MASK : walk(v, depth + 1, seen)
    if (next !== undefined) out[text(key)] = next
  }
  return out
}

/** The parts of an inspector message that are the protocol's own (ids, times, names): kept as they are, if they are strings. */
const ENVELOPE = ['type', 'sessionId', 'rootId', 'parentId', 'sourceId', 'id', 'createdAt', '_version', 'name'] as const

/**
 * The one sanitising function of the inspector (passed as its `serialize`, so it sees every message,
 * deferred ones included, after the package's own conversion): the protocol's envelope kept, every
 * other part (snapshot, event, definition, anything a later version adds) sanitised.
 */
export function sanitizeInspection<T extends object>(message: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(message as Record<string, unknown>)) {
    if ((ENVELOPE as readonly string[]).includes(key) && (typeof v === 'string' || v === null || v === undefined)) {
      if (v !== undefined) out[key] = v
      continue
    }
    // the definition is the machine's configuration as JSON text: its text is sanitised as text
    const next = key === 'definition' && typeof v === 'string' ? text(v) : walk(v, 0, new WeakSet())
    if (next !== undefined) out[key] = next
  }
  return out as T
}

/** The options the Stately inspector runs with (src/web/inspector.ts): every message it sends is sanitised. */
export const INSPECTOR_OPTIONS = {
  autoStart: true,
  serialize: <T extends object>(message: T): T => sanitizeInspection(message),
} as const
