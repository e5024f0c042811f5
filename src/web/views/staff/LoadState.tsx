import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { reasonText } from '../../i18n/reasons.ts'
import type { Load } from './useLoad.ts'
import styles from './StaffLayout.module.css'

/** The loading message, a failure with "try again", or the content. */
export function LoadState<T>({ load, retry, children }: { load: Load<T>; retry: () => void; children: (data: T) => ReactNode }) {
  const { i18n } = useLingui()
  if (load.state === 'loading') return <p role="status" aria-live="polite"><Trans>Yükleniyor…</Trans></p>
  if (load.state === 'failed') {
    return (
      <div className={styles.notice} role="alert">
        <p>{reasonText(load.reason, i18n)}</p>
        <button type="button" className={styles.secondaryButton} onClick={retry}><Trans>Tekrar dene</Trans></button>
      </div>
    )
  }
  return <>{children(load.data)}</>
}
