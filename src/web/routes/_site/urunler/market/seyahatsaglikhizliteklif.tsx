import { createFileRoute } from '@tanstack/react-router'
import { TravelQuickQuoteView } from '../../../../views/sales/TravelQuickQuoteView.tsx'

export const Route = createFileRoute('/_site/urunler/market/seyahatsaglikhizliteklif')({
  component: TravelQuickQuoteView,
})
