import { createFileRoute } from '@tanstack/react-router'
import { TssPurchaseView } from '../../../../views/sales/TssPurchaseView.tsx'

export const Route = createFileRoute('/_site/urunler/market/tss')({
  component: TssPurchaseView,
})
