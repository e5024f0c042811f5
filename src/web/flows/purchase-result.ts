import { PURCHASE_KEY_PARAM } from '../../domain/purchase-key.ts'
import type { PurchaseView } from '../../domain/schemas/purchase.ts'
import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'

/* The result pages' reads, apart from the purchase flow (they load without its machine and texts). */

/**
 * The server's record of a purchase, for the result pages (never what the browser remembers): the
 * summary for anyone with the id; the details for the phone that bought it (its purchase cookie)
 * or with the mailed link's `key` (issue 21).
 */
export function fetchPurchase(id: string, key: string | null = null, signal?: AbortSignal): Promise<PurchaseView> {
  return call<PurchaseView>(`/digitalchannels/purchase/${encodeURIComponent(id)}`, key ? { query: { [PURCHASE_KEY_PARAM]: key }, signal } : { signal })
}

/** A purchase's result page on the load statechart: the record of the purchase the address names. */
export const purchaseResultFlow = loadFlow<{ id: string; key: string | null }, PurchaseView>(({ id, key }, signal) => fetchPurchase(id, key, signal))

/** Where the summary PDF of an issued purchase is downloaded (with the mailed link's key, when the page has one). */
export function purchaseDocumentUrl(apiBase: string, id: string, key: string | null = null): string {
  const url = `${apiBase}/digitalchannels/purchase/${encodeURIComponent(id)}/document`
  return key ? `${url}?${PURCHASE_KEY_PARAM}=${encodeURIComponent(key)}` : url
}
