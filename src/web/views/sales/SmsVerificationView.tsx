import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useSelector } from '../../lazy-actor.ts'
import { useEffect, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { SmsVerificationContext, smsVerificationMachine } from '../../../../machines/sms-verification/sms-verification.machine.ts'
import { CATALOGUE } from '../../api/errors.ts'
import { SmsVerificationForm, type SmsStage } from '../../components/sales/SmsVerificationForm.tsx'

type SmsActor = ActorRefFrom<typeof smsVerificationMachine>

/** Words for the machine's reason codes (spec 8's two SMS texts are the catalogue's). */
const REASONS: Record<string, MessageDescriptor> = {
  INVALID_PHONE: /*i18n*/ { id: 'SMS_INVALID_PHONE' },
  SMS_INVALID_PHONE: /*i18n*/ { id: 'SMS_INVALID_PHONE' },
  SMS_CODE_WRONG: CATALOGUE.SMS_WRONG_CODE,
  SMS_SEND_FAILED: CATALOGUE.SMS_SEND_FAILED,
  SMS_CODE_EXPIRED: /*i18n*/ { id: 'SMS_CODE_EXPIRED' },
  SMS_ATTEMPTS_EXHAUSTED: /*i18n*/ { id: 'SMS_ATTEMPTS_EXHAUSTED' },
  SMS_RESEND_TOO_SOON: /*i18n*/ { id: 'SMS_RESEND_TOO_SOON' },
  NETWORK: CATALOGUE.NETWORK,
  UNEXPECTED: CATALOGUE.UNEXPECTED,
}

/** Seconds left until `ms` after the moment `key` last changed: display only, the machine owns the timers. */
function useCountdown(key: number, ms: number): number {
  const [left, setLeft] = useState(Math.round(ms / 1000))
  useEffect(() => {
    const end = Date.now() + ms
    setLeft(Math.round(ms / 1000))
    const id = setInterval(() => setLeft(Math.max(0, Math.round((end - Date.now()) / 1000))), 1000)
    return () => clearInterval(id)
  }, [key, ms])
  return left
}

function stageOf(s: ReturnType<SmsActor['getSnapshot']> | undefined): SmsStage {
  // no actor yet: the machine's first state (the phone)
  if (!s) return 'phone'
  if (s.matches('sending')) return 'sending'
  if (s.matches({ awaitingCode: 'verifying' })) return 'verifying'
  if (s.matches('awaitingCode')) return 'code'
  if (s.matches('codeOver')) return 'codeOver'
  if (s.matches('lockedOut')) return 'lockedOut'
  if (s.status === 'done') return 'verified'
  return 'phone'
}

/** What the form reads of the machine before it is there (its first state's context: the phone, nothing typed). */
const BEFORE_ACTOR: SmsVerificationContext = { purpose: 'tss', phone: '', error: null, sends: 0, validityMs: 0, resendMs: 0, attemptsLeft: null, lockedUntil: null, canResend: false, lockoutMs: 0, ticket: null }

/**
 * Binds an SMS verification actor (a purchase flow's child) to its form. Without one yet (`actor`
 * undefined: a quoted page's phone step painted from the server, issue 23 goal 1) it draws the
 * machine's first state, the phone, as the same elements, so that what is typed and the focus stay
 * when the actor arrives; "Kod Gönder" waits for it (disabled and busy: a press before the page's code
 * ran would submit the form natively and reload the page without its quote).
 */
export function SmsVerificationView({ actor }: { actor: SmsActor | undefined }) {
  const { i18n } = useLingui()
  const stage = useSelector(actor, stageOf)
  const ctx = useSelector(actor, (s) => s?.context) ?? BEFORE_ACTOR
  const secondsLeft = useCountdown(ctx.sends, ctx.validityMs)
  const resendIn = useCountdown(ctx.sends, ctx.resendMs)
  const reason = ctx.error && ctx.error !== 'SMS_LOCKED' ? i18n._(REASONS[ctx.error] ?? CATALOGUE.TECHNICAL) : null
  const attemptsLeft = ctx.attemptsLeft
  const error = reason && ctx.error === 'SMS_CODE_WRONG' && attemptsLeft !== null
    ? `${reason} ${i18n._(msg`Kalan deneme hakkı: ${attemptsLeft}`)}`
    : reason
  const lockedUntil = ctx.lockedUntil
    ? new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(ctx.lockedUntil))
    : null
  return (
    <SmsVerificationForm
      stage={stage}
      phone={ctx.phone}
      error={error}
      secondsLeft={secondsLeft}
      canResend={ctx.canResend}
      resendInS={resendIn}
      lockedUntil={lockedUntil}
      waiting={!actor}
      onPhone={(phone) => actor?.send({ type: 'phone.submit', phone })}
      onCode={(code) => actor?.send({ type: 'code.submit', code })}
      onResend={() => actor?.send({ type: 'code.resend' })}
      onChangePhone={() => actor?.send({ type: 'phone.change' })}
    />
  )
}
