import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../components/titled.tsx'
import { ResultView } from '../../../views/sales/PurchaseResultView.tsx'

export const Route = createFileRoute('/_site/result/success')({
  component: titled(msg`Satın alma sonucu`, ResultView),
})
