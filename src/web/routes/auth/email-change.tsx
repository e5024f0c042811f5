import { createFileRoute } from '@tanstack/react-router'
import { EmailChangeView } from '../../views/auth/EmailChangeView.tsx'

/** The links of an e-mail change (issue 28): the token is in the fragment (#confirm=… or #cancel=…). */
export const Route = createFileRoute('/auth/email-change')({
  component: EmailChangeView,
})
