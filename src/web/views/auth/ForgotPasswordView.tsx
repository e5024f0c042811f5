import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type FormEvent } from 'react'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { Field } from '../../components/Field.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { forgotPasswordFlow } from '../../flows/session.ts'
import { getInspect } from '../../inspector.ts'
import { activateLocale } from '../../i18n/index.ts'
import { FIELD, reasonText } from '../../i18n/reasons.ts'

/** Forgot password (spec 2.2): the account's e-mail in, a temporary password by mail. */
export function ForgotPasswordView() {
  const actor = useActorRef(forgotPasswordFlow, { inspect: getInspect() })
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Şifremi unuttum`)
  const state = useSelector(actor, (snap) => ({ sent: snap.matches('sent'), done: snap.status === 'done', busy: snap.hasTag('busy') }))
  const error = useSelector(actor, (snap) => snap.context.error)
  const serverError = useSelector(actor, (snap) => snap.context.serverError)

  useEffect(() => {
    if (state.done) void navigate({ to: '/auth/login' })
  }, [state.done, navigate])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (state.busy) return
    actor.send({ type: 'form.submit', email: String(new FormData(event.currentTarget).get('email') ?? '') })
  }

  return (
    <AuthCard title={<Trans>Şifremi unuttum</Trans>} onLocaleChange={(l) => void activateLocale(l)}
      lead={state.sent ? undefined : <Trans>Hesabınıza kayıtlı e-posta adresini giriniz; size geçici bir şifre gönderelim.</Trans>}>
      {state.sent ? (
        <>
          <div className={s.notice} role="status">
            <Trans>
              Bu adres kayıtlı bir hesaba aitse, 30 dakika geçerli geçici şifreniz birkaç dakika içinde e-posta ile gönderilecektir.
              Geçici şifreyle giriş yaptığınızda yeni bir şifre belirlemeniz istenecektir.
            </Trans>
          </div>
          <button type="button" className={s.primary} onClick={() => actor.send({ type: 'form.back' })}><Trans>Giriş ekranına dön</Trans></button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {serverError && <div className={s.alert} role="alert">{reasonText(serverError, i18n)}</div>}
          <Field label={t`E-posta`} name="email" type="email" autoComplete="email" autoFocus
            error={error === 'required' ? i18n._(FIELD.required) : error === 'email' ? i18n._(FIELD.email) : null} />
          <div className={s.actions}>
            <button type="submit" className={s.primary} aria-busy={state.busy}><Trans>Geçici Şifre Gönder</Trans></button>
            <button type="button" className={s.secondary} onClick={() => actor.send({ type: 'form.back' })}><Trans>Giriş ekranına dön</Trans></button>
          </div>
        </form>
      )}
    </AuthCard>
  )
}
