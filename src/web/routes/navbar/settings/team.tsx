import { createFileRoute } from '@tanstack/react-router'
import { teamSearch } from '../../../../domain/search.ts'
import { TeamView } from '../../../views/admin/team/TeamView.tsx'

/** Team (group:read): the organisation builder (issue 13); `?q=` (the global search) selects a group by name. */
export const Route = createFileRoute('/navbar/settings/team')({
  validateSearch: teamSearch,
  component: function Team() { return <TeamView q={Route.useSearch().q} /> },
})
