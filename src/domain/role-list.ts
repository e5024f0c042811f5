/**
 * The role list's filters (GET /role; issue 13). Apart from the list's flow so that the route's
 * search validation, which loads with the route tree, pulls no statechart code into the entry.
 */
export const ROLE_FILTERS = ['roleowner', 'levelType', 'roleType', 'rolegroupId'] as const
