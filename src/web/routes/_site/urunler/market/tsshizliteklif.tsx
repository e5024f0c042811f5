import { createFileRoute } from '@tanstack/react-router'
import { TssQuickQuoteView } from '../../../../views/sales/TssQuickQuoteView.tsx'

export const Route = createFileRoute('/_site/urunler/market/tsshizliteklif')({
  component: TssQuickQuoteView,
})
