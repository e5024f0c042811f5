import { Trans } from '@lingui/react/macro'
import { PensionFacts } from '../components/PensionFacts.tsx'
import { DeferredLandingSections } from '../components/landing/DeferredLandingSections.tsx'
import styles from './Hero.module.css'

/** The individual pension product page (`/urunler/birikim/bireysel-emeklilik`). */
export function PensionProductView() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="product-title">
        <div className="container">
          <h1 id="product-title" className={styles.title}>
            <Trans>Bireysel Emeklilik Sistemi (BES)</Trans>
          </h1>
          <p className={styles.lead}>
            <Trans>
              Bireysel Emeklilik Sistemi, çalışma hayatınız boyunca düzenli katkılarla birikim yapmanızı ve emekliliğinizde
              ek bir gelir elde etmenizi sağlayan, devlet destekli gönüllü bir tasarruf sistemidir.
            </Trans>
          </p>
          <div className={styles.actions}>
            <a className={styles.primary} href="/urunler/market/pratikbes">
              <Trans>Pratik BES'e katılın</Trans>
            </a>
            <a className={styles.secondary} href="/urunler/market/erkenbes">
              <Trans>Erken BES</Trans>
            </a>
          </div>
        </div>
      </section>
      <section className={`container ${styles.section}`} aria-labelledby="product-why">
        <h2 id="product-why">
          <Trans>Neden katılım esaslı BES?</Trans>
        </h2>
        <p>
          <Trans>
            Katkı paylarınız, faiz içermeyen ve katılım finans ilkelerine uygun emeklilik yatırım fonlarında değerlendirilir;
            birikiminiz ve devlet katkınız aynı ilkelerle yönetilir.
          </Trans>
        </p>
        <PensionFacts />
      </section>
      <DeferredLandingSections />
    </>
  )
}
