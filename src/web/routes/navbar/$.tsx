import { createFileRoute } from '@tanstack/react-router'
import { NotFoundView } from '../../views/admin/NotFoundView.tsx'

/** Any other staff address: "page not found" inside the shell. */
export const Route = createFileRoute('/navbar/$')({
  component: NotFoundView,
})
