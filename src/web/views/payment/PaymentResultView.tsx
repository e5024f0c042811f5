import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { CATALOGUE } from '../../api/errors.ts'
import { PaymentOutcomeCard } from '../../components/payment/PaymentOutcomeCard.tsx'
import styles from '../../components/payment/PaymentForm.module.css'
import { markLastPaymentSeen } from '../../flows/last-payment.ts'
import { paymentResultFlow } from '../../flows/payment-result.ts'
import { getInspect } from '../../inspector.ts'
import { formatMoney } from '../../../domain/money.ts'
import { paymentReasonText } from './messages.ts'

/**
 * /result/success, /result/error (and the tss pair): the last payment's outcome as the server
 * recorded it. The path says nothing: a "success" URL for a failed payment shows the failure.
 */
export function PaymentResultView() {
  const { i18n } = useLingui()
  const actor = useActorRef(paymentResultFlow, { input: undefined, inspect: getInspect() })
  const missing = useSelector(actor, (s) => s.matches('missing'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const outcome = useSelector(actor, (s) => s.context.outcome)
  const concluded = outcome && (outcome.status === 'succeeded' || outcome.status === 'failed') ? outcome.orderId : null
  // shown here: the form on `/` need not tell it again
  useEffect(() => {
    if (concluded) markLastPaymentSeen(concluded)
  }, [concluded])
  if (missing) return <PaymentOutcomeCard state="missing" title={<Trans>Gösterilecek bir ödeme bulunamadı</Trans>} />
  if (failed) {
    return (
      <>
        <PaymentOutcomeCard state="error" title={<Trans>İşlem sonucu alınamadı</Trans>} reason={i18n._(CATALOGUE.TECHNICAL)} />
        <div className="container">
          <button type="button" className={styles.primary} onClick={() => actor.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
        </div>
      </>
    )
  }
  if (!outcome) return <PaymentOutcomeCard state="loading" title={<Trans>İşlem sonucu alınıyor…</Trans>} />
  const o = outcome
  const amount = formatMoney(o.amount, o.currency, i18n.locale)
  const time = new Intl.DateTimeFormat(i18n.locale || 'tr', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Istanbul' }).format(new Date(o.updatedAt))
  const common = { amount, maskedPan: o.maskedPan, orderId: o.orderId, time, installment: o.installment }
  if (o.status === 'succeeded') return <PaymentOutcomeCard state="succeeded" title={<Trans>Ödeme başarılı</Trans>} {...common} />
  if (o.status === 'failed') return <PaymentOutcomeCard state="failed" title={<Trans>Ödeme başarısız</Trans>} reason={paymentReasonText(o.reason, i18n)} {...common} />
  return <PaymentOutcomeCard state="pending" title={<Trans>Ödeme henüz sonuçlanmadı</Trans>} {...common} />
}
