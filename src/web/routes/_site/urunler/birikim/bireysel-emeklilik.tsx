import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../../components/titled.tsx'
import { PensionProductView } from '../../../../views/PensionProductView.tsx'

export const Route = createFileRoute('/_site/urunler/birikim/bireysel-emeklilik')({
  component: titled(msg`Bireysel Emeklilik Sistemi (BES)`, PensionProductView),
})
