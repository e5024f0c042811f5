import { createFileRoute } from '@tanstack/react-router'
import { ResultView } from '../../../views/sales/PurchaseResultView.tsx'

export const Route = createFileRoute('/_site/result/error')({
  component: ResultView,
})
