import { firstScreenOf } from '../domain/purchase-address.ts'

/**
 * Whether the prerendered markup in the page (scripts/prerender.ts) is the first screen this address
 * renders, so that it hydrates in place: the page's own first screen, or (`data-screen="opening"`) a
 * health or travel purchase page opening with a quote or a purchase to retry in its address
 * (src/domain/purchase-address.ts). Otherwise (a BES page's `?purchase=`) its first render could not
 * match that markup (React error #418): it is rendered afresh instead.
 */
export function firstScreenIsPrerendered(pathname: string, search: string, markupScreen: string | undefined): boolean {
  return firstScreenOf(pathname, search) === (markupScreen ?? 'page')
}
