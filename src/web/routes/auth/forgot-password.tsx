import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordView } from '../../views/auth/ForgotPasswordView.tsx'

export const Route = createFileRoute('/auth/forgot-password')({
  component: ForgotPasswordView,
})
