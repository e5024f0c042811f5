import { createFileRoute } from '@tanstack/react-router'
import { NotificationView } from '../../../../views/admin/company/NotificationView.tsx'

export const Route = createFileRoute('/navbar/settings/company/notification')({
  component: NotificationView,
})
