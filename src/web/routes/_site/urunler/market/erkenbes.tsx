import { createFileRoute } from '@tanstack/react-router'
import { BesPurchaseView } from '../../../../views/sales/bes/BesPurchaseView.tsx'

export const Route = createFileRoute('/_site/urunler/market/erkenbes')({
  component: () => <BesPurchaseView product="erkenbes" />,
})
