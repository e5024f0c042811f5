import { createFileRoute } from '@tanstack/react-router'
import { redirectSearch } from '../../../domain/search.ts'
import { redirectIfSignedIn } from '../../flows/guards.ts'
import { LoginView } from '../../views/auth/LoginView.tsx'

export const Route = createFileRoute('/auth/login')({
  validateSearch: redirectSearch,
  beforeLoad: ({ context }) => redirectIfSignedIn(context.session),
  component: LoginView,
})
