import type { PurchaseView } from '../../domain/schemas/purchase.ts'
import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'

/* The result pages' reads, apart from the purchase flow (they load without its machine and texts). */

/** The server's record of a purchase, for the result pages (never what the browser remembers). */
export function fetchPurchase(id: string, signal?: AbortSignal): Promise<PurchaseView> {
  return call<PurchaseView>(`/digitalchannels/purchase/${encodeURIComponent(id)}`, { signal })
}

/** A purchase's result page on the load statechart: the record of the purchase the address names. */
export const purchaseResultFlow = loadFlow<{ id: string }, PurchaseView>(({ id }, signal) => fetchPurchase(id, signal))

/** Where the summary PDF of an issued purchase is downloaded. */
export function purchaseDocumentUrl(apiBase: string, id: string): string {
  return `${apiBase}/digitalchannels/purchase/${encodeURIComponent(id)}/document`
}
