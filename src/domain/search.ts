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
