import { createFileRoute } from '@tanstack/react-router'
import { requireStaff } from '../flows/guards.ts'
import { StaffLayoutView } from '../views/staff/StaffLayoutView.tsx'

/** The administration area: a signed-in, unlocked session is required (spec 2.1 "/navbar"). */
export const Route = createFileRoute('/navbar')({
  beforeLoad: ({ context, location }) => requireStaff(context.session, location.href),
  component: StaffLayoutView,
})
