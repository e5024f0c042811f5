import { createFileRoute } from '@tanstack/react-router'
import { CreateUserView } from '../../../views/admin/users/create/CreateUserView.tsx'

/** The create-user wizard (issue 14, user:create); `users_` keeps it out of the users list's layout. */
export const Route = createFileRoute('/navbar/settings/users_/new')({
  component: CreateUserView,
})
