import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { PurchaseView } from '../../../domain/schemas/purchase.ts'
import styles from '../../components/payment/PaymentForm.module.css'
import { runtimeConfig } from '../../config.ts'
import { fetchPurchase, purchaseDocumentUrl } from '../../flows/purchase-result.ts'
import { formatMoney } from '../../../domain/money.ts'
import { PaymentResultView } from '../payment/PaymentResultView.tsx'

const PRODUCT_PAGE: Record<string, string> = { tss: '/urunler/market/tss', seyahatsaglik: '/urunler/market/seyahatsaglik', erkenbes: '/urunler/market/erkenbes', pratikbes: '/urunler/market/pratikbes' }

/**
 * A purchase's result (`/result/tss-success?purchase=...` and the others): the server's record of
 * THAT purchase, read by its unguessable id. The path says nothing: an unpaid purchase shows as not
 * paid on a "success" page too.
 */
function PurchaseResult({ id }: { id: string }) {
  const { i18n } = useLingui()
  const [view, setView] = useState<PurchaseView | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    fetchPurchase(id).then(setView, () => setFailed(true))
  }, [id])
  if (failed) {
    return (
      <section className={styles.outcome} data-testid="purchase-outcome" data-state="missing">
        <h1><Trans>Satın alma kaydı bulunamadı</Trans></h1>
        <p><a href="/"><Trans>Ana sayfaya dön</Trans></a></p>
      </section>
    )
  }
  if (!view) return <section className={styles.outcome} data-state="loading"><h1><Trans>İşlem sonucu alınıyor…</Trans></h1></section>
  const amount = formatMoney(view.amount, view.currency, i18n.locale)
  // a pension contract has a participant and a contract; insurance a policy and an insured person
  const pension = view.product === 'erkenbes' || view.product === 'pratikbes'
  if (view.status === 'issued') {
    const number = view.policyNumber ?? ''
    const email = view.email
    return (
      <section className={styles.outcome} aria-live="polite" data-testid="purchase-outcome" data-state="issued">
        <h1 className={styles.ok}>{pension ? <Trans>Ödemeniz alındı, bireysel emeklilik sözleşmeniz düzenlendi</Trans> : <Trans>Ödemeniz alındı, poliçeniz düzenlendi</Trans>}</h1>
        <dl>
          <dt>{pension ? <Trans>Sözleşme numarası</Trans> : <Trans>Poliçe numarası</Trans>}</dt><dd data-testid="policy-number">{number}</dd>
          <dt>{pension ? <Trans>Katılımcı</Trans> : <Trans>Sigortalı</Trans>}</dt><dd>{view.insuredName}</dd>
          <dt><Trans>Tutar</Trans></dt><dd data-testid="outcome-amount">{amount}</dd>
          <dt><Trans>Sipariş numarası</Trans></dt><dd>{view.orderId}</dd>
        </dl>
        <p>{pension ? <Trans>Sözleşme özetiniz {email} adresine e-posta ile gönderildi.</Trans> : <Trans>Poliçe özetiniz {email} adresine e-posta ile gönderildi.</Trans>}</p>
        <p>
          <a className={styles.primary} href={purchaseDocumentUrl(runtimeConfig.apiBase, view.id)} download data-testid="policy-pdf">
            {pension ? <Trans>Sözleşme özetini indir (PDF)</Trans> : <Trans>Poliçe özetini indir (PDF)</Trans>}
          </a>
        </p>
        <p><a href="/"><Trans>Ana sayfaya dön</Trans></a></p>
      </section>
    )
  }
  return (
    <section className={styles.outcome} aria-live="polite" data-testid="purchase-outcome" data-state="unpaid">
      <h1 className={styles.fail}><Trans>Ödeme alınamadı</Trans></h1>
      <p><Trans>Başvurunuz kaydedildi. Aynı telefon numarasını yeniden doğrulayarak kaldığınız yerden devam edip başka bir kartla ödeyebilirsiniz.</Trans></p>
      <dl><dt><Trans>Tutar</Trans></dt><dd data-testid="outcome-amount">{amount}</dd></dl>
      <p><a className={styles.primary} href={PRODUCT_PAGE[view.product] ?? '/'}><Trans>Tekrar dene</Trans></a></p>
    </section>
  )
}

/** The result pages: a purchase's when the address names one, else the last card payment's. */
export function ResultView() {
  const [id] = useState(() => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('purchase')))
  return id ? <PurchaseResult id={id} /> : <PaymentResultView />
}
