import { PURCHASE_KEY_PARAM } from '../../domain/purchase-key.ts'
import type { PurchaseView } from '../../domain/schemas/purchase.ts'
import { fetchPurchase } from './purchase-read.ts'
import { loadFlow } from './load.ts'

/* The result pages' reads, apart from the purchase flow (they load without its machine and texts). */

/** A purchase's result page on the load statechart: the record of the purchase the address names. */
export const purchaseResultFlow = loadFlow<{ id: string; key: string | null }, PurchaseView>(({ id, key }, signal) => fetchPurchase(id, key, signal))

/** Where the summary PDF of an issued purchase is downloaded (with the mailed link's key, when the page has one). */
export function purchaseDocumentUrl(apiBase: string, id: string, key: string | null = null): string {
  const url = `${apiBase}/digitalchannels/purchase/${encodeURIComponent(id)}/document`
  return key ? `${url}?${PURCHASE_KEY_PARAM}=${encodeURIComponent(key)}` : url
}
