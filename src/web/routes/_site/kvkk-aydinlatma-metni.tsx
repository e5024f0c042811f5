import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../components/titled.tsx'
import { i18n } from '../../i18n/index.ts'
import { loadNoticeCatalog } from '../../i18n/notice.ts'
import { KvkkNoticeView } from '../../views/KvkkNoticeView.tsx'

export const Route = createFileRoute('/_site/kvkk-aydinlatma-metni')({
  // the notice's own catalog before the first render: the prerendered text hydrates as it is
  loader: () => loadNoticeCatalog(i18n),
  component: titled(msg`KVKK Aydınlatma Metni`, KvkkNoticeView),
})
