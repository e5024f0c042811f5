/**
 * The prerendered markup is each page as it opens without a query. A purchase page opened with a
 * quote (the quick quote's "Satın Al": src/web/views/sales/TssPurchaseView.tsx, TravelPurchaseView.tsx)
 * or a purchase to retry (`?purchase=`, the result page's "Tekrar dene") in its address opens at
 * another step, so its first render cannot match that markup (React error #418): it is rendered
 * afresh instead. Other queries (an ad's utm_* or gclid) leave the first screen as it is: hydrated.
 */
const PURCHASE_PAGE = /^\/urunler\/market\/(erkenbes|pratikbes|tss|seyahatsaglik)\/?$/
const OPENS_ELSEWHERE = ['purchase', 'gender', 'citycode', 'birthdate', 'visits', 'startDate', 'endDate', 'travelLocation', 'coverageType']

export function firstScreenIsPrerendered(pathname: string, search: string): boolean {
  if (!PURCHASE_PAGE.test(pathname)) return true
  const query = new URLSearchParams(search)
  return !OPENS_ELSEWHERE.some((key) => query.has(key))
}
