import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { formatMoney } from '../../../domain/money.ts'
import styles from '../../components/payment/PaymentForm.module.css'
import { markLastPaymentSeen } from '../../flows/last-payment.ts'
import { paymentResultFlow } from '../../flows/payment-result.ts'
import { getInspect } from '../../inspector.ts'
import { paymentReasonText } from './messages.ts'

/**
 * Above the form after a reload or Back during the 3-D step: what happened to the payment that was
 * left behind, as the server recorded it (the order id and receipt token of this tab). A concluded
 * outcome is shown once; one still waiting for the bank says so until the server concludes it.
 */
export function LastPaymentNotice() {
  const { i18n } = useLingui()
  const actor = useActorRef(paymentResultFlow, { input: { maxAttempts: 3, pollMs: 1500 }, inspect: getInspect() })
  const outcome = useSelector(actor, (s) => s.context.outcome)
  const settled = useSelector(actor, (s) => s.matches('shown') || s.matches('waiting'))
  const concluded = outcome && (outcome.status === 'succeeded' || outcome.status === 'failed') ? outcome.orderId : null
  useEffect(() => {
    if (concluded) markLastPaymentSeen(concluded)
  }, [concluded])
  if (!outcome || !settled) return null
  const orderId = outcome.orderId
  const amount = formatMoney(outcome.amount, outcome.currency, i18n.locale)
  const reason = paymentReasonText(outcome.reason, i18n)
  return (
    <div className={styles.notice} role="status" data-testid="last-payment" data-status={outcome.status}>
      {outcome.status === 'succeeded' && <Trans>Önceki ödemeniz başarıyla tamamlandı: {amount}, sipariş {orderId}.</Trans>}
      {outcome.status === 'failed' && <Trans>Önceki ödemeniz tamamlanamadı: {amount}, sipariş {orderId}. {reason}</Trans>}
      {(outcome.status === 'created' || outcome.status === 'awaiting3ds') && (
        <Trans>Önceki ödemeniz ({amount}, sipariş {orderId}) 3D doğrulama adımında yarıda kaldı ve sonuçlanmadı. Bankadan yanıt gelmezse süresi dolunca başarısız sayılır; isterseniz yeniden deneyebilirsiniz.</Trans>
      )}
    </div>
  )
}
