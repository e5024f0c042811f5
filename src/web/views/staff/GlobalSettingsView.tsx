import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import styles from './StaffLayout.module.css'

/** The company settings hub (spec 2.2): four areas. */
export function GlobalSettingsView() {
  const { t } = useLingui()
  useDocumentTitle(t`Şirket Ayarları`)
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" tabIndex={-1}><Trans>Şirket Ayarları</Trans></h1>
      <div className={styles.grid}>
        <article className={styles.card}>
          <h2><Trans>Şirket</Trans></h2>
          <p><Trans>Genel bilgiler, logo, adresler, unvanlar, bildirim, güvenlik ve tercih ayarları.</Trans></p>
        </article>
        <article className={styles.card}>
          <h2><Trans>Ekip</Trans></h2>
          <p><Trans>Organizasyon ağacı: grupları sürükleyip üst gruba bırakarak düzenleyin.</Trans></p>
        </article>
        <article className={styles.card}>
          <h2><Trans>Yetkiler</Trans></h2>
          <p><Trans>Roller ve yetki paketleri.</Trans></p>
        </article>
        <article className={styles.card}>
          <h2><Trans>Kullanıcı</Trans></h2>
          <p><Trans>Kullanıcılar, grup ve rol atamaları.</Trans></p>
        </article>
      </div>
    </section>
  )
}
