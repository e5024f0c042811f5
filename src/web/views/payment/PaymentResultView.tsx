import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { CATALOGUE } from '../../api/errors.ts'
import { PaymentOutcomeCard } from '../../components/payment/PaymentOutcomeCard.tsx'
import { fetchLastOutcome, type PaymentOutcome } from '../../flows/payment.ts'
import { paymentReasonText } from './messages.ts'

/**
 * /result/success, /result/error (and the tss pair): the last payment's outcome as the server
 * recorded it. The path says nothing: a "success" URL for a failed payment shows the failure.
 */
export function PaymentResultView() {
  const { i18n } = useLingui()
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | { kind: 'shown'; outcome: PaymentOutcome }>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    fetchLastOutcome().then(
      (outcome) => { if (live) setState(outcome ? { kind: 'shown', outcome } : { kind: 'missing' }) },
      () => { if (live) setState({ kind: 'error' }) },
    )
    return () => { live = false }
  }, [])
  if (state.kind === 'loading') return <PaymentOutcomeCard state="loading" title={<Trans>İşlem sonucu alınıyor…</Trans>} />
  if (state.kind === 'missing') return <PaymentOutcomeCard state="missing" title={<Trans>Gösterilecek bir ödeme bulunamadı</Trans>} />
  if (state.kind === 'error') return <PaymentOutcomeCard state="error" title={<Trans>İşlem sonucu alınamadı</Trans>} reason={i18n._(CATALOGUE.TECHNICAL)} />
  const o = state.outcome
  const amount = `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(o.amount))} ${o.currency}`
  const time = new Intl.DateTimeFormat(i18n.locale || 'tr', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Istanbul' }).format(new Date(o.updatedAt))
  const common = { amount, maskedPan: o.maskedPan, orderId: o.orderId, time, installment: o.installment }
  if (o.status === 'succeeded') return <PaymentOutcomeCard state="succeeded" title={<Trans>Ödeme başarılı</Trans>} {...common} />
  if (o.status === 'failed') return <PaymentOutcomeCard state="failed" title={<Trans>Ödeme başarısız</Trans>} reason={paymentReasonText(o.reason, i18n)} {...common} />
  return <PaymentOutcomeCard state="pending" title={<Trans>Ödeme henüz sonuçlanmadı</Trans>} {...common} />
}
