import { useEffect, useId, useRef, useState } from 'react'
import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { displayName, warningSecondsLeft } from '../../../../machines/session/session.selectors.ts'
import { InactivityDialog } from '../../components/InactivityDialog.tsx'
import { LanguageSelector } from '../../components/LanguageSelector.tsx'
import { useHeadingFocus } from '../../components/useHeadingFocus.ts'
import { sessionActor } from '../../flows/session.ts'
import { activateLocale } from '../../i18n/index.ts'
import { useSessionNavigation } from '../auth/useSessionNavigation.ts'
import styles from './StaffLayout.module.css'

/** The administration frame: top menu, the inactivity modal, the page. */
export function StaffLayoutView() {
  const actor = sessionActor()
  useSessionNavigation(actor)
  const { t } = useLingui()
  const roleId = useId()
  const main = useRef<HTMLElement>(null)
  useHeadingFocus(main, useRouterState({ select: (s) => s.location.pathname }))
  const user = useSelector(actor, (s) => s.context.user)
  const warning = useSelector(actor, (s) => s.hasTag('warning'))
  const timingContext = useSelector(actor, (s) => ({ lastActivityAt: s.context.lastActivityAt, timing: s.context.timing }), (a, b) => a.lastActivityAt === b.lastActivityAt && a.timing === b.timing)
  const busyAccess = useSelector(actor, (s) => !s.matches({ signedIn: { access: 'ready' } }))
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!warning) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(id)
  }, [warning])

  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Link to="/navbar/home/main" className={styles.brand}>Katılım Emeklilik</Link>
        <nav aria-label={t`Yönetim menüsü`} className={styles.nav}>
          <Link to="/navbar/home/main" className={styles.link} activeProps={{ 'aria-current': 'page' }}><Trans>Ana sayfa</Trans></Link>
          <Link to="/navbar/settings/global-settings" className={styles.link} activeProps={{ 'aria-current': 'page' }}><Trans>Ayarlar</Trans></Link>
        </nav>
        <div className={styles.tools}>
          {user && user.roles.length > 0 && (
            <span>
              <label htmlFor={roleId} className={styles.toolLabel}><Trans>Aktif rol</Trans></label>
              <select id={roleId} name="activeRole" value={user.activeRole ?? ''} disabled={busyAccess}
                onChange={(e) => actor.send({ type: 'role.switch', role: e.currentTarget.value })}>
                {user.roles.map((r) => <option key={r} value={r}>{r}</option>)}
              </select>
            </span>
          )}
          <button type="button" className={styles.tool} disabled={busyAccess} onClick={() => actor.send({ type: 'permissions.refresh' })}>
            <Trans>Yetkileri yenile</Trans>
          </button>
          <button type="button" className={styles.tool} onClick={() => actor.send({ type: 'session.lock', at: Date.now() })}>
            <Trans>Ekranı kilitle</Trans>
          </button>
          <button type="button" className={styles.tool} onClick={() => actor.send({ type: 'logout', at: Date.now() })}>
            <Trans>Çıkış</Trans>
          </button>
          <span className={styles.user} title={user?.username}>{displayName(user)}</span>
          <LanguageSelector onChange={(l) => void activateLocale(l)} />
        </div>
      </header>
      <main id="main" ref={main} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <InactivityDialog
        open={warning}
        secondsLeft={warningSecondsLeft(timingContext, now)}
        onStay={() => actor.send({ type: 'activity', at: Date.now() })}
        onLogout={() => actor.send({ type: 'logout', at: Date.now() })}
      />
    </div>
  )
}
