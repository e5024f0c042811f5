import { createFileRoute } from '@tanstack/react-router'
import { PreferencesView } from '../../../../views/admin/company/PreferencesView.tsx'

export const Route = createFileRoute('/navbar/settings/company/preferences')({
  component: PreferencesView,
})
