import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import { purchaseHistoryStep } from '../../../../machines/shared/purchase-history.ts'
import type { PurchaseContext, PurchaseEvent, PurchaseMachine } from '../../../../machines/shared/purchase.ts'
import type { smsVerificationMachine } from '../../../../machines/sms-verification/sms-verification.machine.ts'
import { addressHandsOn, quotedAddress, restoredStepOf } from '../../../domain/purchase-address.ts'
import { insuredBirthdate } from '../../../domain/purchase.ts'
import type { ApplicationData, ApplicationProduct } from '../../../domain/schemas/application.ts'
import { CATALOGUE } from '../../api/errors.ts'
import { fetchPurchase } from '../../flows/purchase-read.ts'
import { toastErrorSoon } from '../../components/Toasts.tsx'
import styles from '../../components/sales/Quote.module.css'
import { formatMoney } from '../../../domain/money.ts'
import { getInspect } from '../../inspector.ts'
import { lazyPart, usePart, type LazyPart } from '../../lazy-part.ts'
import { useHeldSend, useLazyActor, useSelector } from '../../lazy-actor.ts'
import { entryStep, usePurchaseHistory } from './usePurchaseHistory.ts'
import { SmsVerificationView } from './SmsVerificationView.tsx'
import { withTexts } from '../../i18n/index.ts'

// the card form's code and its texts (the `card` catalog part) load together when it is first needed
const PaymentTestForm = lazy(() => withTexts('card', import('../payment/PaymentTestForm.tsx')))

/**
 * The steps after the phone (issue 23 goal 2): not part of the page's first load, they load on the
 * visitor's first sign of intent, or on reaching them (the quote step is the product's own form; the
 * phone step is the page's own too, since a quoted address opens there, painted from the server).
 * The leave guard (with the router's blocker) comes with them: it is active only at these steps,
 * which show nothing to fill in before their code is there.
 */
const STEPS = lazyPart(() => Promise.all([
  import('../../components/sales/PurchaseSteps.tsx'),
  import('../../components/sales/ConsentsStep.tsx'),
  import('./PurchaseLeaveGuard.tsx'),
]).then(([steps, consents, guard]) => ({ ...steps, ...consents, ...guard })))

const STEP_NAMES: Record<string, MessageDescriptor> = {
  quote: msg`Teklif`,
  sms: msg`Telefon doğrulama`,
  profile: msg`Kişisel bilgiler`,
  healthPolicy: msg`Sağlık beyanı`,
  consents: msg`Onaylar`,
  summary: msg`Özet`,
  preInformation: msg`Ön bilgilendirme`,
  payment: msg`Ödeme`,
}

/** The steps after the phone is verified and before the payment's outcome: leaving them asks first. */
const MID_FLOW = new Set(['resumeOffer', 'profile', 'healthPolicy', 'consents', 'summary', 'preInformation', 'payment'])

const REASONS: Record<string, MessageDescriptor> = {
  QUOTE_INCOMPLETE: msg`Teklif bilgileri eksik veya geçersiz; lütfen teklifi yeniden alınız`,
  SMS_TICKET_INVALID: /*i18n*/ { id: 'SMS_TICKET_INVALID' },
  // issue 24 item 1: a reloaded page's proof of the phone refused (forged, expired): the phone again
  SMS_PROOF_INVALID: /*i18n*/ { id: 'SMS_PROOF_INVALID' },
  CONSENT_REQUIRED: /*i18n*/ { id: 'CONSENT_REQUIRED' },
  NETWORK: CATALOGUE.NETWORK,
  // issue 21
  OTHER_PAYMENT_FAILED: msg`Diğer penceredeki ödeme tamamlanamadı; bu satın almayı şimdi buradan ödeyebilirsiniz.`,
  TSS_AGE_WINDOW: msg`Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil.`,
  TRAVEL_AGE_WINDOW: msg`Seyahat Sağlık Sigortası 15 günlükten 100 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil.`,
  PURCHASE_ALREADY_PAID: msg`Bu satın almanın ödemesi zaten alındı.`,
  // issue 24: the server takes a health declaration only with every question answered
  HEALTH_QUESTIONS_UNANSWERED: msg`Sağlık beyanındaki her soruyu Evet veya Hayır seçerek yanıtlamalısınız; lütfen sağlık beyanı adımına dönünüz.`,
  PRE_INFORMATION_CHANGED: msg`Yanıtlarınız veya fiyat değiştiği için ön bilgilendirme formu yenilendi; lütfen yeni formu okuyup onaylayınız.`,
  PRE_INFORMATION_REQUIRED: msg`Ödemeye geçmeden önce ön bilgilendirme formunu okuyup onaylamalısınız.`,
  HEALTH_QUESTIONS_INVALID: msg`Sağlık beyanında tanımlı olmayan ya da birden fazla yanıtlanmış bir soru var; lütfen sağlık beyanı adımına dönünüz.`,
}

