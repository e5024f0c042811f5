/**
 * The users list's filters (`GET /user`: status, group, role), shared by the route's search
 * validation and the list flow. Kept apart from the flow so that the route tree, which the first
 * page load carries, does not pull the statechart code in with it.
 */
export const USER_FILTERS = ['status', 'group', 'role'] as const
