import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../../components/titled.tsx'
import { TravelPurchaseView } from '../../../../views/sales/TravelPurchaseView.tsx'

export const Route = createFileRoute('/_site/urunler/market/seyahatsaglik')({
  component: titled(msg`Seyahat Sağlık Sigortası satın al`, TravelPurchaseView),
})
