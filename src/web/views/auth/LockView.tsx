import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { initials } from '../../../domain/names.ts'
import { displayName } from '../../../../machines/session/session.selectors.ts'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { Field } from '../../components/Field.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { sessionActor } from '../../flows/session.ts'
import { activateLocale } from '../../i18n/index.ts'
import { FIELD } from '../../i18n/reasons.ts'
import { useSessionNavigation } from './useSessionNavigation.ts'

/** The lock screen (spec 2.2): the password unlocks; "not you" returns to sign-in. */
export function LockView() {
  const actor = sessionActor()
  useSessionNavigation(actor)
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Ekran kilitlendi`)
  useEffect(() => { toast.dismiss('welcome') }, [])
  const user = useSelector(actor, (snap) => snap.context.user)
  const busy = useSelector(actor, (snap) => snap.hasTag('busy'))
  const fieldErrors = useSelector(actor, (snap) => snap.context.unlockErrors)
  const name = displayName(user)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    actor.send({ type: 'unlock.submit', password, at: Date.now() })
  }

  return (
    <AuthCard title={<Trans>Ekran kilitlendi</Trans>} lead={<Trans>Devam etmek için şifrenizi giriniz.</Trans>} onLocaleChange={(l) => void activateLocale(l)}>
      {user && (
        <div className={s.center}>
          <div className={s.avatar} aria-hidden="true">{initials(name)}</div>
          <p><strong>{name}</strong></p>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
        <Field label={t`Şifre`} name="password" type="password" autoComplete="current-password" autoFocus required
          error={fieldErrors.password ? i18n._(FIELD.required) : null} />
        <div className={s.actions}>
          <button type="submit" className={s.primary} aria-busy={busy}><Trans>Kilidi Aç</Trans></button>
          <button type="button" className={s.secondary} onClick={() => actor.send({ type: 'logout', at: Date.now(), switchUser: true })}>
            {name ? <Trans>{name} değil misiniz? Giriş ekranına dönün</Trans> : <Trans>Giriş ekranına dönün</Trans>}
          </button>
        </div>
      </form>
    </AuthCard>
  )
}
