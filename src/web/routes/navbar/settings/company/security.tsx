import { createFileRoute } from '@tanstack/react-router'
import { SecurityView } from '../../../../views/admin/company/SecurityView.tsx'

export const Route = createFileRoute('/navbar/settings/company/security')({
  component: SecurityView,
})
