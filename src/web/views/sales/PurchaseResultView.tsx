import { Trans, useLingui } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { useSelector } from '@xstate/react'
import type { PurchaseView } from '../../../domain/schemas/purchase.ts'
import type { PurchaseResultSearch } from '../../../domain/search.ts'
import { CATALOGUE } from '../../api/errors.ts'
import styles from '../../components/payment/PaymentForm.module.css'
import { runtimeConfig } from '../../config.ts'
import { purchaseDocumentUrl, purchaseResultFlow } from '../../flows/purchase-result.ts'
import { formatMoney } from '../../../domain/money.ts'
import { PaymentResultView } from '../payment/PaymentResultView.tsx'
import { paymentReasonText } from '../payment/messages.ts'
import { useLoader } from '../staff/useFlow.ts'

const PRODUCT_PAGE: Record<string, string> = { tss: '/urunler/market/tss', seyahatsaglik: '/urunler/market/seyahatsaglik', erkenbes: '/urunler/market/erkenbes', pratikbes: '/urunler/market/pratikbes' }

/**
 * A purchase's result (`/result/tss-success?purchase=...` and the others): the server's record of
 * THAT purchase, read by its unguessable id. The path says nothing: an unpaid purchase shows as not
 * paid on a "success" page too. A bare link shows the summary only; the policy's details and PDF
 * need the buying phone's cookie or the mailed link's `key` (issue 21). A failed payment says why,
 * and "Tekrar dene" opens the payment step of the same purchase.
 */
