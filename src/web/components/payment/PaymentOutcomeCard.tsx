import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import styles from './PaymentForm.module.css'

/** A payment's outcome as the server recorded it. */
export function PaymentOutcomeCard({ state, title, reason, amount, maskedPan, orderId, time, installment }: {
  state: 'succeeded' | 'failed' | 'pending' | 'missing' | 'loading' | 'error'
  title: ReactNode; reason?: ReactNode; amount?: string; maskedPan?: string; orderId?: string; time?: string; installment?: number
}) {
  return (
    <section className={styles.outcome} aria-live="polite" data-testid="payment-outcome" data-state={state}>
      <h1 className={state === 'succeeded' ? styles.ok : state === 'failed' ? styles.fail : undefined}>{title}</h1>
      {reason && <p>{reason}</p>}
      {orderId && (
        <dl>
          <dt><Trans>Tutar</Trans></dt><dd data-testid="outcome-amount">{amount}</dd>
          <dt><Trans>Kart</Trans></dt><dd data-testid="outcome-card">{maskedPan}</dd>
          <dt><Trans>Taksit</Trans></dt><dd>{installment}</dd>
          <dt><Trans>Sipariş numarası</Trans></dt><dd data-testid="outcome-order">{orderId}</dd>
          <dt><Trans>İşlem zamanı</Trans></dt><dd>{time}</dd>
        </dl>
      )}
      <p><a href="/"><Trans>Ana sayfaya dön</Trans></a></p>
    </section>
  )
}
