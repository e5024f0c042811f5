import { createFileRoute } from '@tanstack/react-router'
import { requireLocked } from '../../flows/guards.ts'
import { LockView } from '../../views/auth/LockView.tsx'

export const Route = createFileRoute('/auth/lock')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: () => requireLocked(),
  component: LockView,
})
