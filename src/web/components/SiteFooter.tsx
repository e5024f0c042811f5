import { Trans, useLingui } from '@lingui/react/macro'
import { CLIENT_VERSION, COMPANY } from '../../domain/constants.ts'
import { KVKK_NOTICE_PATH, MY_CONSENTS_PATH } from '../../domain/navigation.ts'
import { Clock } from './Clock.tsx'
import { CookieNotice } from './CookieNotice.tsx'
import { linkHref } from './SiteHeader.tsx'
import { ONLINE_BRANCHES, PHONE, PRODUCT_MENUS, SOCIAL_LINKS } from './site-links.ts'
import styles from './SiteFooter.module.css'

export function SiteFooter({ mainSite }: { mainSite: (path: string) => string }) {
  const { i18n, t } = useLingui()
  const year = new Date().getFullYear()
  const { tradeName, mersisNo, registryNo, address, kep } = COMPANY
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        {PRODUCT_MENUS.map((menu) => (
          <nav key={menu.label.id} aria-label={i18n._(menu.label)}>
            <h2 className={styles.heading}>{i18n._(menu.label)}</h2>
            <ul className={styles.list}>
              {menu.links.map((link) => (
                <li key={link.path}>
                  <a href={linkHref(link, mainSite)}>{i18n._(link.label)}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            <Trans>Bize ulaşın</Trans>
          </h2>
          <ul className={styles.list}>
            <li>
              <a href={PHONE.href}>{PHONE.display}</a>
            </li>
            {ONLINE_BRANCHES.map((link) => (
              <li key={link.path}>
                <a href={linkHref(link, mainSite)}>{i18n._(link.label)}</a>
              </li>
            ))}
          </ul>
          <h2 className={styles.heading} style={{ marginTop: 'var(--space-4)' }}>
            <Trans>Bizi takip edin</Trans>
          </h2>
          <ul className={styles.list} aria-label={t`Sosyal medya`}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                  <span className="visually-hidden"> ({t`yeni sekmede açılır`})</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className={`container ${styles.legal}`}>
        <ul className={styles.legalLinks}>
          <li><a href={KVKK_NOTICE_PATH}><Trans>KVKK Aydınlatma Metni</Trans></a></li>
          <li><a href={`${KVKK_NOTICE_PATH}#cerezler`}><Trans>Çerez Politikası</Trans></a></li>
          <li><a href={MY_CONSENTS_PATH}><Trans>İzinlerim</Trans></a></li>
        </ul>
        <p className={styles.registration} data-testid="illustrative-figures">
          <Trans>Bu site bir demodur: gösterilen primler, tarifeler ve emeklilik fonları örnek amaçlıdır; gerçek bir teklif, tarife veya yatırım tavsiyesi değildir.</Trans>
        </p>
        <p className={styles.registration} data-testid="company-registration">
          <Trans>{tradeName} · MERSİS no: {mersisNo} · İstanbul Ticaret Sicili no: {registryNo} · Adres: {address} · KEP: {kep}</Trans>
        </p>
      </div>
      <div className={`container ${styles.bottom}`}>
        <span>© {year} Katılım Emeklilik ve Hayat A.Ş.</span>
        <span className={styles.spacer} />
        <Clock className={styles.clock} />
        <span>
          <Trans>Sürüm {CLIENT_VERSION}</Trans>
        </span>
      </div>
      <CookieNotice />
    </footer>
  )
}
