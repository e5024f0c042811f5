import { createFileRoute } from '@tanstack/react-router'
import { AreaPageView } from '../../../views/admin/AreaPageView.tsx'
import { TEAM_PAGE } from '../../../views/admin/pages.ts'

export const Route = createFileRoute('/navbar/settings/team')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' ? { q: search.q } : {}),
  component: () => <AreaPageView page={TEAM_PAGE} />,
})
