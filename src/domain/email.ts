/**
 * E-mail address check for forms (spec 5: "Value is not a valid email address"): a practical
 * subset of RFC 5321 — one @, a dot-atom local part, a domain of labels with a 2+ letter TLD.
 */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

export function isValidEmail(value: string): boolean {
  const v = value.trim()
  if (v.length > 254) return false
  if (!EMAIL.test(v)) return false
  const local = v.slice(0, v.lastIndexOf('@'))
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..')
}
