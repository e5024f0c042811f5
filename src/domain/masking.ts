/**
 * Personal data shown masked to staff (issue 25 item 8, KVKK data minimisation): enough to tell two
 * records apart and to confirm a number someone reads out, never the whole value.
 */

/**
 * A party: a national ID or passport number shows its first 3 and last 2 characters
 * (`100******46`); a verified phone (`tel:+905321234567`, before the profile step) its country
 * code and last 2 digits (`tel:+90*********67`).
 */
export function maskPartyId(value: string): string {
  const phone = /^tel:(\+\d{2})(\d+)(\d{2})$/.exec(value)
  if (phone) return `tel:${phone[1]}${'*'.repeat(phone[2]!.length)}${phone[3]}`
  if (value.length <= 5) return '*'.repeat(value.length)
  return value.slice(0, 3) + '*'.repeat(value.length - 5) + value.slice(-2)
}

/** A client address: IPv4 without its last octet (`203.0.113.*`), IPv6 with its first three groups only. */
export function maskIp(value: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(value.replace(/^::ffff:/i, ''))
  if (v4) return `${v4[1]}.*`
  if (value.includes(':')) return value.split(':').slice(0, 3).join(':') + ':*'
  return '*'
}
