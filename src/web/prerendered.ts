import { firstScreenOf, quotedAddress } from '../domain/purchase-address.ts'

/**
 * Whether the prerendered markup in the page (scripts/prerender.ts) is the first screen this address
 * renders, so that it hydrates in place: the page's own first screen, or (`data-screen="opening"`) a
 * health or travel purchase page opening with a quote or a purchase to retry in its address
 * (src/domain/purchase-address.ts), or reloaded at a later step its address or its history entry
 * (`entry`) names, or (`data-screen="phone"`) such a page whose quote the purchase takes. Otherwise (a BES page's `?purchase=`) its first render could not
 * match that markup (React error #418): it is rendered afresh instead.
 */
export function firstScreenIsPrerendered(pathname: string, search: string, markupScreen: string | undefined, entry?: string | null): boolean {
  // the phone step (`data-screen="phone"`): the server found the address's quote taken; the page judges it by the
  // same rule (src/domain/purchase-quote.ts, which the entry does not load), so only the kind of address is checked here
  if (markupScreen === 'phone') return quotedAddress(pathname, search, entry)
  return firstScreenOf(pathname, search, entry) === (markupScreen ?? 'page')
}

/** Where a purchase page's history entry names its step (history.state; never the proof of the phone). */
export const STEP_KEY = 'purchaseStep'

/** The step the current history entry names (src/web/views/sales/usePurchaseHistory.ts): a reload, or Forward back to the page, returns to it. */
export function entryStep(): string | null {
  if (typeof window === 'undefined') return null
  const state = window.history.state as Record<string, unknown> | null
  return typeof state?.[STEP_KEY] === 'string' ? state[STEP_KEY] : null
}
