import { toCalendarDate } from './dates.ts'
import type { ApplicationData } from './schemas/application.ts'
import { tssPurchaseSearch, travelPurchaseSearch, type TravelPurchaseSearch, type TssPurchaseSearch } from './search.ts'
import { quoteTravel, quoteTss, tripDays, TRAVEL_COVERAGES, TRAVEL_REGIONS, type TravelCoverage, type TravelRegion } from './tariff.ts'
import { purchasePageOf, quotedAddress } from './purchase-address.ts'

/**
 * The quote a health or travel purchase page's address carries (the quick quote's "Satın Al") and
 * whether the purchase takes it (issue 23 goal 1): one rule for the purchase machines' `quoteOk`
 * (machines/tss-purchase, machines/travel-purchase), the page that hands the address's quote on
 * (src/web/views/sales/*PurchaseView.tsx) and the server that picks the prerendered markup of such
 * an address (src/server/main.ts: the phone step when the quote is taken, src/domain/purchase-address.ts).
 */

/** The quick quote's answers carried in the address (`?gender=&citycode=&birthdate=&visits=`, the route's validated search). */
export function tssQuoteFromSearch(search: TssPurchaseSearch): ApplicationData | null {
  const { gender, citycode, birthdate, visits } = search
  if (!gender || !citycode || !birthdate || visits === undefined) return null
  return { quickProfile: { gender, citycode, birthdate }, outpatientVisits: visits }
}

/** The travel quick quote's plan carried in the address (the route's validated search); null unless it is whole. */
export function travelPlanFromSearch(search: TravelPurchaseSearch): ApplicationData | null {
  const { gender, birthdate, travelLocation, coverageType, startDate = '', endDate = '' } = search
  const start = toCalendarDate(startDate)
  const end = toCalendarDate(endDate)
  if (!gender || !start || !end || !birthdate || !travelLocation || !coverageType) return null
  return {
    travelPlan: {
      birthdate, gender, travelLocation, coverageType, covid: search.covid === true,
      startDate, endDate, travelLength: Math.max(1, Math.min(365, tripDays(start, end))),
    },
  }
}

/** Whether the TSS purchase takes this quote at `at`: the tariff prices it and offers its visit count. */
export function tssQuoteIsComplete(data: ApplicationData, at: string | Date): boolean {
  if (!data.quickProfile || data.outpatientVisits === undefined) return false
  const quote = quoteTss({ ...data.quickProfile, birthCollateral: data.birthCollateral }, new Date(at))
  return quote.ok && quote.options.some((o) => o.visits === data.outpatientVisits)
}

/** Whether the travel purchase takes this plan at `at`: a known region and cover that the tariff prices. */
export function travelQuoteIsComplete(data: ApplicationData, at: string | Date): boolean {
  const plan = data.travelPlan
  // (the tariff's lists read here, not src/domain/purchase.ts's checks: that module brings the BES rules into the page)
  if (!plan || !(TRAVEL_REGIONS as readonly string[]).includes(plan.travelLocation) || !(TRAVEL_COVERAGES as readonly string[]).includes(plan.coverageType)) return false
  return quoteTravel({ ...plan, travelLocation: plan.travelLocation as TravelRegion, coverageType: plan.coverageType as TravelCoverage }, new Date(at)).ok
}

/**
 * An address query's values as the page's router reads them: each JSON-parsed when it can be (`?visits=8`
 * the number 8, the router's own `?citycode=%2234%22` the text "34"), else the text as written.
 */
function searchValues(search: string): Record<string, unknown> {
  return Object.fromEntries([...new URLSearchParams(search)].map(([key, text]) => {
    try {
      return [key, JSON.parse(text) as unknown]
    } catch {
      return [key, text]
    }
  }))
}

/**
 * Whether a purchase page's address opens at the phone step: it hands on a quote (no purchase to
 * retry, no step to restore: `quotedAddress`) that the product's purchase takes at `at`, so the
 * machine goes from its `opening` straight to the SMS step (a verified phone is never known before
 * the page's code runs: the proof cookie is read only by a restore).
 */
export function addressQuoteTaken(pathname: string, search: string, at: Date, entry?: string | null): boolean {
  if (!quotedAddress(pathname, search, entry)) return false
  const query = searchValues(search)
  if (/\/tss\/?$/.test(pathname)) {
    const data = tssQuoteFromSearch(tssPurchaseSearch.parse(query))
    return !!data && tssQuoteIsComplete(data, at)
  }
  if (purchasePageOf(pathname) !== 'purchase') return false
  const data = travelPlanFromSearch(travelPurchaseSearch.parse(query))
  return !!data && travelQuoteIsComplete(data, at)
}
