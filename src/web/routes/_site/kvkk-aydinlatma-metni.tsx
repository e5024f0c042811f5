import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../components/titled.tsx'
import { KvkkNoticeView } from '../../views/KvkkNoticeView.tsx'

export const Route = createFileRoute('/_site/kvkk-aydinlatma-metni')({
  component: titled(msg`KVKK Aydınlatma Metni`, KvkkNoticeView),
})
