import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import {
  COOKIE_NOTICE_ATTRIBUTE, COOKIE_NOTICE_COOKIE, COOKIE_NOTICE_DISMISSED, COOKIE_NOTICE_MAX_AGE_S, cookieNoticeDismissed,
} from '../../domain/cookie-notice.ts'
import { KVKK_NOTICE_PATH } from '../../domain/navigation.ts'
import { getItem, removeItem } from '../storage.ts'
import styles from './SiteFooter.module.css'

const dismissedHere = () => typeof document !== 'undefined' && cookieNoticeDismissed(document.cookie)

function rememberDismissal() {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${COOKIE_NOTICE_COOKIE}=${COOKIE_NOTICE_DISMISSED}; Path=/; Max-Age=${COOKIE_NOTICE_MAX_AGE_S}; SameSite=Lax${secure}`
}

/**
 * The cookie notice: the site uses only strictly necessary storage, so it informs and asks nothing.
 * Shown until closed, fixed at the bottom (nothing moves). It is part of the page's first screen:
 * the prerendered markup holds it and the server takes it out for a browser that closed it (the
 * choice is a cookie the server reads: domain/cookie-notice.ts), and the first render reads the
 * same cookie, so hydration changes nothing. A choice an older version kept in local storage is
 * carried over to the cookie once.
 */
export function CookieNotice() {
  const { t } = useLingui()
  const [open, setOpen] = useState(() => !dismissedHere())
  useEffect(() => {
    if (getItem(COOKIE_NOTICE_COOKIE) !== COOKIE_NOTICE_DISMISSED) return
    removeItem(COOKIE_NOTICE_COOKIE)
    rememberDismissal()
    setOpen(false)
  }, [])
  if (!open) return null
  return (
    <section className={styles.cookieNotice} aria-label={t`Çerez bildirimi`} data-testid="cookie-notice" {...{ [COOKIE_NOTICE_ATTRIBUTE]: '' }}>
      <p>
        <Trans>
          Bu site yalnızca çalışması için zorunlu depolamayı kullanır (dil tercihi, oturum); analiz veya reklam çerezi
          yoktur. <a href={`${KVKK_NOTICE_PATH}#cerezler`}>Ayrıntılar</a>
        </Trans>
      </p>
      <button
        type="button"
        onClick={() => {
          rememberDismissal()
          setOpen(false)
        }}
      >
        <Trans>Anladım</Trans>
      </button>
    </section>
  )
}
