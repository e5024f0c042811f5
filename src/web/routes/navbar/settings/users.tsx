import { createFileRoute, Outlet } from '@tanstack/react-router'

/** The users area: the list (users.index.tsx), a user's details (users.$userId.tsx) and the create-user wizard (users.new.tsx). */
export const Route = createFileRoute('/navbar/settings/users')({
  component: Outlet,
})
