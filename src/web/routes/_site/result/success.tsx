import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { purchaseResultSearch } from '../../../../domain/search.ts'
import { titled } from '../../../components/titled.tsx'
import { ResultView } from '../../../views/sales/PurchaseResultView.tsx'

const View = titled(msg`Satın alma sonucu`, ResultView)

/** `?purchase=<id>&key=` (the purchase shown, the mailed link's key), validated. */
export const Route = createFileRoute('/_site/result/success')({
  validateSearch: purchaseResultSearch,
  component: function ResultRoute() { return <View search={Route.useSearch()} /> },
})
