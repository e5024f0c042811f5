import { Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AUDIT_PAGE, COMPANY_PAGES, CONSENTS_PAGE, TARIFFS_PAGE, COMPANY_PERMISSIONS, PAYMENTS_PAGE, ROLES_PAGE, TEAM_PAGE, USERS_PAGE, type AdminPage } from '../admin/pages.ts'
import { StaffPage } from './StaffPage.tsx'
import { useCan } from './useCan.ts'
import styles from './StaffLayout.module.css'

/** The company settings hub (spec 2.2, named navbar-settings-global-settings): four areas, and the audit log. */
export function GlobalSettingsView() {
  const { i18n } = useLingui()
  const can = useCan()
  const companyPages = COMPANY_PAGES.filter((p) => can(p.permission))
  const card = (page: AdminPage) => can(page.permission) && (
    <article className={styles.card} key={page.path}>
      <Link to={page.path} className={styles.cardLink}>
        <h2>{i18n._(page.title)}</h2>
        {page.summary && <p>{i18n._(page.summary)}</p>}
      </Link>
    </article>
  )
  const any = can(COMPANY_PERMISSIONS) || [TEAM_PAGE, ROLES_PAGE, USERS_PAGE, AUDIT_PAGE, PAYMENTS_PAGE, CONSENTS_PAGE, TARIFFS_PAGE].some((p) => can(p.permission))
  return (
    <StaffPage title={msg`Şirket Ayarları`}>
      {!any && <p className={styles.notice} role="status"><Trans>Aktif rolünüzün yönetebileceği bir ayar yok.</Trans></p>}
      <div className={styles.grid}>
        {companyPages.length > 0 && (
          <article className={styles.card}>
            <h2><Link to={companyPages[0]!.path}><Trans>Şirket</Trans></Link></h2>
            <p><Trans>Genel bilgiler, logo, adresler, unvanlar, bildirim, güvenlik ve tercih ayarları.</Trans></p>
            <ul className={styles.subnav}>
              {companyPages.map((p) => <li key={p.path}><Link to={p.path}>{i18n._(p.title)}</Link></li>)}
            </ul>
          </article>
        )}
        {card(TEAM_PAGE)}
        {card(ROLES_PAGE)}
        {card(USERS_PAGE)}
        {card(AUDIT_PAGE)}
        {card(PAYMENTS_PAGE)}
        {card(CONSENTS_PAGE)}
        {card(TARIFFS_PAGE)}
      </div>
    </StaffPage>
  )
}
