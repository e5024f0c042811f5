import { createFileRoute } from '@tanstack/react-router'
import { TeamView } from '../../../views/admin/team/TeamView.tsx'

/** Team (group:read): the organisation builder (issue 13). */
export const Route = createFileRoute('/navbar/settings/team')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' ? { q: search.q } : {}),
  component: TeamView,
})
