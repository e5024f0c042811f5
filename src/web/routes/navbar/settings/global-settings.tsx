import { createFileRoute } from '@tanstack/react-router'
import { GlobalSettingsView } from '../../../views/staff/GlobalSettingsView.tsx'

export const Route = createFileRoute('/navbar/settings/global-settings')({
  component: GlobalSettingsView,
})
