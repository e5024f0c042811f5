import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'
import styles from '../../components/payment/PaymentForm.module.css'

const PaymentTestForm = lazy(() => import('./PaymentTestForm.tsx'))

/**
 * The card payment test form at the top of `/` (spec 1, 3.4, 4). The form's code (machine, masks,
 * BIN check, gateway call) is its own chunk, loaded after the page is painted; the section keeps
 * its height meanwhile so nothing below it moves.
 */
export function PaymentTestSection() {
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  const placeholder = (
    <div aria-busy="true" className={styles.grid}>
      <div>
        <h2 className={styles.title}><Trans>3D Secure kart ödeme testi</Trans></h2>
      </div>
    </div>
  )
  return (
    <section className={styles.section} aria-labelledby="payment-test-title" data-testid="payment-section">
      <div className="container">
        {ready ? <Suspense fallback={placeholder}><PaymentTestForm /></Suspense> : placeholder}
      </div>
    </section>
  )
}
