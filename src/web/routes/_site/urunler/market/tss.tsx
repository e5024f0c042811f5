import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../../components/titled.tsx'
import { TssPurchaseView } from '../../../../views/sales/TssPurchaseView.tsx'

export const Route = createFileRoute('/_site/urunler/market/tss')({
  component: titled(msg`Tamamlayıcı Sağlık Sigortası satın al`, TssPurchaseView),
})
