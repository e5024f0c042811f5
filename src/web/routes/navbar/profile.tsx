import { createFileRoute } from '@tanstack/react-router'
import { ProfileView } from '../../views/admin/ProfileView.tsx'

export const Route = createFileRoute('/navbar/profile')({
  component: ProfileView,
})
