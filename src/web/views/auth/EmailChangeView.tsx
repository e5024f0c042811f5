import { useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { emailChangeFlow } from '../../flows/email-change.ts'
import { getInspect } from '../../inspector.ts'
import { activateLocale } from '../../i18n/index.ts'
import { reasonText } from '../../i18n/reasons.ts'

/**
 * The page an e-mail change link opens (issue 28 item 2): the new address's owner confirms the
 * change with a press of the button, the old address's owner cancels it. Nothing happens on opening
 * the link alone (mail scanners open links).
 */
export function EmailChangeView() {
  const flow = useMemo(() => emailChangeFlow(window.location, window.history), [])
  const actor = useActorRef(flow, { inspect: getInspect() })
  const { t, i18n } = useLingui()
  const state = useSelector(actor, (snap) => snap.value as string)
  const action = useSelector(actor, (snap) => snap.context.action)
  const email = useSelector(actor, (snap) => snap.context.email)
  const error = useSelector(actor, (snap) => snap.context.error)
  const busy = useSelector(actor, (snap) => snap.hasTag('busy'))
  const retryable = useSelector(actor, (snap) => snap.can({ type: 'retry' }))
  const title = action === 'confirm' ? t`Yeni e-posta adresinizi onaylayın` : action === 'cancel' ? t`E-posta değişikliğini iptal edin` : t`E-posta değişikliği`
  useDocumentTitle(title)

  const failure = error === 'EMAIL_CHANGE_INVALID'
    ? t`Bu bağlantı geçersiz: süresi dolmuş, daha önce kullanılmış ya da iptal edilmiş. Adres değişikliği gerekiyorsa yeniden isteyin.`
    : error === 'USER_EXISTS'
      ? t`Bu e-posta adresi başka bir hesapta kayıtlı; değişiklik yapılamadı. Yöneticinize başvurun.`
      : reasonText(error, i18n)
  return (
    <AuthCard title={title} onLocaleChange={(l) => void activateLocale(l)}>
      {state === 'reading' && <p role="status"><Trans>Bağlantı okunuyor…</Trans></p>}
      {state === 'invalidLink' && (
        <div className={s.alert} role="alert">
          <Trans>Bu bağlantı eksik ya da bozuk. E-postadaki bağlantıyı eksiksiz açın.</Trans>
        </div>
      )}
      {(state === 'ready' || state === 'submitting') && (
        <>
          <p>
            {action === 'confirm'
              ? <Trans>Bu adresi Katılım Emeklilik yönetim hesabınızın e-posta adresi yapmak için onaylayın. Onaydan sonra şifre sıfırlama e-postaları bu adrese gelir.</Trans>
              : <Trans>Hesabınızın e-posta adresini değiştirme isteğini iptal edebilirsiniz; adresiniz değişmez.</Trans>}
          </p>
          <div className={s.actions}>
            <button type="button" className={s.primary} aria-busy={busy} disabled={busy} onClick={() => actor.send({ type: 'link.submit' })}>
              {action === 'confirm' ? <Trans>E-posta adresimi onayla</Trans> : <Trans>Değişikliği iptal et</Trans>}
            </button>
          </div>
          <div role="status" aria-live="polite">{state === 'submitting' && <Trans>Gönderiliyor…</Trans>}</div>
        </>
      )}
      {state === 'confirmed' && (
        <div className={s.notice} role="status">
          <Trans>E-posta adresiniz değiştirildi: {email}. Şifre sıfırlama e-postaları artık bu adrese gelir.</Trans>
        </div>
      )}
      {state === 'cancelled' && (
        <div className={s.notice} role="status">
          <Trans>E-posta değişikliği iptal edildi; hesabınızın adresi değişmedi. Bu isteği siz yapmadıysanız yöneticinize bildirin.</Trans>
        </div>
      )}
      {state === 'failed' && (
        <>
          <div className={s.alert} role="alert">{failure}</div>
          {retryable && (
            <div className={s.actions}>
              <button type="button" className={s.primary} onClick={() => actor.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
            </div>
          )}
        </>
      )}
      {(state === 'confirmed' || state === 'cancelled' || state === 'invalidLink' || state === 'failed') && (
        <p><Link to="/auth/login"><Trans>Giriş ekranına git</Trans></Link></p>
      )}
    </AuthCard>
  )
}
