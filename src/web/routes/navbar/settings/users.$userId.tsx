import { createFileRoute } from '@tanstack/react-router'
import { UserDetailsView } from '../../../views/admin/users/UserDetailsView.tsx'

/** A user's details (user:read): photo, details and personal information, role assignments, status. */
export const Route = createFileRoute('/navbar/settings/users/$userId')({
  component: function UserDetailsRoute() {
    const { userId } = Route.useParams()
    return <UserDetailsView key={userId} userId={userId} />
  },
})