export type PurchasePageProps = {
  /**
   * The product's purchase machine with its effects (issue 23 goal 2: its code, with the section
   * schemas and the SMS child machine, loads on the visitor's first sign of intent, or at once for a
   * page opened with something to hand to it; the quote step is drawn without it).
   */
  machine: LazyPart<PurchaseMachine>
  product: ApplicationProduct
  title: ReactNode
  /** The quote carried over from the quick quote's "Satın Al" (the page's address), if any. */
  initial: ApplicationData | null
  /** `?purchase=<id>` (the route's validated search): the result page's "Tekrar dene", a purchase to pay again */
  retry?: string | undefined
  /** The quote step: the product's quick quote, whose "Satın Al" gives `onBought` its answers as an address query. */
  quote(onBought: (search: string) => void): ReactNode
  /** The quote an address query of this page carries (null: not a quote). */
  quoteFromSearch(search: string): ApplicationData | null
  /** Whether the purchase takes a quote at `at` (the machine's `quoteOk`, src/domain/purchase-quote.ts). */
  quoteTaken(data: ApplicationData, at: Date): boolean
  /** What the summary shows of the product's own answers. */
  summaryLines(data: ApplicationData): Array<[ReactNode, ReactNode]>
  /** The result page of an outcome (the purchase id is added). */
  resultPath(outcome: 'success' | 'error'): string
  /** Whether the insured person (the profile's birth date, else the quote's) may have birth cover. */
  birthCoverAvailable?(data: ApplicationData): boolean
}

type SmsActor = ActorRefFrom<typeof smsVerificationMachine>

/** What the page reads of the machine's context before the machine's code is there (its first state's). */
const BEFORE_MACHINE = { data: {}, error: null, fieldErrors: {}, missing: [], choices: {}, price: null, quoted: null, purchase: null, preInformation: null, saved: null, ticket: null, phone: null } as unknown as PurchaseContext

/**
 * A product's purchase page bound to its machine: one step on screen at a time. The browser's
 * Forward to a later step of the page opens it anew at that step, as a reload does (issue 24 item 1).
 */
export function PurchaseView(p: PurchasePageProps) {
  const [opened, setOpened] = useState(0)
  return <PurchaseFlow key={opened} {...p} onForward={() => setOpened((n) => n + 1)} />
}

