import { createFileRoute } from '@tanstack/react-router'
import { requirePasswordExpired } from '../../flows/guards.ts'
import { PasswordExpiredView } from '../../views/auth/PasswordExpiredView.tsx'

export const Route = createFileRoute('/auth/password-expired')({
  beforeLoad: ({ context }) => requirePasswordExpired(context.session),
  component: PasswordExpiredView,
})
