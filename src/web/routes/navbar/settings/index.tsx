import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/navbar/settings` opens the settings hub (issue 25 item 12). */
export const Route = createFileRoute('/navbar/settings/')({
  beforeLoad: () => { throw redirect({ to: '/navbar/settings/global-settings' }) },
})
