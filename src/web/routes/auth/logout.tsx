import { createFileRoute } from '@tanstack/react-router'
import { LogoutView } from '../../views/auth/LogoutView.tsx'

type Reason = 'loggedOut' | 'lockTimeout' | 'lockExpired'

export const Route = createFileRoute('/auth/logout')({
  validateSearch: (search: Record<string, unknown>): { reason: Reason } => ({
    reason: search.reason === 'lockTimeout' || search.reason === 'lockExpired' ? search.reason : 'loggedOut',
  }),
  component: function Logout() {
    return <LogoutView reason={Route.useSearch().reason} />
  },
})
