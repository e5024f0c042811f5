import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '../../../../domain/search.ts'
import { ROLE_FILTERS } from '../../../../domain/role-list.ts'
import { RolesListView } from '../../../views/admin/roles/RolesListView.tsx'

/** The Roles page (role:read): its list state lives in the search params (a reload or a shared link shows the same list). */
export const Route = createFileRoute('/navbar/settings/roles')({
  validateSearch: listSearch(ROLE_FILTERS),
  component: RolesListView,
})
