import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { KVKK_NOTICE_PATH } from '../../domain/navigation.ts'
import { getItem, setItem } from '../storage.ts'
import styles from './SiteFooter.module.css'

/**
 * The cookie notice: the site uses only strictly necessary storage, so it informs and asks nothing.
 * Shown until closed; the choice is remembered in local storage. Rendered after hydration only
 * (the prerendered page cannot know the choice), fixed at the bottom, so nothing moves.
 */
export function CookieNotice() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (getItem('cookieNotice') === 'dismissed') return
    // shown when the browser is idle: it never competes with the page's first render and hydration
    const show = () => setOpen(true)
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: 2000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(show, 200)
    return () => clearTimeout(id)
  }, [])
  if (!open) return null
  return (
    <section className={styles.cookieNotice} aria-label={t`Çerez bildirimi`} data-testid="cookie-notice">
      <p>
        <Trans>
          Bu site yalnızca çalışması için zorunlu depolamayı kullanır (dil tercihi, oturum); analiz veya reklam çerezi
          yoktur. <a href={`${KVKK_NOTICE_PATH}#cerezler`}>Ayrıntılar</a>
        </Trans>
      </p>
      <button
        type="button"
        onClick={() => {
          setItem('cookieNotice', 'dismissed')
          setOpen(false)
        }}
      >
        <Trans>Anladım</Trans>
      </button>
    </section>
  )
}
