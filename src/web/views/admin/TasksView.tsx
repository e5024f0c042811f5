import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import toast from 'react-hot-toast'
import { reactivateFlow, tasksFlow } from '../../flows/tasks.ts'
import { LoadState } from '../staff/LoadState.tsx'
import { StaffPage } from '../staff/StaffPage.tsx'
import { useCan } from '../staff/useCan.ts'
import { failureText, useConfirm, useLoader, useNotice } from '../staff/useFlow.ts'
import styles from '../staff/StaffLayout.module.css'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'

/** Spec 2.1 "/inbox": what needs the user's action (the tasks' load; a locked account's reactivation). */
export function TasksView() {
  const { t, i18n } = useLingui()
  const can = useCan()
  const load = useLoader(tasksFlow)
  const reactivate = useConfirm(reactivateFlow)
  const running = useSelector(reactivate, (s) => (s.hasTag('busy') ? (s.context.subject as { id: string } | null)?.id ?? null : null))
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium', timeStyle: 'short' })
  useNotice(reactivate, 'done', () => {
    const { id, username } = reactivate.getSnapshot().context.subject as { id: string; username: string }
    toast.success(t`${username} hesabı yeniden etkinleştirildi.`, { id: `reactivated-${id}` })
    load.send({ type: 'reload' })
  })
  useNotice(reactivate, 'failed', () => {
    const s = reactivate.getSnapshot().context
    toast.error(failureText(s.error, i18n), { id: `reactivate-${(s.subject as { id: string }).id}` })
  })

  return (
    <StaffPage title={msg`Görevler`}>
      <LoadState load={load}>
        {(tasks) => {
          const notices = tasks.notices ?? []
          const failedMails = tasks.failedMails ?? 0
          const none = tasks.lockedAccounts.length === 0 && tasks.expiringRoles.length === 0 && !tasks.password && notices.length === 0 && failedMails === 0
          return (
            <>
              {none && <p className={styles.notice} role="status"><Trans>Bekleyen göreviniz yok.</Trans></p>}
              {tasks.password && (
                <section className={styles.notice} aria-labelledby="task-password">
                  <h2 id="task-password"><Trans>Şifrenizin süresi doluyor</Trans></h2>
                  <p><Trans>Şifreniz <Plural value={tasks.password.daysLeft} one="# gün" other="# gün" /> içinde ({date(tasks.password.expiresAt)}) geçersiz olacak.</Trans></p>
                  <p><Link to="/navbar/change-password"><Trans>Şifremi şimdi değiştir</Trans></Link></p>
                </section>
              )}
              {failedMails > 0 && (
                <section className={styles.notice} aria-labelledby="task-mail">
                  <h2 id="task-mail"><Trans>Gönderilemeyen e-postalar</Trans></h2>
                  <p><Trans>Gönderilemeyen e-posta sayısı: {failedMails}. Sunucu onları yeniden deniyor; hatayı Posta kutusunda görebilir, düzelttikten sonra hemen yeniden gönderebilirsiniz.</Trans></p>
                  <p><Link to="/navbar/settings/company/outbox" search={{ status: 'failed' }}><Trans>Posta kutusunu aç</Trans></Link></p>
                </section>
              )}
              {tasks.lockedAccounts.length > 0 && (
                <section aria-labelledby="task-locked">
                  <h2 id="task-locked"><Trans>İncelenecek kilitli hesaplar</Trans></h2>
                  <div className={styles.tableWrap}>
                    <table className={`${styles.table} ${styles.stack}`}>
                      <thead><tr>
                        <th scope="col"><Trans>Kullanıcı adı</Trans></th><th scope="col"><Trans>Ad Soyad</Trans></th>
                        <th scope="col"><Trans>Kilitlenme</Trans></th><th scope="col"><Trans>Hatalı deneme</Trans></th><th scope="col"><Trans>İşlem</Trans></th>
                      </tr></thead>
                      <tbody>
                        {tasks.lockedAccounts.map((u) => (
                          <tr key={u.id}>
                            <td data-label={t`Kullanıcı adı`}>{u.username}</td><td data-label={t`Ad Soyad`}>{u.firstName} {u.lastName}</td><td data-label={t`Kilitlenme`}>{date(u.lockedAt)}</td><td data-label={t`Hatalı deneme`}>{u.failedLogins}</td>
                            <td>
                              {can('user:update') && (
                                <button type="button" className={styles.secondaryButton} disabled={running !== null} aria-busy={running === u.id}
                                  onClick={() => reactivate.send({ type: 'request', subject: { id: u.id, username: u.username } })}>
                                  <Trans>Yeniden etkinleştir</Trans><span className="visually-hidden"> {u.username}</span>
                                </button>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </section>
              )}
              {tasks.expiringRoles.length > 0 && (
                <section aria-labelledby="task-roles">
                  <h2 id="task-roles"><Trans>Süresi dolmak üzere olan roller</Trans></h2>
                  <ul>
                    {tasks.expiringRoles.map((r) => (
                      <li key={`${r.userId}-${r.role}`}>
                        {r.own ? <Trans>Sizin {r.role} rolünüz {date(r.validUntil)} tarihinde sona eriyor.</Trans>
                          : <Trans>{r.username} kullanıcısının {r.role} rolü {date(r.validUntil)} tarihinde sona eriyor.</Trans>}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {notices.length > 0 && (
                <section aria-labelledby="task-notices">
                  <h2 id="task-notices"><Trans>Bildirimler</Trans></h2>
                  <ul data-notices>
                    {notices.map((n) => (
                      <li key={n.id} data-notice={n.kind}>
                        {date(n.at)}:{' '}
                        {n.kind === 'accountLocked' ? <Trans>{n.username} hesabı hatalı girişler nedeniyle kilitlendi.</Trans>
                          : n.kind === 'passwordChanged' ? <Trans>Şifreniz değiştirildi.</Trans>
                          : n.kind === 'passwordCompromised' ? (n.own ? <Trans>Şifreniz güvenlik nedeniyle geçersiz kılındı; Şifremi unuttum ile yenileyin.</Trans>
                            : <Trans>{n.username} kullanıcısının şifresi güvenlik nedeniyle geçersiz kılındı.</Trans>)
                          : <Trans>Şifre politikası değişti: <Plural value={n.affected ?? 0} one="# kullanıcının" other="# kullanıcının" /> şifresi bir sonraki girişinde yeni politikaya göre denetlenecek.</Trans>}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )
        }}
      </LoadState>
    </StaffPage>
  )
}