function PurchaseResult({ id, linkKey }: { id: string; linkKey: string | null }) {
  const { i18n } = useLingui()
  const load = useLoader(purchaseResultFlow, { id, key: linkKey })
  const state = useSelector(load, (s) => s.value as 'loading' | 'ready' | 'failed')
  const view = useSelector(load, (s) => (s.matches('ready') ? (s.context.data as PurchaseView) : null))
  const reason = useSelector(load, (s) => s.context.error)
  // no such purchase (or not readable): said so; a request without an answer can be tried again
  if (state === 'failed' && reason !== 'NETWORK') {
    return (
      <section className={styles.outcome} data-testid="purchase-outcome" data-state="missing">
        <h1><Trans>Satın alma kaydı bulunamadı</Trans></h1>
        <p><a href="/"><Trans>Ana sayfaya dön</Trans></a></p>
      </section>
    )
  }
  if (state === 'failed') {
    return (
      <section className={styles.outcome} data-testid="purchase-outcome" data-state="failed" role="alert">
        <h1><Trans>İşlem sonucu alınamadı</Trans></h1>
        <p>{i18n._(CATALOGUE.NETWORK)}</p>
        <p><button type="button" className={styles.primary} onClick={() => load.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button></p>
      </section>
    )
  }
  if (!view) return <section className={styles.outcome} data-state="loading"><h1><Trans>İşlem sonucu alınıyor…</Trans></h1></section>
  const amount = formatMoney(view.amount, view.currency, i18n.locale)
  // a pension contract has a participant and a contract; insurance a policy and an insured person
  const pension = view.product === 'erkenbes' || view.product === 'pratikbes'
  if (view.status === 'issued' && view.access === 'summary') {
    const issued = new Intl.DateTimeFormat(i18n.locale || 'tr', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(new Date(view.issuedAt ?? view.createdAt))
    return (
      <section className={styles.outcome} aria-live="polite" data-testid="purchase-outcome" data-state="issued" data-access="summary">
        <h1 className={styles.ok}>{pension ? <Trans>Ödemeniz alındı, bireysel emeklilik sözleşmeniz düzenlendi</Trans> : <Trans>Ödemeniz alındı, poliçeniz düzenlendi</Trans>}</h1>
        <dl>
          <dt><Trans>Tutar</Trans></dt><dd data-testid="outcome-amount">{amount}</dd>
          <dt><Trans>Düzenlenme tarihi</Trans></dt><dd>{issued}</dd>
        </dl>
        <p data-testid="details-locked">{pension
          ? <Trans>Sözleşme numarası, katılımcı bilgileri ve sözleşme belgesi, satın alma yapılan tarayıcıda ya da e-postanıza gönderilen bağlantıyla görülebilir.</Trans>
          : <Trans>Poliçe numarası, sigortalı bilgileri ve poliçe belgesi, satın alma yapılan tarayıcıda ya da e-postanıza gönderilen bağlantıyla görülebilir.</Trans>}</p>
        <p><a href="/"><Trans>Ana sayfaya dön</Trans></a></p>
      </section>
    )
  }
  if (view.status === 'issued') {
    const number = view.policyNumber ?? ''
    const email = view.email ?? ''
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
          <a className={styles.primary} href={purchaseDocumentUrl(runtimeConfig.apiBase, view.id, linkKey)} download data-testid="policy-pdf">
            {pension ? <Trans>Sözleşme özetini indir (PDF)</Trans> : <Trans>Poliçe özetini indir (PDF)</Trans>}
          </a>
        </p>
        <p><a href="/"><Trans>Ana sayfaya dön</Trans></a></p>
      </section>
    )
  }
  if (view.paymentInProgress) {
    return (
      <section className={styles.outcome} aria-live="polite" data-testid="purchase-outcome" data-state="pending">
        <h1><Trans>Ödemeniz bankada sürüyor</Trans></h1>
        <p><Trans>Bankanın yanıtı bekleniyor. Birkaç dakika içinde bu sayfayı yenileyerek sonucu görebilirsiniz; tekrar ödeme yapmayınız.</Trans></p>
        <dl><dt><Trans>Tutar</Trans></dt><dd data-testid="outcome-amount">{amount}</dd></dl>
        <p><a className={styles.primary} href={location.href}><Trans>Sayfayı yenile</Trans></a></p>
      </section>
    )
  }
  // the payment step of this same purchase: the answers are kept with it
  const retry = `${PRODUCT_PAGE[view.product] ?? '/'}?purchase=${encodeURIComponent(view.id)}`
  return (
    <section className={styles.outcome} aria-live="polite" data-testid="purchase-outcome" data-state="unpaid">
      <h1 className={styles.fail}><Trans>Ödeme alınamadı</Trans></h1>
      {view.lastFailure && <p data-testid="failure-reason" data-reason={view.lastFailure}>{paymentReasonText(view.lastFailure, i18n)}</p>}
      <p><Trans>Cevaplarınız bu satın almayla birlikte kaydedildi: aynı kartla ya da başka bir kredi kartıyla yeniden ödeyebilirsiniz.</Trans></p>
      <dl><dt><Trans>Tutar</Trans></dt><dd data-testid="outcome-amount">{amount}</dd></dl>
      <p><a className={styles.primary} href={retry} data-testid="retry-payment"><Trans>Tekrar dene</Trans></a></p>
    </section>
  )
}

/** The result pages: a purchase's when the address names one, else the last card payment's. */
export function ResultView({ search }: { search: PurchaseResultSearch }) {
  // the prerendered page (no address query, no storage) says "loading"; hydration keeps that markup
  // and then renders what the address (the route's validated search) names: the server's snapshot is false
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false)
  const id = search.purchase ?? null
  // the outcome replaces "loading" once the server answers: the area holds a screen's height, so
  // that the footer stays below the fold and nothing moves into view (CLS, issue 23)
  return (
    <div style={{ minHeight: '100vh' }}>
      {!hydrated ? <section className={styles.outcome} data-state="loading"><h1><Trans>İşlem sonucu alınıyor…</Trans></h1></section>
        : id ? <PurchaseResult id={id} linkKey={search.key ?? null} /> : <PaymentResultView />}
    </div>
  )
}

const noSubscription = () => () => {}
