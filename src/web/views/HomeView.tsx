import { Trans } from '@lingui/react/macro'
import { PENSION_PRODUCT_PATH } from '../../domain/navigation.ts'
import { PensionFacts } from '../components/PensionFacts.tsx'
import { PaymentTestSection } from './payment/PaymentTestSection.tsx'
import { DeferredLandingSections } from '../components/landing/DeferredLandingSections.tsx'
import styles from './Hero.module.css'

/**
 * The sales home page (`/`): the private pension (BES) landing page. Hero, then the card payment test
 * form (another issue; its slot is marked below), then the landing sections (spec 2.3).
 */
export function HomeView() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title" className={styles.title}>
            <Trans>Katılım esaslı Bireysel Emeklilik ile geleceğinize yatırım yapın</Trans>
          </h1>
          <p className={styles.lead}>
            <Trans>
              Birikimleriniz faizsiz, katılım esaslı fonlarda değerlenir; devlet katkısıyla birikiminiz daha hızlı büyür.
            </Trans>
          </p>
          <div className={styles.actions}>
            <a className={styles.primary} href="/urunler/market/erkenbes">
              <Trans>Erken BES'e hemen katılın</Trans>
            </a>
            <a className={styles.secondary} href={PENSION_PRODUCT_PATH}>
              <Trans>Bireysel Emeklilik hakkında</Trans>
            </a>
          </div>
          <PensionFacts />
        </div>
      </section>
      {/* ── Card payment test form (spec 3.4, its own issue): <PaymentTestSection /> goes on the next line ── */}
      <PaymentTestSection />
      {/* ── end of the card payment test form ── */}
      <DeferredLandingSections />
    </>
  )
}
