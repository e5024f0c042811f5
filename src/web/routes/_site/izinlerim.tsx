import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../components/titled.tsx'
import { MyConsentsView } from '../../views/sales/MyConsentsView.tsx'

/** The customer's consent page (issue 24 item 10): its flow loads with the split-off component. */
export const Route = createFileRoute('/_site/izinlerim')({
  component: titled(msg`İzinlerim`, MyConsentsView),
})
