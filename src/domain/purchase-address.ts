/**
 * Which first screen a public page's address opens at (issue 23 goal 1), for the server that picks
 * the prerendered markup (src/server/main.ts) and the browser that hydrates it (src/web/main.tsx).
 *
 * A health or travel purchase page opened with a quote in its address (the quick quote's "Satın
 * Al": `?gender=&citycode=&birthdate=&visits=`, `?startDate=&endDate=&travelLocation=...`) or a
 * purchase to retry (`?purchase=`, the result page's "Tekrar dene") opens while the page hands that
 * on to its statechart (the machine's `opening` state): the title and the steps, no step's form. Its
 * prerendered markup is that screen (`opening`), so it hydrates in place, with no layout shift and no
 * form shown that a tap would be lost on. A BES page opened with a purchase to retry has no such
 * markup (`null`: rendered afresh once its code is in). Any other address, an ad's `utm_*` or `gclid`
 * included, opens at the page's own first screen (`page`).
 */
export type FirstScreen = 'page' | 'opening'

const OPENING_PAGE = /^\/urunler\/market\/(tss|seyahatsaglik)\/?$/
const BES_PAGE = /^\/urunler\/market\/(erkenbes|pratikbes)\/?$/
/** The address keys that hand a quote or a purchase on (src/domain/search.ts's purchase searches). */
export const OPENING_KEYS = ['purchase', 'gender', 'citycode', 'birthdate', 'visits', 'startDate', 'endDate', 'travelLocation', 'coverageType'] as const

/** Whether the address carries a quote or a purchase to retry. */
export function addressHandsOn(search: string): boolean {
  const query = new URLSearchParams(search)
  return OPENING_KEYS.some((key) => query.has(key))
}

/** The first screen the page at this address renders (null: none of its prerendered screens). */
export function firstScreenOf(pathname: string, search: string): FirstScreen | null {
  if (OPENING_PAGE.test(pathname)) return addressHandsOn(search) ? 'opening' : 'page'
  if (BES_PAGE.test(pathname)) return addressHandsOn(search) ? null : 'page'
  return 'page'
}
