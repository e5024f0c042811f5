import { Trans, useLingui } from '@lingui/react/macro'
import { call } from '../../api/client.ts'
import { LoadState } from '../staff/LoadState.tsx'
import { StaffPage } from '../staff/StaffPage.tsx'
import { useLoad } from '../staff/useLoad.ts'
import styles from '../staff/StaffLayout.module.css'
import { DASHBOARD_PAGE } from './pages.ts'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'

export type DashboardAnswer = {
  usersByStatus: Record<string, number>
  sessions: { active: number; locked: number }
  daily: { day: string; signIns: number; lockouts: number }[]
  expiringRoles: { username: string; role: string; validUntil: string }[]
}

const W = 560
const H = 200
const PAD = 28

/** Sign-ins and lockouts per day as paired bars (SVG, no chart library); the table below carries the same numbers. */
function DailyChart({ daily }: { daily: DashboardAnswer['daily'] }) {
  const { t, i18n } = useLingui()
  const max = Math.max(1, ...daily.map((d) => Math.max(d.signIns, d.lockouts)))
  const slot = (W - PAD * 2) / daily.length
  const bar = Math.max(4, slot / 3)
  const y = (v: number) => H - PAD - (v / max) * (H - PAD * 2)
  const label = (day: string) => new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className={styles.chart} role="img" aria-labelledby="daily-chart-title">
        <title id="daily-chart-title">{t`Son 7 günde girişler ve kilitlenmeler`}</title>
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#4d5b56" />
        {daily.map((d, i) => {
          const x = PAD + i * slot + slot / 2
          return (
            <g key={d.day}>
              <rect x={x - bar} y={y(d.signIns)} width={bar} height={H - PAD - y(d.signIns)} fill="#0b5d4b" />
              <rect x={x} y={y(d.lockouts)} width={bar} height={H - PAD - y(d.lockouts)} fill="#b3261e" />
              <text x={x} y={H - 8} textAnchor="middle" fontSize="11" fill="#1c2421">{label(d.day)}</text>
              <text x={x - bar / 2} y={y(d.signIns) - 4} textAnchor="middle" fontSize="11" fill="#1c2421">{d.signIns}</text>
              <text x={x + bar / 2} y={y(d.lockouts) - 4} textAnchor="middle" fontSize="11" fill="#1c2421">{d.lockouts}</text>
            </g>
          )
        })}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        <li><span className={styles.swatchIn} /><Trans>Giriş</Trans></li>
        <li><span className={styles.swatchOut} /><Trans>Kilitlenme</Trans></li>
      </ul>
      <figcaption>
        <table className={styles.table}>
          <caption className="visually-hidden"><Trans>Günlük giriş ve kilitlenme sayıları</Trans></caption>
          <thead><tr><th scope="col"><Trans>Gün</Trans></th><th scope="col"><Trans>Giriş</Trans></th><th scope="col"><Trans>Kilitlenme</Trans></th></tr></thead>
          <tbody>
            {daily.map((d) => <tr key={d.day}><th scope="row">{label(d.day)}</th><td>{d.signIns}</td><td>{d.lockouts}</td></tr>)}
          </tbody>
        </table>
      </figcaption>
    </figure>
  )
}

/** The dashboards of the top menu (dashboard:read). */
export function DashboardView() {
  const { i18n } = useLingui()
  const [load, retry] = useLoad(() => call<DashboardAnswer>('/dashboard', { authenticated: true }))
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium' })
  return (
    <StaffPage title={DASHBOARD_PAGE.title} permission={DASHBOARD_PAGE.permission}>
      <LoadState load={load} retry={retry}>
        {(d) => (
          <>
            <h2><Trans>Kullanıcılar ve oturumlar</Trans></h2>
            <ul className={styles.stats}>
              <li className={styles.stat}><span className={styles.statValue}>{d.usersByStatus.active ?? 0}</span><Trans>Aktif kullanıcı</Trans></li>
              <li className={styles.stat}><span className={styles.statValue}>{d.usersByStatus.locked ?? 0}</span><Trans>Kilitli hesap</Trans></li>
              {Object.entries(d.usersByStatus).filter(([k]) => k !== 'active' && k !== 'locked').map(([k, v]) => (
                <li key={k} className={styles.stat}><span className={styles.statValue}>{v}</span>{k}</li>
              ))}
              <li className={styles.stat}><span className={styles.statValue}>{d.sessions.active}</span><Trans>Şu an açık oturum</Trans></li>
              <li className={styles.stat}><span className={styles.statValue}>{d.sessions.locked}</span><Trans>Kilitli ekran</Trans></li>
            </ul>
            <h2><Trans>Son 7 gün</Trans></h2>
            <DailyChart daily={d.daily} />
            <h2><Trans>14 gün içinde süresi dolacak rol atamaları</Trans></h2>
            {d.expiringRoles.length === 0 ? <p><Trans>Süresi dolacak rol ataması yok.</Trans></p> : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead><tr><th scope="col"><Trans>Kullanıcı adı</Trans></th><th scope="col"><Trans>Rol</Trans></th><th scope="col"><Trans>Geçerlilik sonu</Trans></th></tr></thead>
                  <tbody>{d.expiringRoles.map((r) => <tr key={`${r.username}-${r.role}`}><td>{r.username}</td><td>{r.role}</td><td>{date(r.validUntil)}</td></tr>)}</tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadState>
    </StaffPage>
  )
}

