/**
 * The filters of the consent records (GET /consent; issue 25 item 8) and of "Posta kutusu"
 * (GET /outbox; issue 25 item 3). Apart from the lists' flows so that the routes' search
 * validation, which loads with the route tree, pulls no statechart code into the entry.
 */
export const CONSENT_FILTERS = ['saleId', 'partyId', 'name', 'status', 'channel', 'from', 'to'] as const
export const OUTBOX_FILTERS = ['status'] as const

/**
 * The audit log's filters (issue 25 item 7): a person (`user`, by or about them; with `as`
 * `actor` only what they did, `target` only what was done to them), a username (`actor`, from
 * older links), an action (or a prefix ending in '.'), a target (an id or a name) and a period of days.
 */
export const AUDIT_FILTERS = ['user', 'as', 'actor', 'action', 'target', 'from', 'to'] as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/
const NAME = /^[^\u0000-\u001f]{1,100}$/

/**
 * The audit log's search parameters as the address bar may hold them: each filter of its own form
 * (a person's id, a day, an action's name, a name up to 100 characters), the rest dropped, so a
 * pasted or edited link never reaches the server as a 400.
 */
export function auditFilterValid(key: string, value: string): boolean {
  if (key === 'user') return UUID.test(value)
  if (key === 'as') return value === 'actor' || value === 'target'
  if (key === 'from' || key === 'to') return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  if (key === 'action') return /^[a-zA-Z.]{1,100}$/.test(value)
  return NAME.test(value)
}
