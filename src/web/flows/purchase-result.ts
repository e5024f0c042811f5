import type { PurchaseView } from '../../domain/schemas/purchase.ts'
import { call } from '../api/client.ts'

/* The result pages' reads, apart from the purchase flow (they load without its machine and texts). */

/** The server's record of a purchase, for the result pages (never what the browser remembers). */
export function fetchPurchase(id: string): Promise<PurchaseView> {
  return call<PurchaseView>(`/digitalchannels/purchase/${encodeURIComponent(id)}`)
}

/** Where the summary PDF of an issued purchase is downloaded. */
export function purchaseDocumentUrl(apiBase: string, id: string): string {
  return `${apiBase}/digitalchannels/purchase/${encodeURIComponent(id)}/document`
}
