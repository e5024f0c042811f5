import { createFileRoute } from '@tanstack/react-router'
import { AreaPageView } from '../../../views/admin/AreaPageView.tsx'
import { USERS_PAGE } from '../../../views/admin/pages.ts'

export const Route = createFileRoute('/navbar/settings/users')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' ? { q: search.q } : {}),
  component: () => <AreaPageView page={USERS_PAGE} />,
})
