import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../domain/search.ts'
import { USER_FILTERS } from '../../../../domain/user-list.ts'
import { UsersListView } from '../../../views/admin/users/UsersListView.tsx'

/** The users of the company (user:read): the list state lives in the search params (a reload or a shared link shows the same list). */
export const Route = createFileRoute('/navbar/settings/users/')({
  validateSearch: listSearch(USER_FILTERS),
  component: UsersListView,
})
