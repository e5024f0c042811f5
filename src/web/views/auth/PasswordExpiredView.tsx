import { useSelector } from '@xstate/react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { passwordRulesFor, type PasswordRule } from '../../../domain/password.ts'
import type { passwordChangeMachine, PasswordField } from '../../../../machines/password-change/password-change.machine.ts'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { Field } from '../../components/Field.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { sessionActor } from '../../flows/session.ts'
import { activateLocale } from '../../i18n/index.ts'
import { CATALOGUE } from '../../api/errors.ts'
import { FIELD, reasonText } from '../../i18n/reasons.ts'
import { useSessionNavigation } from './useSessionNavigation.ts'

const RULES: Partial<Record<PasswordRule, MessageDescriptor>> = {
  tooShort: msg`En az {min} karakter`,
  tooLong: msg`En fazla 128 karakter`,
  needsUpper: msg`En az bir büyük harf`,
  needsLower: msg`En az bir küçük harf`,
  needsDigit: msg`En az bir rakam`,
  needsSpecial: msg`En az bir özel karakter`,
  tooFewDistinct: msg`En az 6 farklı karakter`,
  repeated: msg`Aynı parçanın tekrarı olmamalı`,
  common: msg`Sık kullanılan bir şifre olmamalı`,
  containsContextWord: msg`Kullanıcı adınızı veya şirket adını içermemeli`,
}

type ChangeActor = ActorRefFrom<typeof passwordChangeMachine>

export function ChangeForm({ change }: { change: ChangeActor }) {
  const { t, i18n } = useLingui()
  const ctx = useSelector(change, (snap) => snap.context)
  const busy = useSelector(change, (snap) => snap.hasTag('busy'))
  const rules = passwordRulesFor(ctx.policy)
  const errorText = (field: PasswordField) => {
    const code = ctx.errors[field]
    return code ? i18n._(FIELD[code]) : null
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    change.send({
      type: 'form.submit',
      oldPassword: String(form.get('oldPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      {ctx.serverError && <div className={s.alert} role="alert">{reasonText(ctx.serverError, i18n)}</div>}
      <input type="text" name="username" autoComplete="username" value={ctx.username} readOnly hidden />
      <Field label={t`Eski şifre`} name="oldPassword" type="password" autoComplete="current-password" error={errorText('oldPassword')}
        onChange={(e) => change.send({ type: 'field.change', field: 'oldPassword', value: e.currentTarget.value })} />
      <Field label={t`Yeni şifre`} name="newPassword" type="password" autoComplete="new-password" error={errorText('newPassword')}
        onChange={(e) => change.send({ type: 'field.change', field: 'newPassword', value: e.currentTarget.value })} />
      <ul className={s.rules} aria-label={t`Şifre kuralları`} aria-live="polite">
        {rules.map((rule) => {
          const ok = ctx.touched && !ctx.failures.includes(rule)
          const text = i18n._({ ...(RULES[rule] ?? FIELD.policy), values: { min: ctx.policy.minLength } })
          return (
            <li key={rule} className={ok ? s.ruleOk : s.ruleFail}>
              <span aria-hidden="true">{ok ? '✓' : '•'} </span>
              {text}
              <span className="visually-hidden">{ok ? t`(karşılanıyor)` : t`(karşılanmıyor)`}</span>
            </li>
          )
        })}
      </ul>
      <Field label={t`Yeni şifre (tekrar)`} name="confirmPassword" type="password" autoComplete="new-password" error={errorText('confirmPassword')}
        onChange={(e) => change.send({ type: 'field.change', field: 'confirmPassword', value: e.currentTarget.value })} />
      <div className={s.actions}>
        <button type="submit" className={s.primary} aria-busy={busy}><Trans>Şifreyi Değiştir</Trans></button>
        <button type="button" className={s.secondary} onClick={() => change.send({ type: 'form.cancel' })}><Trans>Vazgeç</Trans></button>
      </div>
    </form>
  )
}

/** The forced change of an expired password (spec 2.2, 4): then the user signs in again. */
export function PasswordExpiredView() {
  const actor = sessionActor()
  useSessionNavigation(actor)
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Şifre değişikliği`)
  const change = useSelector(actor, (snap) => snap.children.passwordChange as ChangeActor | undefined)
  return (
    <AuthCard title={<Trans>Şifre değişikliği</Trans>} lead={i18n._(CATALOGUE.PASSWORD_EXPIRED)} onLocaleChange={(l) => void activateLocale(l)}>
      {change ? <ChangeForm change={change} /> : (
        <p><Link to="/auth/login"><Trans>Giriş ekranına dönün</Trans></Link></p>
      )}
    </AuthCard>
  )
}
