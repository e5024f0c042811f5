/**
 * The filters of the consent records (GET /consent; issue 25 item 8) and of "Posta kutusu"
 * (GET /outbox; issue 25 item 3). Apart from the lists' flows so that the routes' search
 * validation, which loads with the route tree, pulls no statechart code into the entry.
 */
export const CONSENT_FILTERS = ['saleId', 'partyId', 'name', 'status', 'channel', 'from', 'to'] as const
export const OUTBOX_FILTERS = ['status'] as const