function PurchaseFlow(p: PurchasePageProps & { onForward(): void }) {
  const { i18n } = useLingui()
  // a page opened with a quote (or a purchase to retry) in its address, or reloaded at a step after the
  // verification, hands it to the machine on mount: until then the machine is `opening` and the quote
  // step is not drawn (its quick quote would start, load the provinces and flash its form for nothing)
  // the address as the page opened: the browser's own, or (prerendering) the router's; a page opened
  // with a quote or a purchase to retry in it, or reloaded at a step its address names, renders its
  // opening screen first, as its prerendered markup does (src/domain/purchase-address.ts), so it
  // hydrates in place (issue 23 goal 1)
  const routerPath = useRouterState({ select: (s) => s.location.pathname })
  const routerSearch = useRouterState({ select: (s) => s.location.searchStr })
  const address = typeof location === 'undefined' ? { pathname: routerPath, search: routerSearch } : location
  // the step to restore: the history entry's (a reload, Forward), else the one the address names
  const restoring = useRef(restoredStepOf(address.pathname, address.search, entryStep())).current
  const fromAddress = useRef(addressHandsOn(address.search)).current
  const opening = fromAddress || !!p.initial || !!p.retry || !!restoring
  // a quote the purchase takes, and nothing else to hand on: the machine goes from `opening` straight to
  // the phone step, so the page draws the phone step from the start, as its prerendered markup does
  // (src/domain/purchase-address.ts `firstScreenOf` 'phone'), and the SMS form gets its actor in place
  const phoneFirst = useRef(!!p.initial && quotedAddress(address.pathname, address.search, entryStep()) && p.quoteTaken(p.initial, new Date())).current
  // the quote needs none of the machine's code: a plain visit loads it on intent (or the "Satın Al"
  // that hands it the quote); a page opened with something to hand to it loads it at once
  const [needed, setNeeded] = useState(opening)
  const actor = useLazyActor(p.machine, needed, { input: { data: p.initial ?? {}, opening }, inspect: getInspect() })
  // until the machine is there, the page is at its first state: `opening`, else the quote step; a taken
  // quote's `opening` is already the phone step (the machine passes straight on to it)
  const value = useSelector(actor, (s) => {
    const top = !s ? (opening ? 'opening' : 'quote') : typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!
    return phoneFirst && top === 'opening' ? 'sms' : top
  })
  const priceChanged = useSelector(actor, (s) => !!s?.matches({ summary: 'priceChanged' }))
  const ctx = useSelector(actor, (s) => s?.context) ?? BEFORE_MACHINE
  const busy = useSelector(actor, (s) => !!s?.hasTag('busy'))
  const sms = useSelector(actor, (s) => s?.children.sms as SmsActor | undefined)
  const output = useSelector(actor, (s) => (s?.status === 'done' ? s.output : null))
  // an event sent before the machine is there (the quote's "Satın Al" on a fast tap): sent as it arrives
  const send = useHeldSend<PurchaseEvent>(actor, () => setNeeded(true))
  const heading = useRef<HTMLDivElement>(null)
  const started = useRef(false)
  const stepsCode = usePart(STEPS, value !== 'quote' && value !== 'opening' && value !== 'sms')

  useEffect(() => {
    if (started.current || !actor) return
    // the result page's "Tekrar dene" (?purchase=<id>, issue 21): the payment step of that purchase
    const retry = typeof location === 'undefined' ? null : p.retry
    if (retry) {
      started.current = true
      fetchPurchase(retry).then((view) => {
        if (view.status === 'issued') return location.assign(`${p.resultPath('success')}?purchase=${encodeURIComponent(view.id)}`)
        actor.send({ type: 'payment.retry', purchase: { id: view.id, amount: view.amount, currency: view.currency, paymentInProgress: view.paymentInProgress } })
      }, () => { /* not a purchase (any more): the quote, as for a plain visit */ actor.send({ type: 'opening.failed' }) })
      return
    }
    // a reload (or Forward back to the page) at a step after the verification: that step, without a new SMS
    if (restoring) {
      started.current = true
      actor.send({ type: 'restore', step: restoring, ...(p.initial ? { data: p.initial } : {}) })
      return
    }
    if (!p.initial) {
      // an address whose quote is not one (a value missing or unknown): the quote step, as for a plain visit
      if (opening) {
        started.current = true
        actor.send({ type: 'opening.failed' })
      }
      return
    }
    started.current = true
    actor.send({ type: 'quote.submit', data: p.initial, at: new Date().toISOString() })
  }, [actor, p.initial, p, restoring, opening])
  // each step its own history entry: Back is the machine's own `back`, Forward returns to the entry's step
  const historyStep = useSelector(actor, (s) => (s ? purchaseHistoryStep(s) : opening ? null : 'quote'))
  const steps = usePurchaseHistory(historyStep, () => actor?.send({ type: 'back' }), p.onForward)
  useEffect(() => {
    if (output?.purchaseId) location.assign(`${p.resultPath(output.outcome)}?purchase=${encodeURIComponent(output.purchaseId)}`)
  }, [output, p])
  // a new step: its heading is where keyboard and screen reader users continue (not the page's
  // first step: the page opens at its top, as the prerendered page painted it; no jump on hydration;
  // nor the step a page opened with a quote or a purchase in its address opens at, after `opening`)
  const shownStep = useRef<string | null>(null)
  const stepReady = value === 'quote' || value === 'sms' || !!stepsCode
  useEffect(() => {
    if (!stepReady || value === 'opening') return
    const first = shownStep.current === null
    shownStep.current = value
    if (first) return
    heading.current?.querySelector('h2')?.setAttribute('tabindex', '-1')
    heading.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: false })
  }, [value, stepReady])

  // "Satın Al" on the quote step stays on this page: the new quote goes to the machine, so a phone
  // already verified goes straight on to the first section (a new page load would forget it); the
  // address says the quote, as the page load would have (a reload starts from it)
  const onQuoteBought = (search: string) => {
    const address = `${location.pathname}?${search}`
    const data = p.quoteFromSearch(search)
    if (!data) return location.assign(address)
    history.replaceState(history.state, '', address)
    send({ type: 'quote.submit', data, at: new Date().toISOString() })
  }
  const backButton = <div className={styles.actions}><button type="button" className={styles.secondary} onClick={() => steps.back()}><Trans>Geri</Trans></button></div>

  const reason = ctx.error ? i18n._(REASONS[ctx.error] ?? CATALOGUE.TECHNICAL) : null
  const step = value.startsWith('saving') ? value[6]!.toLowerCase() + value.slice(7) : value === 'recordingConsents' ? 'consents'
    : value === 'purchasing' || value === 'loadingPreInformation' ? 'preInformation'
    : value === 'otherPayment' ? 'payment' : value === 'opening' ? 'quote' : value
  const stepper = ['quote', 'sms', ...Object.keys(STEP_NAMES).filter((k) => k !== 'quote' && k !== 'sms' && (k !== 'healthPolicy' || p.product === 'tss'))]
  const common = { busy, reason, onBack: () => steps.back() }
  const onSection = (v: unknown) => send({ type: 'section.submit', value: v, at: new Date().toISOString() })
  // the server's price of the saved answers (the insured person's), else the quote's
  const price = ctx.price ?? ctx.quoted
  const money = (amount: number) => formatMoney(amount, 'TRY', i18n.locale)
  const person = ctx.data.personalProfile

  let body: ReactNode
  const loading = <p role="status"><Trans>Yükleniyor…</Trans></p>
  const { ProfileStep, HealthPolicyStep, ResumeOffer, SummaryStep, ConsentsStep, PreInformationStep } = stepsCode ?? {}
  if (step === 'quote') {
    body = value === 'opening' ? null : <>{reason && <p className={`container ${styles.alert}`} role="alert">{reason}</p>}{p.quote(onQuoteBought)}</>
  } else if (step === 'sms') {
    // (no actor yet: the phone step of a quote the machine is being handed, drawn as the actor will draw it)
    body = <>{reason && <p className={styles.alert} role="alert">{reason}</p>}<SmsVerificationView actor={sms} />{backButton}</>
  } else if (step === 'resuming') {
    // the SMS step is over: its confirmation stays while the purchase looks for a saved application
    body = <div role="status"><p><Trans>Telefon numaranız doğrulandı.</Trans></p><p><Trans>Yükleniyor…</Trans></p></div>
  } else if (step === 'routeAfterQuote' || step === 'routeResumed' || step === 'routeRestored' || step === 'restoring') {
    body = <p role="status"><Trans>Yükleniyor…</Trans></p>
  } else if (step === 'resumeOffer') {
    body = !ResumeOffer ? loading : <ResumeOffer updatedAt={ctx.saved!.updatedAt} onAccept={() => send({ type: 'resume.accept' })} onDecline={() => send({ type: 'resume.decline' })} />
  } else if (step === 'profile') {
    // the quote's answers carried into the profile (changeable): the insured person's birth date
    const quoteBirthdate = insuredBirthdate(p.product, ctx.data)
    const profile = (ctx.data.personalProfile as Record<string, string> | undefined) ?? (quoteBirthdate ? { birthdate: quoteBirthdate } : undefined)
    body = !ProfileStep ? loading : <ProfileStep {...common} value={profile} errors={ctx.fieldErrors} phone={ctx.phone?.replace(/^\+90/, '0') ?? ''} passport={p.product === 'seyahatsaglik'} onSubmit={onSection} />
  } else if (step === 'healthPolicy') {
    body = !HealthPolicyStep ? loading : <HealthPolicyStep {...common} value={ctx.data.healthPolicy} errors={ctx.fieldErrors} birthCoverAvailable={!!p.birthCoverAvailable?.(ctx.data)} onSubmit={onSection} />
  } else if (step === 'consents') {
    body = !ConsentsStep ? loading : <ConsentsStep {...common} product={p.product} initial={ctx.choices} missing={ctx.missing} submitLabel={<Trans>Devam</Trans>} onSubmit={(choices) => send({ type: 'consents.submit', choices })} />
  } else if (step === 'summary') {
    const lines: Array<[ReactNode, ReactNode]> = [
      ...p.summaryLines(ctx.data),
      ...(person ? [[<Trans key="i">Sigortalı</Trans>, `${person.firstname} ${person.lastname}`] as [ReactNode, ReactNode], [<Trans key="e">E-posta</Trans>, person.email] as [ReactNode, ReactNode]] : []),
      ...(person?.passportno ? [[<Trans key="pp">Pasaport no</Trans>, <span key="ppv" data-testid="summary-passport">{person.passportno}</span>] as [ReactNode, ReactNode]] : []),
      // what will be charged, in the words of the payment step (issue 24 item 8): the whole premium, at once or in instalments that add up to it
      ...(price !== null ? [[p.product === 'tss' ? <Trans key="p">Yıllık prim</Trans> : <Trans key="p">Poliçe primi</Trans>, <span key="pv" data-testid="summary-price">{money(price)}</span>] as [ReactNode, ReactNode]] : []),
    ]
    const charged = price !== null ? money(price) : null
    const change = priceChanged && ctx.quoted !== null && ctx.price !== null ? { old: money(ctx.quoted), new: money(ctx.price) } : null
    body = !SummaryStep ? loading : (
      <SummaryStep {...common} lines={lines} priceChange={change} onConfirm={() => send({ type: priceChanged ? 'price.accept' : 'summary.confirm' })}
        charge={charged ? <Trans>Kartınızdan çekilecek tutar: {charged}. Ödeme adımında tek çekim ya da taksit seçebilirsiniz; taksitlerin toplamı bu tutardır.</Trans> : null} />
    )
  } else if (step === 'preInformation') {
    const form = ctx.preInformation
    body = !PreInformationStep ? loading : (
      <PreInformationStep {...common} form={value === 'loadingPreInformation' ? null : form} unconfirmed={ctx.error === 'PRE_INFORMATION_UNCONFIRMED'}
        onConfirm={(accepted) => send({ type: 'preInformation.confirm', accepted })}
        onDownload={() => { if (form && ctx.ticket) void import('../../flows/purchase.ts').then((m) => m.downloadPreInformation({ ticket: ctx.ticket!, product: p.product, id: form.id })).catch(() => toastErrorSoon(i18n._(CATALOGUE.TECHNICAL))) }} />
    )
  } else if (value === 'otherPayment') {
    // two tabs, one purchase (issue 21): this one waits for the other's payment, then shows its result
    body = (
      <div className={styles.form} role="status" data-testid="other-payment">
        <h2><Trans>Ödeme</Trans></h2>
        <p><strong><Trans>Bu satın alma için bir ödeme zaten sürüyor.</Trans></strong></p>
        <p><Trans>Başka bir pencerede ya da cihazda başlatılan ödemenin sonucu bekleniyor; sonuçlandığında burada gösterilecek. Tekrar ödeme yapmanız gerekmez.</Trans></p>
      </div>
    )
  } else if (step === 'payment' && ctx.purchase) {
    const purchase = ctx.purchase
    body = (
      <Suspense fallback={<p role="status"><Trans>Yükleniyor…</Trans></p>}>
        {reason && <p className={styles.alert} role="alert">{reason}</p>}
        <PaymentTestForm purchase={{ ...purchase, onDone: (status) => send(status === 'elsewhere' ? { type: 'payment.elsewhere' } : { type: 'payment.done', status }) }} />
        {backButton}
      </Suspense>
    )
  } else {
    body = <p role="status"><Trans>Sonuç sayfasına yönlendiriliyorsunuz…</Trans></p>
  }

  return (
    <div className={`container ${styles.page}`} data-testid={`purchase-${p.product}`} data-step={step}>
      <header>
        <h1 className={styles.title}>{p.title}</h1>
        <ol className={styles.steps} aria-label={i18n._(msg`Adımlar`)}>
          {stepper.map((s) => <li key={s} aria-current={s === step ? 'step' : undefined}>{i18n._(STEP_NAMES[s]!)}</li>)}
        </ol>
      </header>
      <div ref={heading} className={styles.stepArea}>{body}</div>
      {/* between the verified phone and the payment's outcome, leaving asks first (issue 24 item 1) */}
      {stepsCode && <stepsCode.PurchaseLeaveGuard active={!output && MID_FLOW.has(step)} />}
    </div>
  )
}
