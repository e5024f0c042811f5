import { createFileRoute } from '@tanstack/react-router'
import { GeneralView } from '../../../../views/admin/company/GeneralView.tsx'

/** Company > General: details and logo (company:read; saving needs company:update). */
export const Route = createFileRoute('/navbar/settings/company/general')({
  component: GeneralView,
})
