import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { tssPurchaseSearch } from '../../../../../domain/search.ts'
import { titled } from '../../../../components/titled.tsx'
import { TssPurchaseView } from '../../../../views/sales/TssPurchaseView.tsx'

const View = titled(msg`Tamamlayıcı Sağlık Sigortası satın al`, TssPurchaseView)

/** `?gender=&citycode=&birthdate=&visits=` (the quick quote's answers) and `?purchase=` (a purchase to pay again), validated. */
export const Route = createFileRoute('/_site/urunler/market/tss')({
  validateSearch: tssPurchaseSearch,
  component: function TssPurchaseRoute() { return <View search={Route.useSearch()} /> },
})
