import { createFileRoute, redirect } from '@tanstack/react-router'

/** The company area opens on its first page. */
export const Route = createFileRoute('/navbar/settings/company/')({
  beforeLoad: () => { throw redirect({ to: '/navbar/settings/company/general' }) },
})
