import { useId, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { DASHBOARD_PERIODS, dashboardFlow, type DashboardAnswer, type DashboardPeriod } from '../../flows/dashboard.ts'
import { LoadState } from '../staff/LoadState.tsx'
import { StaffPage } from '../staff/StaffPage.tsx'
import { useLoader } from '../staff/useFlow.ts'
import styles from '../staff/StaffLayout.module.css'
import { DASHBOARD_PAGE } from './pages.ts'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'

const W = 560
const H = 200
const PAD = 28

/** Sign-ins and lockouts per day as paired bars (SVG, no chart library); the table below carries the same numbers. */
function DailyChart({ daily, days }: { daily: DashboardAnswer['daily']; days: number }) {
  const { t, i18n } = useLingui()
  const max = Math.max(1, ...daily.map((d) => Math.max(d.signIns, d.lockouts)))
  const slot = (W - PAD * 2) / daily.length
  const bar = Math.max(2, slot / 3)
  const y = (v: number) => H - PAD - (v / max) * (H - PAD * 2)
  // a week names its days; a month its dates (every fifth on the axis, all in the table)
  const long = daily.length > 10
  const label = (day: string) => new Intl.DateTimeFormat(i18n.locale, long ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { weekday: 'short', day: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${day}T00:00:00Z`))
  const axis = (i: number) => !long || (daily.length - 1 - i) % 5 === 0
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className={styles.chart} role="img" aria-labelledby="daily-chart-title">
        <title id="daily-chart-title">{t`Son ${plural(days, { one: '# günde', other: '# günde' })} girişler ve kilitlenmeler`}</title>
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#4d5b56" />
        {daily.map((d, i) => {
          const x = PAD + i * slot + slot / 2
          return (
            <g key={d.day}>
              <rect x={x - bar} y={y(d.signIns)} width={bar} height={H - PAD - y(d.signIns)} fill="#0b5d4b" />
              <rect x={x} y={y(d.lockouts)} width={bar} height={H - PAD - y(d.lockouts)} fill="#b3261e" />
              {axis(i) && <text x={x} y={H - 8} textAnchor="middle" fontSize="11" fill="#1c2421">{label(d.day)}</text>}
              {!long && <text x={x - bar / 2} y={y(d.signIns) - 4} textAnchor="middle" fontSize="11" fill="#1c2421">{d.signIns}</text>}
              {!long && <text x={x + bar / 2} y={y(d.lockouts) - 4} textAnchor="middle" fontSize="11" fill="#1c2421">{d.lockouts}</text>}
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

/** A user status count's label in the reader's language (never the stored code, issue 25 item 9). */
function statusLabel(status: string, i18n: I18n): string {
  const labels: Record<string, MessageDescriptor> = {
    active: msg`Aktif kullanıcı`, locked: msg`Kilitli hesap`, suspended: msg`Askıya alınmış kullanıcı`, removed: msg`Sistemden kaldırılmış kullanıcı`,
  }
  return i18n._(labels[status] ?? msg`Diğer durumda kullanıcı`)
}

/** The dashboards of the top menu (dashboard:read), on the load statechart: the period chosen, reload, retry. */
export function DashboardView() {
  const { t, i18n } = useLingui()
  const id = useId()
  // the period is the page's one form value; the load statechart asks for it
  const [days, setDays] = useState<DashboardPeriod>(7)
  const load = useLoader(dashboardFlow, { days })
  const busy = useSelector(load, (s) => s.hasTag('busy'))
  const ready = useSelector(load, (s) => s.matches('ready'))
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium' })
  return (
    <StaffPage title={DASHBOARD_PAGE.title} permission={DASHBOARD_PAGE.permission} actions={(
      <div className={styles.pager}>
        <label htmlFor={`${id}-period`}>
          {t`Dönem`}{' '}
          <select id={`${id}-period`} name="days" value={days} onChange={(e) => setDays(Number(e.currentTarget.value) as DashboardPeriod)}>
            {DASHBOARD_PERIODS.map((n) => <option key={n} value={n}>{plural(n, { one: '# gün', other: '# gün' })}</option>)}
          </select>
        </label>
        <button type="button" className={styles.secondaryButton} disabled={!ready || busy} onClick={() => load.send({ type: 'reload' })}><Trans>Yenile</Trans></button>
      </div>
    )}>
      <LoadState load={load}>
        {(d) => (
          <>
            {d.usersByStatus && d.sessions ? (
              <>
                <h2><Trans>Kullanıcılar ve oturumlar</Trans></h2>
                <ul className={styles.stats}>
                  {Object.entries(d.usersByStatus).map(([k, v]) => (
                    <li key={k} className={styles.stat}><span className={styles.statValue}>{v}</span>{statusLabel(k, i18n)}</li>
                  ))}
                  <li className={styles.stat}><span className={styles.statValue}>{d.sessions.active}</span><Trans>Şu an açık oturum</Trans></li>
                  <li className={styles.stat}><span className={styles.statValue}>{d.sessions.locked}</span><Trans>Kilitli ekran</Trans></li>
                </ul>
              </>
            ) : (
              <p data-dashboard-scope="own"><Trans>Bu panoda yalnızca sizin girişleriniz, kilitlenmeleriniz ve rol atamalarınız görünür; şirketin tüm kullanıcılarına ait sayılar kullanıcıları görüntüleme yetkisi gerektirir.</Trans></p>
            )}
            <h2>{t`Son ${plural(d.daily.length, { one: '# gün', other: '# gün' })}`}</h2>
            <DailyChart daily={d.daily} days={d.daily.length} />
            <h2><Trans>14 gün içinde süresi dolacak rol atamaları</Trans></h2>
            {d.expiringRoles.length === 0 ? <p><Trans>Süresi dolacak rol ataması yok.</Trans></p> : (
              <div className={styles.tableWrap}>
                <table className={`${styles.table} ${styles.stack}`}>
                  <thead><tr><th scope="col"><Trans>Kullanıcı</Trans></th><th scope="col"><Trans>Rol</Trans></th><th scope="col"><Trans>Geçerlilik sonu</Trans></th></tr></thead>
                  <tbody>{d.expiringRoles.map((r) => <tr key={`${r.username}-${r.role}`}><td data-label={t`Kullanıcı`}>{`${r.firstName} ${r.lastName} (${r.username})`}</td><td data-label={t`Rol`}>{r.role}</td><td data-label={t`Geçerlilik sonu`}>{date(r.validUntil)}</td></tr>)}</tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadState>
    </StaffPage>
  )
}

