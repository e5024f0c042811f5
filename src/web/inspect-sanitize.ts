import { redactCardNumbers } from '../lib/redact.ts'

/**
 * What the Stately inspector may see: events and contexts with every secret masked. Passwords
 * travel in events (never in context) and card data is kept out of context; this is the second
 * line, for anything that is inspected.
 */
const SECRET_KEYS = /^(password|oldPassword|newPassword|confirmPassword|otp|cvc|cvv|cvv2|number|ccNumber|cardNumber|pan)$/i

export function sanitize<T>(value: T, depth = 0): T {
  if (depth > 6 || value === null || typeof value !== 'object') {
    return (typeof value === 'string' ? redactCardNumbers(value, '•••') : value) as T
  }
  if (Array.isArray(value)) return value.map((v) => sanitize(v, depth + 1)) as T
  const record = value as Record<string, unknown>
  // `{ field: 'newPassword', value }`: the value of a secret field is a secret
  const secretField = typeof record.field === 'string' && SECRET_KEYS.test(record.field)
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(record)) {
    const secret = SECRET_KEYS.test(key) || (secretField && key === 'value')
    out[key] = secret && v !== undefined && v !== null && v !== '' ? '•••' : sanitize(v, depth + 1)
  }
  return out as T
}
