import { createFileRoute } from '@tanstack/react-router'
import { BesPurchaseView } from '../../../../views/sales/bes/BesPurchaseView.tsx'

export const Route = createFileRoute('/_site/urunler/market/pratikbes')({
  component: () => <BesPurchaseView product="pratikbes" />,
})
