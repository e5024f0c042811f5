import { createFileRoute } from '@tanstack/react-router'
import { KvkkNoticeView } from '../../views/KvkkNoticeView.tsx'

export const Route = createFileRoute('/_site/kvkk-aydinlatma-metni')({
  component: KvkkNoticeView,
})
