import { createFileRoute } from '@tanstack/react-router'
import { TravelPurchaseView } from '../../../../views/sales/TravelPurchaseView.tsx'

export const Route = createFileRoute('/_site/urunler/market/seyahatsaglik')({
  component: TravelPurchaseView,
})
