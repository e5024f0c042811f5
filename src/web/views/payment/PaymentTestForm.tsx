import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import type { PaymentField } from '../../../../machines/payment/payment.machine.ts'
import { formatAmount, readAmount } from '../../../domain/amount.ts'
import { cardBrandById, cardDigits, detectCardBrand, formatCardNumber, isCompleteCardNumber, cardMaxLength } from '../../../domain/card/brands.ts'
import { INSTALLMENT_MAX, INSTALLMENT_MIN, TRX_TYPE_CODES } from '../../../domain/constants.ts'
import type { CardFormField } from '../../../domain/card/card-form.ts'
import { effectiveCurrency } from '../../../domain/company.ts'
import { formatMoney } from '../../../domain/money.ts'
import type { InstalmentPlan } from '../../../domain/instalments.ts'
import { CardPreview } from '../../components/payment/CardPreview.tsx'
import styles from '../../components/payment/PaymentForm.module.css'
import { ThreeDDialog } from '../../components/payment/ThreeDDialog.tsx'
import { hasUnseenPayment } from '../../flows/last-payment.ts'
import { acceptClose3DBox, createPaymentFlow, FRAME_NAME } from '../../flows/payment.ts'
import { getInspect } from '../../inspector.ts'
import { getItem } from '../../storage.ts'
import { LastPaymentNotice } from './LastPaymentNotice.tsx'
import { CARD_FORM_TEXT, TRX_TYPE_TEXT } from './card-form-texts.ts'
import { paymentReasonText } from './messages.ts'

function FieldBox({ label, error, hint, wide, children, id }: { label: ReactNode; error?: string; hint?: ReactNode; wide?: boolean; children: ReactNode; id: string }) {
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      {children}
      {hint && <div className={styles.hint}>{hint}</div>}
      {error && <div id={`${id}-error`} className={styles.error} role="alert" data-error-for={id}>{error}</div>}
    </div>
  )
}

/** The fields in the order the form shows them: an invalid submit focuses the first failing one. */
const FIELD_ORDER: readonly CardFormField[] = ['number', 'name', 'expiry', 'cvc', 'bankcode', 'currcode', 'amount', 'trxtype', 'installment']

/**
 * What a purchase's payment charges (the server's figures) and who hears how it ended: 'elsewhere'
 * when the server says a payment of it is already under way (another tab) or it was paid meanwhile.
 */
export type PurchaseCharge = { id: string; amount: number; currency: string; onDone(status: 'success' | 'error' | 'elsewhere'): void }

/** The gateway's answers that mean this purchase is being (or was) paid from somewhere else (issue 21). */
const PAID_ELSEWHERE = ['PAYMENT_IN_PROGRESS', 'PURCHASE_ALREADY_PAID']

/**
 * The form bound to the payment machine; the card number and CVC stay in the flow's vault. With a
 * `purchase` it is a purchase's payment step: the amount and currency are the server's (shown, not
 * editable), the gateway call names the purchase, and the end is reported instead of navigated.
 */
