import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../../components/titled.tsx'
import { TravelQuickQuoteView } from '../../../../views/sales/TravelQuickQuoteView.tsx'

export const Route = createFileRoute('/_site/urunler/market/seyahatsaglikhizliteklif')({
  component: titled(msg`Seyahat Sağlık Sigortası hızlı teklif`, TravelQuickQuoteView),
})
