import { useSelector } from '@xstate/react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { Field } from '../../components/Field.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { sessionActor } from '../../flows/session.ts'
import { activateLocale } from '../../i18n/index.ts'
import { FIELD, reasonText } from '../../i18n/reasons.ts'
import { useSessionNavigation } from './useSessionNavigation.ts'

export function LoginView() {
  const actor = sessionActor()
  useSessionNavigation(actor)
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Personel Girişi`)
  const busy = useSelector(actor, (snap) => snap.matches('signingIn') || snap.matches('restoring'))
  const error = useSelector(actor, (snap) => snap.context.error)
  const fieldErrors = useSelector(actor, (snap) => snap.context.loginErrors)
  // after a password change the username is filled in; the new password is asked (issue 25)
  const knownUsername = useSelector(actor, (snap) => snap.context.signInUsername)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    actor.send({
      type: 'login.submit',
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
      rememberMe: form.get('rememberMe') === 'on',
    })
  }

  return (
    <AuthCard title={<Trans>Personel Girişi</Trans>} lead={<Trans>Yönetim paneline erişmek için giriş yapınız.</Trans>} onLocaleChange={(l) => void activateLocale(l)}>
      {error && <div className={s.alert} role="alert">{reasonText(error, i18n)}</div>}
      <form onSubmit={submit} noValidate>
        <Field label={t`Kullanıcı adı`} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus={!knownUsername}
          defaultValue={knownUsername ?? undefined} error={fieldErrors.username ? i18n._(FIELD.required) : null} />
        <Field label={t`Şifre`} name="password" type="password" autoComplete="current-password" autoFocus={!!knownUsername}
          error={fieldErrors.password ? i18n._(FIELD.required) : null} />
        <label className={s.check}>
          <input type="checkbox" name="rememberMe" />
          <Trans>Beni hatırla</Trans>
        </label>
        <div className={s.actions}>
          <button type="submit" className={s.primary} aria-busy={busy}>
            {busy ? <Trans>Giriş yapılıyor…</Trans> : <Trans>Giriş Yap</Trans>}
          </button>
          <Link to="/auth/forgot-password"><Trans>Şifremi unuttum</Trans></Link>
        </div>
      </form>
    </AuthCard>
  )
}
