import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'
import styles from '../../components/payment/PaymentForm.module.css'
import { hasUnseenPayment } from '../../flows/last-payment.ts'
import { onIntent } from '../../intent.ts'
import { withTexts } from '../../i18n/index.ts'

// the card form's code and its texts (the `card` catalog part) load together when it is first needed
const PaymentTestForm = lazy(() => withTexts('card', import('./PaymentTestForm.tsx')))

/**
 * The card payment test form at the top of `/` (spec 1, 3.4, 4). Its code (machine, masks, BIN
 * check, gateway call and xstate, about 38 KiB gzipped) loads on the visitor's first sign of
 * intent (src/web/intent.ts, watched from before hydration): a pointer move, a touch, a key, a
 * scroll, a focus, or the button below. The page paints and becomes interactive without it, and
 * the section keeps its height meanwhile, so nothing moves.
 */
export function PaymentTestSection() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    // a payment left behind in this tab (reload or Back during the 3-D step): the form says what happened to it
    if (hasUnseenPayment()) {
      setReady(true)
      return
    }
    // intent seen since the entry module ran counts too: a pointer moved during hydration is not lost
    return onIntent(() => setReady(true))
  }, [ready])
  const placeholder = (
    <div aria-busy={ready} className={styles.grid}>
      <div>
        <h2 id="payment-test-title" className={styles.title}><Trans>3D Secure kart ödeme testi</Trans></h2>
        <p><Trans>Kart bilgilerinizi girip 3D Güvenli İşlem adımını test ortamında deneyebilirsiniz.</Trans></p>
        {!ready && (
          <button type="button" className={styles.primary} onClick={() => setReady(true)}>
            <Trans>Ödeme test formunu aç</Trans>
          </button>
        )}
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
