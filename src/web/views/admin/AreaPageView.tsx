import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { ComingSoon, StaffPage } from '../staff/StaffPage.tsx'
import { useCan } from '../staff/useCan.ts'
import styles from '../staff/StaffLayout.module.css'
import { COMPANY_PAGES, type AdminPage } from './pages.ts'

/** The company area's own navigation: its six pages, those the active role may read. */
export function CompanyNav() {
  const { i18n, t } = useLingui()
  const can = useCan()
  return (
    <nav aria-label={t`Şirket sayfaları`}>
      <ul className={styles.subnav}>
        {COMPANY_PAGES.filter((p) => can(p.permission)).map((p) => (
          <li key={p.path}><Link to={p.path} activeProps={{ 'aria-current': 'page' }}>{i18n._(p.title)}</Link></li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * A settings page whose content the company, organisation and users issues build: the route, its
 * title, its permission and the navigation are real; the content says honestly that it is coming.
 */
export function AreaPageView({ page, company = false }: { page: AdminPage; company?: boolean }) {
  return (
    <StaffPage title={page.title} permission={page.permission}>
      {company && <CompanyNav />}
      <ComingSoon />
    </StaffPage>
  )
}
