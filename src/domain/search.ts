import * as z from 'zod/mini'
import { listSearchOf } from './list-params.ts'

/**
 * The search parameters of the browser's routes, as zod schemas (each route's `validateSearch`).
 * A value of the wrong kind is never an error page: it falls back to the default (absent, or the
 * named default), which is what the page then shows.
 */

/** An optional text; anything else (a number, a list, an object) is dropped. */
const optionalText = z.catch(z.optional(z.string()), undefined)

/** `/auth/login` and `/auth/lock`: where to go once signed in or unlocked. */
export const redirectSearch = z.object({ redirect: optionalText })

/** Why the goodbye page shows (`/auth/logout?reason=`): a logout, or one of the inactivity endings. */
export const LOGOUT_REASONS = ['loggedOut', 'lockTimeout', 'lockExpired'] as const
export type LogoutReason = (typeof LOGOUT_REASONS)[number]
export const logoutSearch = z.object({ reason: z.catch(z.enum(LOGOUT_REASONS), 'loggedOut') })

/** `/navbar/settings/team?q=`: the group the global search picked, by name. */
export const teamSearch = z.object({ q: optionalText })

/**
 * A paged list's search parameters (page, size, sort, q and the named filters): the valid ones,
 * the rest dropped (src/domain/list-params.ts `paramsFromSearch` says what is valid).
 */
export const listSearch = (filterKeys: readonly string[]) =>
  z.pipe(z.record(z.string(), z.unknown()), z.transform((search) => listSearchOf(search, filterKeys)))
