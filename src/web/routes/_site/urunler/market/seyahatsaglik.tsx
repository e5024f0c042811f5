import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { travelPurchaseSearch } from '../../../../../domain/search.ts'
import { titled } from '../../../../components/titled.tsx'
import { TravelPurchaseView } from '../../../../views/sales/TravelPurchaseView.tsx'

const View = titled(msg`Seyahat Sağlık Sigortası satın al`, TravelPurchaseView)

/** The travel quick quote's plan (`?gender=&birthdate=&travelLocation=&coverageType=&covid=&startDate=&endDate=`) and `?purchase=` (a purchase to pay again), validated. */
export const Route = createFileRoute('/_site/urunler/market/seyahatsaglik')({
  validateSearch: travelPurchaseSearch,
  component: function TravelPurchaseRoute() { return <View search={Route.useSearch()} /> },
})
