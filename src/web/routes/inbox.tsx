import { createFileRoute } from '@tanstack/react-router'
import { requireStaff } from '../flows/guards.ts'
import { TasksView } from '../views/admin/TasksView.tsx'
import { StaffLayoutView } from '../views/staff/StaffLayoutView.tsx'

/** Spec 2.1 "/inbox": the tasks page, inside the administration frame. */
export const Route = createFileRoute('/inbox')({
  beforeLoad: ({ context, location }) => requireStaff(context.session, location.href),
  component: () => <StaffLayoutView><TasksView /></StaffLayoutView>,
})
