/**
 * Navigation rules of spec 2.1, shared by the browser router and the server (which answers the
 * same redirect before any JavaScript runs).
 */
export const PENSION_PRODUCT_PATH = '/urunler/birikim/bireysel-emeklilik'

export const MARKET_PATHS = [
  '/urunler/market/erkenbes',
  '/urunler/market/pratikbes',
  '/urunler/market/seyahatsaglik',
  '/urunler/market/seyahatsaglikhizliteklif',
  '/urunler/market/tss',
  '/urunler/market/tsshizliteklif',
] as const

/** The personal-data notice (KVKK aydınlatma metni) the footer links to: a page of this app. */
export const KVKK_NOTICE_PATH = '/kvkk-aydinlatma-metni'

/** The customer's consent page (issue 24 item 10, KVKK art. 11): see and withdraw consents after an SMS verification. */
export const MY_CONSENTS_PATH = '/izinlerim'

/** The public check of a policy or contract document (issue 24 item 5): `/dogrula/<code>`. */
export const DOCUMENT_CHECK_PATH = '/dogrula'

export const RESULT_PATHS = ['/result/success', '/result/error', '/result/tss-success', '/result/tss-error'] as const

/** Staff paths: reserved for signed-in staff (spec 2.1 "/navbar, /navbar/home/main, /inbox, /auth"). */
export const STAFF_PREFIXES = ['/navbar', '/inbox', '/auth'] as const

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/')
}

export type NavigationDecision = 'public' | 'staff' | 'redirect'

/**
 * The spec's guard lets only the six market paths and the four result paths (by prefix) proceed
 * and sends every other path to the provider's individual-pension page. This product also serves
 * the home page `/` and that pension page itself (otherwise the redirect would loop when the main
 * site is this app), the KVKK notice the footer links to, the consent page, the document check
 * (`/dogrula/<code>`) and the staff area.
 */
export function classifyPath(pathname: string): NavigationDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === '/' || path === PENSION_PRODUCT_PATH || path === KVKK_NOTICE_PATH || path === MY_CONSENTS_PATH) return 'public'
  if ((MARKET_PATHS as readonly string[]).includes(path)) return 'public'
  if (path.startsWith(DOCUMENT_CHECK_PATH + '/') && !path.slice(DOCUMENT_CHECK_PATH.length + 1).includes('/')) return 'public'
  if (RESULT_PATHS.some((p) => path.startsWith(p))) return 'public'
  if (STAFF_PREFIXES.some((p) => underPrefix(path, p))) return 'staff'
  return 'redirect'
}

/** Where a path the guard refuses is sent: the main site's individual-pension page. */
export function redirectTarget(mainSiteOrigin: string | null | undefined): string {
  return (mainSiteOrigin ?? '') + PENSION_PRODUCT_PATH
}

/** A record id as the server writes them (a UUID): an address with anything else is "not found" at once (issue 25 item 12). */
export function isRecordId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
}
