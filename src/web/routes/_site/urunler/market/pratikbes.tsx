import { createFileRoute } from '@tanstack/react-router'
import { purchaseRetrySearch } from '../../../../../domain/search.ts'
import { BesPurchaseView } from '../../../../views/sales/bes/BesPurchaseView.tsx'

/** `?purchase=` (the result page's "Tekrar dene": a purchase to pay again), validated. */
export const Route = createFileRoute('/_site/urunler/market/pratikbes')({
  validateSearch: purchaseRetrySearch,
  component: function BesPurchaseRoute() { return <BesPurchaseView product="pratikbes" retry={Route.useSearch().purchase} /> },
})
