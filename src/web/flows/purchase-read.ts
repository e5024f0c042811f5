import { PURCHASE_KEY_PARAM } from '../../domain/purchase-key.ts'
import type { PurchaseView } from '../../domain/schemas/purchase.ts'
import { call } from '../api/client.ts'

/**
 * The server's record of a purchase, for the result pages (never what the browser remembers): the
 * summary for anyone with the id; the details for the phone that bought it (its purchase cookie)
 * or with the mailed link's `key` (issue 21). Apart from the result pages' load flow
 * (purchase-result.ts), so the purchase pages, which read it only to pay a purchase again, do not
 * load a statechart with their first screen (issue 23 goal 2).
 */
export function fetchPurchase(id: string, key: string | null = null, signal?: AbortSignal): Promise<PurchaseView> {
  return call<PurchaseView>(`/digitalchannels/purchase/${encodeURIComponent(id)}`, key ? { query: { [PURCHASE_KEY_PARAM]: key }, signal } : { signal })
}
