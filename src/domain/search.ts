import { listSearchOf } from './list-params.ts'

/**
 * The search parameters of the browser's routes (each route's `validateSearch`, a `{ parse }`
 * validator TanStack Router types its search from). A value of the wrong kind is never an error
 * page: it falls back to the default (absent, or the named default), which is what the page then
 * shows. Plain functions, not zod: these load with the route tree on every page, and zod's core
 * (8.9 KiB gzipped) would load with them before the page needs any form (issue 23's budgets).
 */
type Search = Record<string, unknown>
type Validator<T> = { parse(search: Search): T }

/** An optional text; anything else (a number, a list, an object) is dropped. */
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** `/auth/login` and `/auth/lock`: where to go once signed in or unlocked. */
export const redirectSearch: Validator<{ redirect?: string | undefined }> = {
  parse: (search) => ({ redirect: optionalText(search.redirect) }),
}

/** Why the goodbye page shows (`/auth/logout?reason=`): a logout, or one of the inactivity endings. */
export const LOGOUT_REASONS = ['loggedOut', 'lockTimeout', 'lockExpired'] as const
export type LogoutReason = (typeof LOGOUT_REASONS)[number]
export const logoutSearch: Validator<{ reason: LogoutReason }> = {
  parse: (search) => ({ reason: (LOGOUT_REASONS as readonly unknown[]).includes(search.reason) ? (search.reason as LogoutReason) : 'loggedOut' }),
}

/** `/navbar/settings/team?q=`: the group the global search picked, by name. */
export const teamSearch: Validator<{ q?: string | undefined }> = {
  parse: (search) => ({ q: optionalText(search.q) }),
}

/**
 * A paged list's search parameters (page, size, sort, q and the named filters): the valid ones,
 * the rest dropped (src/domain/list-params.ts `paramsFromSearch` says what is valid).
 */
export const listSearch = (filterKeys: readonly string[]): Validator<Record<string, string | number>> => ({
  parse: (search) => listSearchOf(search && typeof search === 'object' && !Array.isArray(search) ? search : {}, filterKeys),
})

/**
 * A search value as text: the router reads `?visits=8` as the number 8 and `?covid=true` as true
 * (each value is JSON-parsed when it can be), so a number or a boolean is given back as the text
 * the address holds; a list, an object or an over-long value is dropped.
 */
const searchText = (value: unknown, max = 100): string | undefined => {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
  return text !== undefined && text.length <= max ? text : undefined
}

/** `?purchase=<id>`: the result page's "Tekrar dene" (a purchase to pay again); the server says whether it is one. */
export type PurchaseRetrySearch = { purchase?: string | undefined; /** the step a reload returns to (src/domain/purchase-address.ts) */ step?: string | undefined }

/** `/urunler/market/tss`: the quick quote's answers (`?gender=&citycode=&birthdate=&visits=`) and a purchase to retry. */
export type TssPurchaseSearch = PurchaseRetrySearch & { gender?: 'male' | 'female' | undefined; citycode?: string | undefined; birthdate?: string | undefined; visits?: 0 | 8 | 10 | 12 | undefined }
export const tssPurchaseSearch: Validator<TssPurchaseSearch> = {
  parse: (search) => {
    const gender = searchText(search.gender)
    const visits = Number(searchText(search.visits) ?? NaN)
    return {
      purchase: searchText(search.purchase),
      step: searchText(search.step, 20),
      gender: gender === 'male' || gender === 'female' ? gender : undefined,
      citycode: searchText(search.citycode, 6),
      birthdate: searchText(search.birthdate, 10),
      visits: visits === 0 || visits === 8 || visits === 10 || visits === 12 ? visits : undefined,
    }
  },
}

/**
 * `/urunler/market/seyahatsaglik`: the travel quick quote's plan and a purchase to retry. Every
 * field is absent when the address does not hold it (`covid` too: true or false only as written),
 * so the page's canonical address is the address itself: the router compares the two on the
 * server and answers a redirect instead of the page when they differ (the prerender renders the
 * page without a query, and a default `covid: false` made that `?covid=false`).
 */
export type TravelPurchaseSearch = PurchaseRetrySearch & {
  gender?: 'male' | 'female' | undefined; birthdate?: string | undefined; travelLocation?: string | undefined; coverageType?: string | undefined
  covid?: boolean | undefined; startDate?: string | undefined; endDate?: string | undefined
}
export const travelPurchaseSearch: Validator<TravelPurchaseSearch> = {
  parse: (search) => {
    const gender = searchText(search.gender)
    const covid = searchText(search.covid)
    return {
      purchase: searchText(search.purchase),
      step: searchText(search.step, 20),
      gender: gender === 'male' || gender === 'female' ? gender : undefined,
      birthdate: searchText(search.birthdate, 10),
      travelLocation: searchText(search.travelLocation, 40),
      coverageType: searchText(search.coverageType, 40),
      covid: covid === 'true' ? true : covid === 'false' ? false : undefined,
      startDate: searchText(search.startDate, 10),
      endDate: searchText(search.endDate, 10),
    }
  },
}

/** `/urunler/market/erkenbes` and `/pratikbes`: a purchase to retry. */
export const purchaseRetrySearch: Validator<PurchaseRetrySearch> = {
  parse: (search) => ({ purchase: searchText(search.purchase), step: searchText(search.step, 20) }),
}

/** The result pages (`/result/...`): the purchase they show and the mailed link's key (issue 21). */
export type PurchaseResultSearch = { purchase?: string | undefined; key?: string | undefined }
export const purchaseResultSearch: Validator<PurchaseResultSearch> = {
  parse: (search) => ({ purchase: searchText(search.purchase), key: searchText(search.key) }),
}
