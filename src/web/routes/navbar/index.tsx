import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/navbar/')({
  beforeLoad: () => { throw redirect({ to: '/navbar/home/main' }) },
})