export default function PaymentTestForm({ purchase }: { purchase?: PurchaseCharge } = {}) {
  const flow = useMemo(() => createPaymentFlow(purchase?.id), [purchase?.id])
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  // the currency field starts with the company's currency, else spec 9's (a purchase brings its own)
  const startCurrency = effectiveCurrency(getItem('companyCurrency'), i18n.locale)
  const actor = useActorRef(flow.machine, {
    input: { currency: purchase ? '' : startCurrency, purchase: !!purchase, ...(purchase ? { charge: { amount: purchase.amount, currency: purchase.currency } } : {}) },
    inspect: getInspect(),
  })
  const uid = useId()
  const frameRef = useRef<HTMLIFrameElement>(null)
  /** The 3-D form was posted into the frame: its next load events are the bank's pages. */
  const framePosted = useRef(false)
  const [lastPayment] = useState(() => !purchase && hasUnseenPayment())
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const card = useSelector(actor, (s) => s.context.card)
  const generation = useSelector(actor, (s) => s.context.generation)
  const reason = useSelector(actor, (s) => s.context.reason)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const modal = useSelector(actor, (s) => s.hasTag('modal'))
  const frameLoading = useSelector(actor, (s) => s.hasTag('frameLoading'))
  const bankCodeManual = useSelector(actor, (s) => s.context.bankCodeManual)
  const instalments = useSelector(actor, (s) => s.context.instalments)
  const end = useSelector(actor, (s) => (s.matches('succeeded') ? 'success' : s.matches('failed') || s.matches('timedOut') ? 'error' : null))
  const brand = cardBrandById(card.brand)

  // notices -> toasts
  useEffect(() => {
    const sub = actor.on('notice', (n) => {
      if (n.code === 'error') toast.error(paymentReasonText(n.reason, i18n))
      else if (n.code === 'timeout') toast.error(paymentReasonText('THREE_D_TIMEOUT', i18n))
      else if (n.code === 'invalid') {
        // the first failing field, even when it is off-screen: focused and scrolled into view
        setTimeout(() => {
          const errors = actor.getSnapshot().context.errors
          const first = FIELD_ORDER.find((f) => errors[f])
          const el = first ? document.getElementById(`${uid}-${first}`) : null
          if (el) {
            el.focus({ preventScroll: true })
            el.scrollIntoView({ block: 'center' })
          }
        }, 0)
      }
    })
    return () => sub.unsubscribe()
  }, [actor, i18n, uid])

  // the frame exists once the modal is open: post the 3-D form into it
  useEffect(() => {
    framePosted.current = modal && flow.submitToFrame()
  }, [modal, flow])

  // close3DBox: only from the frame's own window and our origin, with a valid payload
  useEffect(() => {
    if (!modal) return
    const onMessage = (event: MessageEvent) => {
      const message = acceptClose3DBox(event, frameRef.current?.contentWindow)
      if (message) actor.send({ type: 'frame.closed', orderId: message.orderId, status: message.status })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [modal, actor])

  // a purchase's figures fill the amount and currency once
  useEffect(() => {
    if (!purchase) return
    actor.send({ type: 'field.change', field: 'amount', value: purchase.amount.toFixed(2) })
    actor.send({ type: 'field.change', field: 'currcode', value: purchase.currency })
  }, [actor, purchase])

  useEffect(() => {
    if (!end) return
    if (purchase) purchase.onDone(end)
    else void navigate({ to: end === 'success' ? '/result/success' : '/result/error' })
  }, [end, navigate, purchase])

  // a purchase being paid from another tab: the purchase's flow waits for that payment's outcome
  useEffect(() => {
    if (purchase && reason && PAID_ELSEWHERE.includes(reason)) purchase.onDone('elsewhere')
  }, [reason, purchase])

  const err = (field: keyof typeof errors) => (errors[field] ? i18n._(CARD_FORM_TEXT[errors[field]!]) : undefined)
  const change = (field: PaymentField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'field.change', field, value: e.currentTarget.value })

  function onNumberInput(e: FormEvent<HTMLInputElement>) {
    const el = e.currentTarget
    const formatted = formatCardNumber(el.value)
    if (el.value !== formatted) el.value = formatted
    flow.vault.number = formatted
    const d = cardDigits(formatted)
    const complete = isCompleteCardNumber(d)
    actor.send({
      type: 'card.input', bin: d.length >= 6 ? d.slice(0, 6) : '', last4: complete ? d.slice(-4) : '', length: d.length, complete,
      brand: detectCardBrand(d).id,
    })
  }

  function onCvcInput(e: FormEvent<HTMLInputElement>) {
    const el = e.currentTarget
    const digits = el.value.replace(/\D/g, '').slice(0, 4)
    if (el.value !== digits) el.value = digits
    flow.vault.cvc = digits
    actor.send({ type: 'cvc.input', length: digits.length })
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    actor.send({ type: 'form.submit', at: Date.now() })
  }

  const id = (name: string) => `${uid}-${name}`
  const maxNumberLength = brand.mask.length
  const described = (name: keyof typeof errors) => (errors[name] ? `${id(name)}-error` : undefined)
  // the amount it will charge, as typed; what cannot be read is refused at once, with its reason
  const amount = readAmount(values.amount)
  const amountError = err('amount') ?? (!amount.ok && amount.code !== 'amount.required' ? i18n._(CARD_FORM_TEXT[amount.code]) : undefined)
  const currency = values.currcode.trim()
  // what it will charge, written as every amount is in this language (a purchase: the server's figures)
  const amountText = purchase ? formatMoney(purchase.amount, purchase.currency, i18n.locale) : amount.ok ? formatMoney(amount.value, currency, i18n.locale) : ''

  return (
    <div className={styles.grid}>
      <div>
        {purchase ? (
          <>
            <h2 id="payment-test-title" className={styles.title}><Trans>Kartla ödeme</Trans></h2>
            <p className={styles.lead} data-testid="purchase-amount"><Trans>Çekilecek tutar: {amountText}</Trans></p>
          </>
        ) : (
          <>
            <h2 id="payment-test-title" className={styles.title}><Trans>3D Secure kart ödeme testi</Trans></h2>
            <p className={styles.lead}><Trans>Test kartlarından biriyle 3D Secure ödeme akışını deneyin. Bu form gerçek bir ödeme almaz.</Trans></p>
          </>
        )}
        <form key={generation} className={styles.form} onSubmit={submit} onReset={(e) => { e.preventDefault(); actor.send({ type: 'form.reset' }) }} noValidate data-testid="payment-form">
          {lastPayment && !modal && <LastPaymentNotice />}
          {reason === 'NOT_CONNECTED' && <div className={styles.notice} role="status" data-testid="not-connected">{paymentReasonText(reason, i18n)}</div>}
          <FieldBox id={id('number')} label={<Trans>Kart numarası</Trans>} error={err('number')} wide>
            <input id={id('number')} name="number" className={styles.input} inputMode="numeric" autoComplete="cc-number"
              placeholder={brand.mask.replace(/0/g, '•')} maxLength={Math.max(maxNumberLength, cardMaxLength(brand) + brand.gaps.length)}
              aria-invalid={errors.number ? true : undefined} aria-describedby={described('number')}
              onInput={onNumberInput} onBlur={() => actor.send({ type: 'card.blur' })} />
          </FieldBox>
          <FieldBox id={id('name')} label={<Trans>Kart üzerindeki ad soyad</Trans>} error={err('name')} wide>
            <input id={id('name')} name="name" className={styles.input} autoComplete="cc-name" maxLength={40} value={values.name}
              aria-invalid={errors.name ? true : undefined} aria-describedby={described('name')} onChange={change('name')} />
          </FieldBox>
          <FieldBox id={id('expiry')} label={<Trans>Son kullanma tarihi</Trans>} error={err('expiry')}>
            <input id={id('expiry')} name="expiry" className={styles.input} inputMode="numeric" autoComplete="cc-exp" placeholder="AA / YY" maxLength={5}
              value={values.expiry} aria-invalid={errors.expiry ? true : undefined} aria-describedby={described('expiry')} onChange={change('expiry')} />
          </FieldBox>
          <FieldBox id={id('cvc')} label={<span data-testid="cvc-label">{brand.cvcLabel}</span>} error={err('cvc')}
            hint={brand.cvcLength === 4 ? <Trans>Kartın önündeki 4 haneli kod</Trans> : <Trans>Kartın arkasındaki 3 haneli kod</Trans>}>
            <input id={id('cvc')} name="cvc" className={styles.input} inputMode="numeric" autoComplete="cc-csc" maxLength={brand.cvcLength}
              aria-invalid={errors.cvc ? true : undefined} aria-describedby={described('cvc')} onInput={onCvcInput} />
          </FieldBox>
          <FieldBox id={id('bankcode')} label={<Trans>Banka kodu</Trans>} error={err('bankcode')}
            hint={bankCodeManual
              ? <span data-testid="bankcode-manual"><Trans>Bu kartın bankası tabloda yok: kartı veren bankanın 4 haneli EFT kodunu girin (örneğin Ziraat Bankası 0010).</Trans></span>
              : <Trans>Kart numarasından doldurulur; değiştirilebilir.</Trans>}>
            <input id={id('bankcode')} name="bankcode" className={styles.input} maxLength={10} value={values.bankcode}
              aria-invalid={errors.bankcode ? true : undefined} aria-describedby={described('bankcode')} onChange={change('bankcode')} />
          </FieldBox>
          {!purchase && (
            <>
          <FieldBox id={id('currcode')} label={<Trans>Para birimi</Trans>} error={err('currcode')}>
            <input id={id('currcode')} name="currcode" className={styles.input} maxLength={10} placeholder={t`örn. ${startCurrency}`} value={values.currcode}
              aria-invalid={errors.currcode ? true : undefined} aria-describedby={described('currcode')} onChange={change('currcode')} />
          </FieldBox>
          <FieldBox id={id('amount')} label={<Trans>İşlem tutarı</Trans>} error={amountError}
            hint={amountText ? <span data-testid="amount-charged"><Trans>Çekilecek tutar: {amountText}</Trans></span> : <Trans>Kuruşlar noktayla: 1,250.50</Trans>}>
            <input id={id('amount')} name="amount" className={styles.input} inputMode="decimal" value={values.amount} maxLength={24}
              aria-invalid={amountError ? true : undefined} aria-describedby={amountError ? `${id('amount')}-error` : undefined}
              onChange={change('amount')} onBlur={() => actor.send({ type: 'amount.blur' })} />
          </FieldBox>
          <FieldBox id={id('trxtype')} label={<Trans>İşlem tipi</Trans>} error={err('trxtype')}>
            <select id={id('trxtype')} name="trxtype" className={styles.input} value={values.trxtype} onChange={change('trxtype')}
              aria-invalid={errors.trxtype ? true : undefined} aria-describedby={described('trxtype')}>
              {TRX_TYPE_CODES.map((code) => <option key={code} value={code}>{code} — {i18n._(TRX_TYPE_TEXT[code]!)}</option>)}
            </select>
          </FieldBox>
            </>
          )}
          <FieldBox id={id('installment')} label={<Trans>Taksit sayısı</Trans>} error={err('installment')} wide>
            <div className={styles.range}>
              <input id={id('installment')} name="installment" type="range" min={INSTALLMENT_MIN} max={INSTALLMENT_MAX} step={1}
                value={values.installment || '1'} onChange={change('installment')} aria-valuetext={values.installment} />
              <output htmlFor={id('installment')} data-testid="installment-value">{values.installment}</output>
            </div>
            {purchase && instalments && <InstalmentWords plan={instalments} currency={purchase.currency} />}
          </FieldBox>
          {!purchase && (
            <>
          <FieldBox id={id('cardtype')} label={<Trans>Kart şeması</Trans>}>
            <input id={id('cardtype')} name="cardtype" className={styles.input} readOnly value={values.cardtype ? cardBrandById(values.cardtype).name : ''} />
          </FieldBox>
          <FieldBox id={id('cardOwner')} label={<Trans>Kart sahibi</Trans>}>
            <input id={id('cardOwner')} name="cardOwner" className={styles.input} maxLength={40} value={values.cardOwner} onChange={change('cardOwner')} />
          </FieldBox>
            </>
          )}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} aria-busy={busy} data-testid="submit">
              {busy && <span className={styles.buttonSpinner} aria-hidden="true" />}{purchase ? <Trans>Öde</Trans> : <Trans>3D Test Et</Trans>}
            </button>
            {!purchase && <button type="reset" className={styles.secondary}><Trans>Formu Temizle</Trans></button>}
          </div>
        </form>
      </div>
      <CardPreview brandId={brand.id} brandName={brand.name} color={brand.color} last4={card.last4} name={values.name} expiry={values.expiry} />
      <ThreeDDialog open={modal} loading={frameLoading} frameName={FRAME_NAME} frameRef={frameRef}
        onFrameLoad={() => { if (framePosted.current) actor.send({ type: 'frame.loaded' }) }} />
    </div>
  )
}

/** A purchase's instalments in figures that add up to what is charged (issue 24 item 8): the machine's split (its `instalments`) in words, nothing computed here. */
function InstalmentWords({ plan, currency }: { plan: InstalmentPlan; currency: string }) {
  const { i18n } = useLingui()
  // in the one money notation of the language, as "Çekilecek tutar" above says the whole
  const money = (n: number) => formatMoney(n, currency, i18n.locale)
  const whole = money(plan.total)
  const first = money(plan.first)
  const each = money(plan.rest)
  const n = plan.count
  const others = n - 1
  return (
    <p className={styles.hint} data-testid="installment-plan" aria-live="polite">
      {n === 1 ? <Trans>Tek çekim: {whole}</Trans>
        : plan.first === plan.rest ? <Trans><Plural value={n} one="# taksit" other="# taksit" /> x {each}; toplam {whole}</Trans>
          : <Trans><Plural value={n} one="# taksit" other="# taksit" />: ilk taksit {first}, sonraki <Plural value={others} one="# taksit" other="# taksit" /> {each}; toplam {whole}</Trans>}
    </p>
  )
}
