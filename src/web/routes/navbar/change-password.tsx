import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordView } from '../../views/admin/ChangePasswordView.tsx'

export const Route = createFileRoute('/navbar/change-password')({
  component: ChangePasswordView,
})
