import { fromPromise } from 'xstate'
import { searchMachine, type SearchHit } from '../../../machines/search/search.machine.ts'
import { call } from '../api/client.ts'
import { ROLES_PAGE, TEAM_PAGE, USERS_PAGE } from '../views/admin/pages.ts'

type SearchAnswer = {
  users: { id: string; username: string; firstName: string; lastName: string; email: string }[]
  groups: { id: string; name: string; level: string }[]
  roles: { id: string; name: string }[]
}

/** The hits in the order shown: users, groups, roles; each opens its list filtered to it. */
export function hitsOf(answer: SearchAnswer): SearchHit[] {
  return [
    ...answer.users.map((u) => ({
      key: `u-${u.id}`, kind: 'user', label: `${u.firstName} ${u.lastName}`, detail: `${u.username} · ${u.email}`, to: USERS_PAGE.path, q: u.username,
    })),
    ...answer.groups.map((g) => ({ key: `g-${g.id}`, kind: 'group', label: g.name, detail: '', to: TEAM_PAGE.path, q: g.name })),
    ...answer.roles.map((r) => ({ key: `r-${r.id}`, kind: 'role', label: r.name, detail: '', to: ROLES_PAGE.path, q: r.name })),
  ]
}

/** The global search of the staff header (GET /search?q=, the server filters by the active role's permissions). */
export const searchFlow = searchMachine.provide({
  actors: {
    search: fromPromise(async ({ input, signal }: { input: string; signal: AbortSignal }) =>
      hitsOf(await call<SearchAnswer>('/search', { query: { q: input }, authenticated: true, signal }))),
  },
})
