import { createFileRoute } from '@tanstack/react-router'
import { redirectSearch } from '../../../domain/search.ts'
import { requireLocked } from '../../flows/guards.ts'
import { LockView } from '../../views/auth/LockView.tsx'

export const Route = createFileRoute('/auth/lock')({
  validateSearch: redirectSearch,
  beforeLoad: ({ context }) => requireLocked(context.session),
  component: LockView,
})
