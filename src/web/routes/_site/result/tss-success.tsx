import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { titled } from '../../../components/titled.tsx'
import { ResultView } from '../../../views/sales/PurchaseResultView.tsx'

export const Route = createFileRoute('/_site/result/tss-success')({
  component: titled(msg`Tamamlayıcı Sağlık Sigortası satın alma sonucu`, ResultView),
})
