import { useId, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'
import { signInsFlow, temporaryPasswordFlow, unlockFlow, type SignInEvent, type UserDetail } from '../../../flows/users.ts'
import { LoadState } from '../../staff/LoadState.tsx'
import { failureText, useConfirm, useLoader, useNotice, useSubject, type Confirmer } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'

const EVENTS: Record<string, MessageDescriptor> = {
  'auth.login': msg`Giriş yaptı`,
  'auth.login.failed': msg`Giriş başarısız`,
  'auth.login.passwordExpired': msg`Şifre değişikliği istendi`,
  'user.lockedOut': msg`Hesap kilitlendi`,
  'user.reactivated': msg`Kilidi açıldı`,
  'user.temporaryPasswordSent': msg`Yönetici geçici şifre gönderdi`,
  'auth.forgotPassword': msg`"Şifremi unuttum" ile geçici şifre istendi`,
}
const REASONS: Record<string, MessageDescriptor> = {
  password: msg`yanlış şifre`,
  locked: msg`hesap kilitliyken`,
  overMaximum: msg`deneme sınırı aşılmışken`,
  suspended: msg`hesap askıdayken`,
  removed: msg`hesap kaldırılmışken`,
  temporaryPassword: msg`geçici şifreyle`,
  policy: msg`şifre kurallara uymuyor`,
}

/** One confirm-action question (the statechart decides; the dialog renders it). */
function Question({ confirm, title, question, action }: { confirm: Confirmer<unknown, unknown>; title: string; question: ReactNode; action: string }) {
  const { i18n } = useLingui()
  const id = useId()
  const open = useSelector(confirm, (s) => s.hasTag('asking') || s.matches('running') || s.matches('failed'))
  const busy = useSelector(confirm, (s) => s.hasTag('busy'))
  const error = useSelector(confirm, (s) => (s.matches('failed') ? s.context.error : null))
  const dialog = useModalDialog(open)
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-t`} className={styles.card} onCancel={(e) => { e.preventDefault(); if (!busy) confirm.send({ type: 'cancel' }) }}>
      <h2 id={`${id}-t`}>{title}</h2>
      <p>{question}</p>
      {error && <p className={styles.no} role="alert">{failureText(error as string, i18n)}</p>}
      <div className={styles.pager}>
        <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => confirm.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
        <button type="button" className={styles.button} disabled={busy} onClick={() => confirm.send({ type: 'confirm' })}>{action}</button>
      </div>
    </dialog>
  )
}

/**
 * Per-user help (issue 25 item 4, as Keycloak's user page has it): "Kilidi aç" for a locked
 * account, "Geçici şifre gönder", and the last sign-ins and failures. `manage` is user:update;
 * nobody helps themselves here (their own page has the password change).
 */
export function UserHelpSection({ user, manage, own, onChanged }: { user: UserDetail; manage: boolean; own: boolean; onChanged: () => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium', timeStyle: 'medium' })
  const history = useLoader(signInsFlow, { id: user.id })
  const unlock = useConfirm(unlockFlow)
  const temp = useConfirm(temporaryPasswordFlow)
  const sentTo = useSelector(temp, (s) => (s.matches('done') ? (s.context.result as { email: string }).email : null))
  const unlocked = useSelector(unlock, (s) => s.matches('done'))
  const tempSubject = useSubject(temp)
  // the history is read again after each action (the load statechart's reload)
  useNotice(unlock, 'done', () => { history.send({ type: 'reload' }); onChanged() })
  useNotice(temp, 'done', () => history.send({ type: 'reload' }))
  const name = `${user.firstName} ${user.lastName}`
  const event = (e: SignInEvent) => {
    const base = EVENTS[e.action] ? i18n._(EVENTS[e.action]!) : e.action
    const reason = e.reason && REASONS[e.reason] ? `: ${i18n._(REASONS[e.reason]!)}` : ''
    const by = e.by ? ` (${t`yapan: ${e.by}`})` : ''
    return `${base}${reason}${by}`
  }
  return (
    <section aria-labelledby={`${id}-h`} data-user-help>
      <h2 id={`${id}-h`}><Trans>Giriş yardımı</Trans></h2>
      {/* the unlock's success takes the locked notice's place: nothing below it moves when the user is read again */}
      <div role="status" aria-live="polite">
        {unlocked
          ? <p className={styles.yes}><Trans>Hesabın kilidi açıldı; {name} şifresiyle yeniden giriş yapabilir.</Trans></p>
          : user.locked && <p className={styles.no}><Trans>Hesap, çok sayıda hatalı giriş nedeniyle kilitli.</Trans></p>}
      </div>
      {manage && !own && user.status !== 'removed' && (
        <div className={styles.pager}>
          {/* "Geçici şifre gönder" first: once the account is unlocked, "Kilidi aç" goes and nothing beside it moves */}
          {user.status === 'active' && (
            <button type="button" className={styles.secondaryButton} onClick={() => temp.send({ type: 'request', subject: { id: user.id, name, email: user.email } })}>
              <Trans>Geçici şifre gönder</Trans>
            </button>
          )}
          {user.locked && (
            <button type="button" className={styles.button} onClick={() => unlock.send({ type: 'request', subject: { id: user.id, name } })}><Trans>Kilidi aç</Trans></button>
          )}
        </div>
      )}
      <div role="status" aria-live="polite">
        {sentTo && <p className={styles.yes}><Trans>Geçici şifre {sentTo} adresine gönderilmek üzere kuyruğa alındı; 30 dakika geçerlidir.</Trans></p>}
      </div>
      <h3><Trans>Son girişler ve hatalar</Trans></h3>
      <LoadState load={history}>
        {(h) => h.events.length === 0 ? <p><Trans>Bu kullanıcının kayıtlı giriş denemesi yok.</Trans></p> : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden"><Trans>Son girişler ve hatalar</Trans></caption>
              <thead><tr><th scope="col"><Trans>Zaman</Trans></th><th scope="col"><Trans>Olay</Trans></th><th scope="col"><Trans>İstemci adresi</Trans></th></tr></thead>
              <tbody>
                {h.events.map((e, i) => (
                  <tr key={`${e.at}-${i}`}>
                    <td>{when(e.at)}</td>
                    <td className={e.action === 'auth.login.failed' || e.action === 'user.lockedOut' ? styles.no : undefined}>{event(e)}</td>
                    <td>{e.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadState>
      <Question confirm={unlock as Confirmer<unknown, unknown>} title={t`Kilidi aç`} action={t`Kilidi aç`}
        question={t`${name} hesabının kilidi açılsın mı? Hatalı giriş sayacı sıfırlanır.`} />
      <Question confirm={temp as Confirmer<unknown, unknown>} title={t`Geçici şifre gönder`} action={t`Gönder`}
        question={tempSubject ? t`${tempSubject.name} için geçici bir şifre ${tempSubject.email} adresine gönderilsin mi? Şifre 30 dakika geçerlidir ve ilk girişte yeni şifre istenir; mevcut şifresi kullanılana kadar çalışmaya devam eder.` : ''} />
    </section>
  )
}
