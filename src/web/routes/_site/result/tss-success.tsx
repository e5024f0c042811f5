import { createFileRoute } from '@tanstack/react-router'
import { PaymentResultView } from '../../../views/payment/PaymentResultView.tsx'

export const Route = createFileRoute('/_site/result/tss-success')({
  component: PaymentResultView,
})
