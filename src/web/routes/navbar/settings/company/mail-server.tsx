import { createFileRoute } from '@tanstack/react-router'
import { MailServerView } from '../../../../views/admin/company/MailServerView.tsx'

export const Route = createFileRoute('/navbar/settings/company/mail-server')({
  component: MailServerView,
})
