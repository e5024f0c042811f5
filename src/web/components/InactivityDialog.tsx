import type { ReactNode } from 'react'
import { useModalDialog } from './useModalDialog.ts'
import { Trans } from '@lingui/react/macro'
import styles from './InactivityDialog.module.css'

/**
 * "Are You Still There?" (spec 2.2): a modal with the countdown to the lock. `data-session-warning`
 * tells the session flow that activity on these controls does not dismiss the warning.
 */
export function InactivityDialog({ open, secondsLeft, onStay, onLogout }: { open: boolean; secondsLeft: ReactNode; onStay: () => void; onLogout: () => void }) {
  const ref = useModalDialog(open)
  return (
    <dialog ref={ref} data-session-warning="" className={styles.dialog} aria-labelledby="inactivity-title" aria-describedby="inactivity-text"
      onCancel={(e) => { e.preventDefault(); onStay() }}>
      <h2 id="inactivity-title" className={styles.title}><Trans>Hâlâ orada mısınız?</Trans></h2>
      <p id="inactivity-text">
        <Trans>Uzun süredir işlem yapmadınız. Ekranınız <strong className={styles.count}>{secondsLeft}</strong> saniye içinde kilitlenecek.</Trans>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onStay} autoFocus><Trans>Devam Et</Trans></button>
        <button type="button" className={styles.secondary} onClick={onLogout}><Trans>Çıkış Yap</Trans></button>
      </div>
    </dialog>
  )
}
