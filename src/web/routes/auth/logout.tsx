import { createFileRoute } from '@tanstack/react-router'
import { logoutSearch } from '../../../domain/search.ts'
import { LogoutView } from '../../views/auth/LogoutView.tsx'

export const Route = createFileRoute('/auth/logout')({
  validateSearch: logoutSearch,
  component: function Logout() {
    return <LogoutView reason={Route.useSearch().reason} />
  },
})
