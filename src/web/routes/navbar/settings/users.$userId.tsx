import { createFileRoute } from '@tanstack/react-router'
import { isRecordId } from '../../../../domain/navigation.ts'
import { NotFoundView } from '../../../views/admin/NotFoundView.tsx'
import { UserDetailsView } from '../../../views/admin/users/UserDetailsView.tsx'

/** A user's details (user:read): photo, details and personal information, role assignments, status. */
export const Route = createFileRoute('/navbar/settings/users/$userId')({
  component: function UserDetailsRoute() {
    const { userId } = Route.useParams()
    if (!isRecordId(userId)) return <NotFoundView />
    return <UserDetailsView key={userId} userId={userId} />
  },
})
