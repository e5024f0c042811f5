import { useEffect, useSyncExternalStore } from 'react'
import { useLingui } from '@lingui/react/macro'
import { companyLogo } from '../../../flows/company.ts'
import { useCan } from '../../staff/useCan.ts'
import styles from './Company.module.css'

/** The company's logo in the staff header (issue 12), for roles that may read the company; updated after an upload without a reload. */
export function HeaderLogo() {
  const { t } = useLingui()
  const can = useCan()
  const allowed = can('company:read')
  const { url } = useSyncExternalStore(companyLogo.subscribe, companyLogo.get, companyLogo.get)
  useEffect(() => {
    if (allowed) void companyLogo.refresh()
    else companyLogo.clear()
  }, [allowed])
  if (!allowed || !url) return null
  return <img className={styles.headerLogo} src={url} alt={t`Şirket logosu`} data-testid="header-logo" />
}
