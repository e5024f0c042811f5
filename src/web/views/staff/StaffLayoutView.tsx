import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { displayName, warningEndsAt, warningSecondsLeft } from '../../../../machines/session/session.selectors.ts'
import { DemoBanner } from '../../components/DemoBanner.tsx'
import { InactivityDialog } from '../../components/InactivityDialog.tsx'
import { runtimeConfig } from '../../config.ts'
import { LanguageSelector } from '../../components/LanguageSelector.tsx'
import { useHeadingFocus } from '../../components/useHeadingFocus.ts'
import { sessionActor } from '../../flows/session.ts'
import { choosePersonalLanguage, loadCompanyDefaults } from '../../flows/company-defaults.ts'
import { useSessionNavigation } from '../auth/useSessionNavigation.ts'
import { DASHBOARD_PAGE, SEARCH_PERMISSIONS, SETTINGS_PERMISSIONS } from '../admin/pages.ts'
import { HeaderLogo } from '../admin/company/HeaderLogo.tsx'
import { ownPhotoChanges, ownPhotoFlow } from '../../flows/own-photo.ts'
import { GlobalSearch } from './GlobalSearch.tsx'
import { PasswordExpiryWarning } from './PasswordExpiryWarning.tsx'
import { useAccessNotices } from './useAccessNotices.ts'
import { useCan } from './useCan.ts'
import { useLoaded, useLoader } from './useFlow.ts'
import styles from './StaffLayout.module.css'

/** The signed-in user's photo: read once (a background load), replaced at once by a page's upload or removal. */
function useOwnPhoto(userId: string | null): string | null {
  const loaded = useLoaded(useLoader(ownPhotoFlow, { userId }, { background: true }))
  const changed = useSyncExternalStore(ownPhotoChanges.subscribe, ownPhotoChanges.get, () => null)
  return changed && changed.userId === userId ? changed.photo : loaded ?? null
}

/**
 * The inactivity warning's seconds to the lock: only this element re-renders while the warning is
 * open, once a second, when the shown number changes (a timer to the next whole second before the
 * warning's end), not the whole frame four times a second.
 */
function WarningCountdown({ running }: { running: boolean }) {
  // (read here, not in the frame: every activity moves lastActivityAt, which must not re-render the frame)
  const context = useSelector(sessionActor(), (s) => ({ lastActivityAt: s.context.lastActivityAt, timing: s.context.timing }), (a, b) => a.lastActivityAt === b.lastActivityAt && a.timing === b.timing)
  const [, setNow] = useState(0)
  useEffect(() => {
    if (!running) return
    let id: ReturnType<typeof setTimeout>
    const tick = () => {
      const at = Date.now()
      setNow(at)
      const left = warningEndsAt(context) - at
      if (left > 0) id = setTimeout(tick, (left % 1000 || 1000) + 1)
    }
    tick()
    return () => clearTimeout(id)
  }, [running, context])
  // (the time read as it renders: exact also when the warning opens or the activity moves the end)
  return <>{warningSecondsLeft(context, Date.now())}</>
}

/**
 * The administration frame: a skip link, the top menu (spec 2.2: dashboards, global search,
 * profile, tasks, switch active role, permissions, change password, refresh), collapsed behind a
 * button on a phone; the inactivity modal; the page.
 */
export function StaffLayoutView({ children }: { children?: ReactNode }) {
  const actor = sessionActor()
  useSessionNavigation(actor)
  useAccessNotices(actor)
  const { t } = useLingui()
  const can = useCan()
  const roleId = useId()
  const menuId = useId()
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const main = useRef<HTMLElement>(null)
  useHeadingFocus(main, pathname)
  const user = useSelector(actor, (s) => s.context.user)
  const ownPhoto = useOwnPhoto(can(['profile:read', 'user:read']) ? user?.userId ?? null : null)
  const warning = useSelector(actor, (s) => s.hasTag('warning'))
  const busyAccess = useSelector(actor, (s) => !s.matches({ signedIn: { access: 'ready' } }))
  // a phone's menu closes once a page is chosen
  // the company's language (unless the person chose one) and time zone, read once per visit
  useEffect(() => { void loadCompanyDefaults() }, [])
  useEffect(() => { setMenuOpen(false) }, [pathname])
  const openMenu = useCallback(() => setMenuOpen(true), [])

  const link = (to: string, label: ReactNode) => (
    <Link to={to} className={styles.link} activeProps={{ 'aria-current': 'page' }}>{label}</Link>
  )

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link"><Trans>İçeriğe geç</Trans></a>
      <DemoBanner caught={runtimeConfig.caughtMessages} landmark />
      <header className={styles.bar}>
        <HeaderLogo />
        <Link to="/navbar/home/main" className={styles.brand}>Katılım Emeklilik</Link>
        <button type="button" className={styles.menuButton} aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((o) => !o)}>
          <span aria-hidden="true">☰ </span><Trans>Menü</Trans>
        </button>
        <div id={menuId} className={styles.menu} data-open={menuOpen}>
          <nav aria-label={t`Yönetim menüsü`} className={styles.nav}>
            {link('/navbar/home/main', <Trans>Ana sayfa</Trans>)}
            {can(DASHBOARD_PAGE.permission) && link(DASHBOARD_PAGE.path, <Trans>Gösterge paneli</Trans>)}
            {can(SETTINGS_PERMISSIONS) && link('/navbar/settings/global-settings', <Trans>Ayarlar</Trans>)}
            {link('/inbox', <Trans>Görevler</Trans>)}
            {link('/navbar/profile', <Trans>Profil</Trans>)}
            {link('/navbar/permissions', <Trans>Yetkilerim</Trans>)}
            {link('/navbar/change-password', <Trans>Şifre değiştir</Trans>)}
          </nav>
          <div className={styles.tools}>
            {can(SEARCH_PERMISSIONS) && <GlobalSearch onOpen={openMenu} />}
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
            {ownPhoto && <img src={ownPhoto} alt="" width={28} height={28} data-testid="own-photo" style={{ borderRadius: '50%', objectFit: 'cover' }} />}
            <span className={styles.user} title={user?.username}>{displayName(user)}</span>
            <LanguageSelector onChange={(l) => void choosePersonalLanguage(l).catch(() => {})} />
          </div>
        </div>
      </header>
      <main id="main" ref={main} className={styles.main} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <PasswordExpiryWarning />
      <InactivityDialog
        open={warning}
        secondsLeft={<WarningCountdown running={warning} />}
        onStay={() => actor.send({ type: 'activity', at: Date.now() })}
        onLogout={() => actor.send({ type: 'logout', at: Date.now() })}
      />
    </div>
  )
}
