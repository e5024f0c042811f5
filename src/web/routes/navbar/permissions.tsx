import { createFileRoute } from '@tanstack/react-router'
import { PermissionsView } from '../../views/admin/PermissionsView.tsx'

export const Route = createFileRoute('/navbar/permissions')({
  component: PermissionsView,
})
