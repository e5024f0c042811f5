import { Trans, useLingui } from '@lingui/react/macro'
import type { CaughtMessages } from '../config.ts'
import styles from './DemoBanner.module.css'

/**
 * Says that this server keeps its messages instead of sending them (the built-in mail and SMS
 * catchers, the defaults of a fresh start), so that nobody waits on a code or a mail that never
 * leaves. Nothing when the server sends both. `landmark`: a top-level complementary region (above
 * a page's header); otherwise a note inside the page's content.
 */
export function DemoBanner({ caught, landmark = false }: { caught: CaughtMessages; landmark?: boolean }) {
  const { t } = useLingui()
  if (!caught.mail && !caught.sms) return null
  const text = (
    <>
      <strong><Trans>Demo: mesajlar gönderilmez, yakalanır.</Trans></strong>{' '}
      {caught.mail && caught.sms
        ? <Trans>SMS'ler ve (şirketin e-posta sunucusu tanımlanana kadar) e-postalar bu sunucuda kalır.</Trans>
        : caught.sms
          ? <Trans>SMS'ler bu sunucuda kalır.</Trans>
          : <Trans>E-postalar, şirketin e-posta sunucusu tanımlanana kadar bu sunucuda kalır.</Trans>}
    </>
  )
  return landmark
    ? <aside className={styles.banner} aria-label={t`Demo sunucusu`} data-testid="demo-banner"><p className={styles.text}>{text}</p></aside>
    : <p className={`${styles.banner} ${styles.inline}`} role="note" data-testid="demo-banner">{text}</p>
}
