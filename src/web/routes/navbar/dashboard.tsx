import { createFileRoute } from '@tanstack/react-router'
import { DashboardView } from '../../views/admin/DashboardView.tsx'

export const Route = createFileRoute('/navbar/dashboard')({
  component: DashboardView,
})
