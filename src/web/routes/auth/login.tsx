import { createFileRoute } from '@tanstack/react-router'
import { redirectIfSignedIn } from '../../flows/guards.ts'
import { LoginView } from '../../views/auth/LoginView.tsx'

export const Route = createFileRoute('/auth/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: () => redirectIfSignedIn(),
  component: LoginView,
})
