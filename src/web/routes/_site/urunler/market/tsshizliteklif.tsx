import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../../components/titled.tsx'
import { TssQuickQuoteView } from '../../../../views/sales/TssQuickQuoteView.tsx'

export const Route = createFileRoute('/_site/urunler/market/tsshizliteklif')({
  component: titled(msg`Tamamlayıcı Sağlık Sigortası hızlı teklif`, TssQuickQuoteView),
})
