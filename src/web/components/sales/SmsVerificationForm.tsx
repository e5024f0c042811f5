import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { Field } from '../Field.tsx'
import styles from './SmsVerification.module.css'

export type SmsStage = 'phone' | 'sending' | 'code' | 'verifying' | 'codeOver' | 'lockedOut' | 'verified'

export type SmsVerificationFormProps = {
  stage: SmsStage
  /** The number as typed (phone stage) or as verified (+90 5xx...). */
  phone: string
  /** The problem to show, already in words. */
  error: string | null
  secondsLeft: number
  canResend: boolean
  resendInS: number
  /** When a lockout ends, already formatted for the reader (e.g. "14:25"). */
  lockedUntil: string | null
  /** The form is drawn before its machine is there (a quoted page painted from the server): the field takes input, "Kod Gönder" waits. */
  waiting?: boolean | undefined
  onPhone(phone: string): void
  onCode(code: string): void
  onResend(): void
  onChangePhone(): void
}

function mmss(total: number): string {
  const s = Math.max(0, total)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The phone number and one-time code steps of SMS verification (spec 4, 5, 8). */
export function SmsVerificationForm(p: SmsVerificationFormProps) {
  const { t } = useLingui()
  const { phone, lockedUntil, resendInS } = p
  const busy = p.stage === 'sending' || p.stage === 'verifying' || !!p.waiting
  const alert = p.error ? <p className={styles.alert} role="alert">{p.error}</p> : null

  if (p.stage === 'verified') {
    return <div className={styles.box} role="status"><Trans>Telefon numaranız doğrulandı.</Trans></div>
  }

  if (p.stage === 'phone' || p.stage === 'sending' || p.stage === 'lockedOut') {
    const submit = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault()
      if (!busy) p.onPhone(String(new FormData(e.currentTarget).get('phone') ?? ''))
    }
    return (
      <form className={styles.box} onSubmit={submit} noValidate>
        <h2 className={styles.title}><Trans>Cep telefonunuzu doğrulayalım</Trans></h2>
        <p className={styles.lead}><Trans>Numaranıza 6 haneli bir doğrulama kodu göndereceğiz. Kod 2 dakika geçerlidir.</Trans></p>
        {p.stage === 'lockedOut' ? (
          <p className={styles.alert} role="alert">
            <Trans>Bu numara için çok fazla kod istendi. Yeniden kod isteyebileceğiniz zaman: {lockedUntil}</Trans>
          </p>
        ) : alert}
        <Field label={t`Cep telefonu`} name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="05XX XXX XX XX"
          defaultValue={p.phone} disabled={p.stage === 'lockedOut'} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} aria-busy={busy} disabled={p.stage === 'lockedOut' || !!p.waiting}><Trans>Kod Gönder</Trans></button>
          {p.stage === 'lockedOut' && (
            <button type="button" className={styles.link} onClick={p.onChangePhone}><Trans>Başka numara gir</Trans></button>
          )}
        </div>
      </form>
    )
  }

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!busy) p.onCode(String(new FormData(e.currentTarget).get('code') ?? ''))
  }
  const over = p.stage === 'codeOver'
  const time = mmss(p.secondsLeft)
  return (
    <form className={styles.box} onSubmit={submit} noValidate>
      <h2 className={styles.title}><Trans>Doğrulama kodu</Trans></h2>
      <p className={styles.lead}><Trans>{phone} numarasına gönderilen 6 haneli kodu giriniz.</Trans></p>
      {alert}
      {!over && (
        <p aria-live="off"><Trans>Kalan süre: <span className={styles.countdown}>{time}</span></Trans></p>
      )}
      {!over && (
        <Field label={t`Doğrulama kodu`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
          pattern="[0-9]{6}" className={styles.code} autoFocus />
      )}
      <div className={styles.actions}>
        {!over && <button type="submit" className={styles.primary} aria-busy={busy}><Trans>Doğrula</Trans></button>}
        <button type="button" className={over ? styles.primary : styles.link} disabled={!over && !p.canResend} onClick={p.onResend}>
          {over || p.canResend ? <Trans>Yeni kod gönder</Trans> : <Trans>Yeni kod gönder ({resendInS} sn)</Trans>}
        </button>
        <button type="button" className={styles.link} onClick={p.onChangePhone}><Trans>Numarayı değiştir</Trans></button>
      </div>
    </form>
  )
}
