import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { besPurchaseMachine } from '../../../../../machines/bes-purchase/bes-purchase.machine.ts'
import type { BesHistoryStep } from '../../../../../machines/bes-purchase/bes-history.ts'
import type { smsVerificationMachine } from '../../../../../machines/sms-verification/sms-verification.machine.ts'
import { minimumContribution, type BesProduct } from '../../../../domain/bes.ts'
import { formatMoney } from '../../../../domain/money.ts'
import type { ConsentName } from '../../../../domain/consents.ts'
import { useDocumentTitle } from '../../../components/useDocumentTitle.ts'
import { usePrefetchedCities, type City } from '../../../flows/cities.ts'
import { fetchPurchase } from '../../../flows/purchase-read.ts'
import { useHeldSend, useLazyActor, useSelector } from '../../../lazy-actor.ts'
import { reasonText } from '../../../i18n/reasons.ts'
import { getInspect } from '../../../inspector.ts'
import { entryStep, usePurchaseHistory } from '../usePurchaseHistory.ts'
import { restoredStepOf } from '../../../../domain/purchase-address.ts'
import { CATALOGUE } from '../../../api/errors.ts'
import { toastErrorSoon } from '../../../components/Toasts.tsx'
import { ContractStep, QuickStep, SummaryStep } from './BesSteps.tsx'
import { lazyPart, usePart } from '../../../lazy-part.ts'
import type { BesPurchaseContext } from '../../../../../machines/bes-purchase/bes-purchase.context.ts'
import { BES_REASONS, fieldText } from './messages.ts'
import styles from './bes.module.css'
import { withTexts } from '../../../i18n/index.ts'

// the card form's code and its texts (the `card` catalog part) load together when it is first needed
const PaymentTestForm = lazy(() => withTexts('card', import('../../payment/PaymentTestForm.tsx')))

/**
 * The forms after the quick profile (issue 23 goal 2): not part of the page's first load, they load
 * on the visitor's first sign of intent, or on reaching them.
 */
const STEPS = lazyPart(() => Promise.all([
  import('../SmsVerificationView.tsx'),
  import('../../../components/sales/ConsentsStep.tsx'),
  import('./PersonForm.tsx'),
  import('../../../components/sales/PurchaseSteps.tsx'),
  // the leave guard (with the router's blocker): active only after the phone, whose step is in this part too
  import('../PurchaseLeaveGuard.tsx'),
]).then(([sms, consents, person, steps, guard]) => ({ ...sms, ...consents, ...person, PreInformationStep: steps.PreInformationStep, ...guard })))

/**
 * The BES purchase machine with its effects (issue 23 goal 2): its code (with the steps' checks, the
 * spec 3.2 schemas and the SMS child machine) loads on the visitor's first sign of intent, or at
 * once for a page that opens at a later step or with a purchase to pay again; the quick profile is
 * drawn without it, as the machine's first state draws it.
 */
const FLOW = lazyPart(() => import('../../../flows/bes-purchase.ts').then((m) => m.besPurchaseFlow))

/** What the page reads of the machine's context before its code is there (the first state's). */
const BEFORE_MACHINE = { quick: null, errors: {}, reason: null, resumedAt: null, minor: false, payerIsOther: false } as unknown as BesPurchaseContext

/** A later step while its code loads. */
function Loading() {
  return <p role="status"><Trans>Yükleniyor…</Trans></p>
}
const NOT_YET = { SmsVerificationView: Loading, ConsentsStep: Loading, PersonForm: Loading, PreInformationStep: Loading, PurchaseLeaveGuard: (_: { active: boolean }) => null }

type Snap = SnapshotFrom<typeof besPurchaseMachine>
type Step = 'quick' | 'sms' | 'personal' | 'custodian' | 'payer' | 'contract' | 'consents' | 'summary' | 'preInformation' | 'payment' | 'paid'

const STEP_NAMES: Record<Step, MessageDescriptor> = {
  quick: msg`Hızlı profil`,
  sms: msg`Telefon doğrulama`,
  personal: msg`Kişisel bilgiler`,
  custodian: msg`Veli / vasi`,
  payer: msg`Ödeyen bilgileri`,
  contract: msg`Sözleşme ve fonlar`,
  consents: msg`Onaylar`,
  summary: msg`Özet`,
  preInformation: msg`Ön bilgilendirme formu`,
  payment: msg`Ödeme`,
  paid: msg`Sonuç`,
}

/** The step on screen; while a step is being saved, the step that is being saved. */
function stepOf(s: Snap): Step {
  if (s.matches('quickProfile')) return 'quick'
  if (s.matches('verifying') || s.matches('resuming') || s.matches('restoring')) return 'sms'
  if (s.matches('saving') || s.matches('saveFailed')) {
    const saving = s.context.saving
    return saving === 'profile' ? 'personal' : saving ?? 'personal'
  }
  if (s.matches('recordingConsents')) return 'consents'
  if (s.matches('startingPurchase') || s.matches('loadingPreInformation')) return 'preInformation'
  if (s.matches('otherPayment')) return 'payment'
  for (const st of ['personal', 'custodian', 'payer', 'contract', 'consents', 'summary', 'preInformation', 'payment', 'paid'] as const) if (s.matches(st)) return st
  return 'quick'
}

const TITLES: Record<BesProduct, MessageDescriptor> = { erkenbes: msg`Erken BES satın al`, pratikbes: msg`Pratik BES satın al` }
const LEADS: Record<BesProduct, MessageDescriptor> = {
  // {minimum}: the plan's monthly minimum, written in the language (formatMoney)
  erkenbes: msg({ message: 'Emekliliğe erken başlayın: aylık en az {minimum} katkıyla, faizsiz katılım fonlarında birikim. 18 yaş altındaki çocuğunuz için de açabilirsiniz.' }),
  pratikbes: msg({ message: 'Birkaç adımda sözleşmenizi kurun, aylık en az {minimum} katkıyı kartınızla ödeyin. 18 yaşını doldurmuş katılımcılar içindir.' }),
}

/** The provinces' load statechart (flows/bes-cities.ts), loaded on intent or when the first request failed (issue 23 goal 2). */
const CITIES = lazyPart(() => import('../../../flows/bes-cities.ts').then((m) => m.besCitiesFlow))

/**
 * The provinces for the quick profile; a failed lookup says so and offers a retry (the list is
 * needed to go on). They are asked for as the page mounts, before their load statechart's code is
 * there; the statechart takes that answer (flows/cities.ts) and owns the failure and the retry.
 */
function useCities() {
  const { prefetched, needed } = usePrefetchedCities()
  const load = useLazyActor(CITIES, needed, { input: { params: null }, inspect: getInspect() })
  const failed = useSelector(load, (s) => !!s?.matches('failed'))
  const loaded = useSelector(load, (s) => (s?.context.loaded ? (s.context.data as City[]) : null))
  return { cities: loaded ?? prefetched ?? [], failed, retry: () => load?.send({ type: 'retry' }) }
}

type Props = { product: BesProduct; retry?: string | undefined }

/**
 * `/urunler/market/erkenbes` and `/urunler/market/pratikbes`: the BES purchase bound to its machine.
 * The browser's Forward to a later step of the page opens it anew at that step, as a reload does (issue 24 item 1).
 */
export function BesPurchaseView(p: Props) {
  const [opened, setOpened] = useState(0)
  return <BesPurchaseFlow key={opened} {...p} onForward={() => setOpened((n) => n + 1)} />
}

function BesPurchaseFlow({ product, retry, onForward }: Props & { onForward(): void }) {
  const { i18n } = useLingui()
  // a reload (or Forward back to the page) at a step after the verification: that step, without a new SMS (the quick profile is not drawn meanwhile);
  // the history entry's step, else the one the address names (prerendering: the router's address), as the prerendered opening screen does (src/domain/purchase-address.ts)
  const routerPath = useRouterState({ select: (s) => s.location.pathname })
  const routerSearch = useRouterState({ select: (s) => s.location.searchStr })
  const [restoring, setRestoring] = useState(() => {
    const address = typeof location === 'undefined' ? { pathname: routerPath, search: routerSearch } : location
    return retry ? null : restoredStepOf(address.pathname, address.search, entryStep()) as BesHistoryStep | null
  })
  // the quick profile needs none of the machine's code: it loads on intent (or on "Devam Et"), at once
  // for a page that opens with something to hand to it
  const [needed, setNeeded] = useState(() => !!retry || !!restoring)
  const actor = useLazyActor(FLOW, needed, { input: { product }, inspect: getInspect() })
  // an event sent before the machine is there (a fast "Devam Et"): sent as it arrives
  const send = useHeldSend<Parameters<NonNullable<typeof actor>['send']>[0]>(actor, () => setNeeded(true))
  useEffect(() => {
    if (!restoring || !actor) return
    actor.send({ type: 'restore', step: restoring })
    setRestoring(null)
  }, [actor, restoring])
  // each step its own history entry: Back is the machine's own `back`, Forward returns to the entry's step
  // (the step on screen names the entry; none while busy or after a failed save, whose step stays on screen)
  // (until the machine is there, the page is at its first state: the quick profile; nor before the restore is sent:
  // the quick profile the machine starts at is not on screen then)
  const machineStep = useSelector(actor, (s) => (!s ? 'quick' : s.status !== 'active' || s.hasTag('busy') || s.matches('saveFailed') ? null : stepOf(s)))
  const historyStep = restoring ? null : machineStep
  const history = usePurchaseHistory(historyStep, () => actor?.send({ type: 'back' }), onForward)
  const step = useSelector(actor, (s) => (s ? stepOf(s) : 'quick'))
  const ctx = useSelector(actor, (s) => s?.context) ?? BEFORE_MACHINE
  const busy = useSelector(actor, (s) => !!s?.hasTag('busy'))
  const saveFailed = useSelector(actor, (s) => !!s?.matches('saveFailed'))
  const snapshotLoading = useSelector(actor, (s) => !!s?.matches('loadingPreInformation'))
  const sms = useSelector(actor, (s) => s?.children.smsVerification as ActorRefFrom<typeof smsVerificationMachine> | undefined)
  const output = useSelector(actor, (s) => (s?.status === 'done' ? s.output : null))
  const { cities, failed: citiesFailed, retry: retryCities } = useCities()
  // the card form of the first contribution, charged with the server's amount; its end goes to the result page, which reads the server's record
  const purchase = ctx.purchase
  const charge = useMemo(() => purchase && {
    ...purchase,
    onDone: (status: 'success' | 'error' | 'elsewhere') => actor?.send(status === 'elsewhere' ? { type: 'payment.elsewhere' } : { type: 'payment.done', status }),
  }, [purchase, actor])
  const otherPayment = useSelector(actor, (s) => !!s?.matches('otherPayment'))
  useEffect(() => {
    if (output?.purchaseId) location.assign(`/result/${output.outcome === 'success' ? 'success' : 'error'}?purchase=${encodeURIComponent(output.purchaseId)}`)
  }, [output])
  // the result page's "Tekrar dene" (?purchase=<id>, issue 21): the card form of that purchase
  // (`retry`: the route's validated `?purchase=`)
  useEffect(() => {
    if (!retry || !actor) return
    fetchPurchase(retry).then((view) => {
      if (view.status === 'issued') return location.assign(`/result/success?purchase=${encodeURIComponent(view.id)}`)
      actor.send({ type: 'payment.retry', purchase: { id: view.id, amount: view.amount, currency: view.currency, paymentInProgress: view.paymentInProgress } })
    }, () => { /* not a purchase (any more): the quick profile, as for a plain visit */ })
  }, [actor, retry])
  const { SmsVerificationView, ConsentsStep, PersonForm, PreInformationStep, PurchaseLeaveGuard } = usePart(STEPS, step !== 'quick') ?? NOT_YET
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  useDocumentTitle(i18n._(TITLES[product]))
  useEffect(() => {
    if (first.current) { first.current = false; return }
    heading.current?.focus()
  }, [step])

  const text = (field: string, code: string | undefined, extra?: { minimum?: string; nationality?: string }) => fieldText(i18n, field, code, extra)
  // the national id's refusal by the nationality the person form shows (a passport number's rule unless TR)
  const nationalIdText = (nationality: string) => text('nationalId', ctx.errors.nationalId, { nationality })
  const errs = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([f, c]) => [f, text(f, c)]))
  const failure = (code: string | null) => (code ? (BES_REASONS[code] ? i18n._(BES_REASONS[code]) : reasonText(code, i18n)) : null)
  const at = () => new Date().toISOString()
  const steps: Step[] = ['quick', 'sms', 'personal', ...(ctx.minor ? ['custodian' as const] : []), ...(ctx.payerIsOther ? ['payer' as const] : []), 'contract', 'consents', 'summary', 'preInformation', 'payment']
  // the page's "Geri": through the browser's history when the entry before is this page's step
  const back = () => history.back()

  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1 className={styles.title}>{i18n._(TITLES[product])}</h1>
        <p className={styles.lead}>{i18n._({ ...LEADS[product], values: { minimum: formatMoney(minimumContribution(product, 'monthly'), 'TRY', i18n.locale, { fractionDigits: 0 }) } })}</p>
      </header>
      <nav aria-label={i18n._(msg`Satın alma adımları`)}>
        <ol className={styles.steps}>
          {steps.map((s) => <li key={s} aria-current={s === step ? 'step' : undefined}>{i18n._(STEP_NAMES[s])}</li>)}
        </ol>
      </nav>
      <section aria-labelledby="bes-step" className={styles.stepArea}>
        <h2 id="bes-step" ref={heading} tabIndex={-1}>{i18n._(STEP_NAMES[step])}</h2>
        {ctx.resumedAt === step && <p className={styles.note} role="status"><Trans>Yarım kalan başvurunuz bulundu: kaldığınız adımdan devam ediyorsunuz. Önceki bilgilerinizi "Geri" ile kontrol edebilirsiniz.</Trans></p>}
        {saveFailed && (
          <div className={styles.alert} role="alert">
            <p>{failure(ctx.reason)}</p>
            <button type="button" className={styles.primary} onClick={() => send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
          </div>
        )}
        {step === 'quick' && restoring && <Loading />}
        {step === 'quick' && !restoring && citiesFailed && (
          <div className={styles.alert} role="alert">
            <p><Trans>İller yüklenemedi.</Trans></p>
            <button type="button" className={styles.primary} onClick={retryCities}><Trans>Tekrar dene</Trans></button>
          </div>
        )}
        {step === 'quick' && !restoring && (
          <QuickStep cities={cities} initial={ctx.quick} errors={errs(ctx.errors)} onSubmit={(v) => send({ type: 'quick.submit', at: at(), ...v })} />
        )}
        {/* the verification the server ended (SMS_TICKET_INVALID): the phone again, saying why */}
        {step === 'sms' && !busy && ctx.reason && <p className={styles.alert} role="alert">{failure(ctx.reason)}</p>}
        {step === 'sms' && sms && <SmsVerificationView actor={sms} />}
        {step === 'sms' && busy && <p role="status"><Trans>Başvurunuz hazırlanıyor…</Trans></p>}
        {step === 'personal' && (
          <PersonForm key="personal" kind="participant" nationalIdText={nationalIdText} verifiedPhone={ctx.phone ?? ''} busy={busy} errors={errs(ctx.errors)}
            initial={{ birthdate: ctx.quick?.birthdate, ...ctx.profile }}
            extra={(
              <label className={styles.check}>
                <input type="checkbox" name="payerIsOther" defaultChecked={ctx.payerIsOther} />
                <span><Trans>Katkı payını başka biri ödeyecek</Trans></span>
              </label>
            )}
            onSubmit={(values, f) => send({ type: 'profile.submit', values, payerIsOther: f.get('payerIsOther') === 'on', at: at() })} />
        )}
        {step === 'custodian' && (
          <>
            <p className={styles.note}><Trans>Katılımcı 18 yaşından küçük olduğu için sözleşmeyi yasal temsilcisi (veli veya vasi) imzalar.</Trans></p>
            <PersonForm key="custodian" kind="custodian" nationalIdText={nationalIdText} busy={busy} errors={errs(ctx.errors)} initial={{ ...ctx.custodian }} onBack={back}
              extra={(
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="legalparent"><Trans>Katılımcıya yakınlığı</Trans></label>
                  <select id="legalparent" name="legalparent" className={styles.input} defaultValue={ctx.profile?.legalparent ?? ''}
                    aria-invalid={ctx.errors.relation ? true : undefined} aria-describedby={ctx.errors.relation ? 'legalparent-e' : undefined}>
                    <option value="">{i18n._(msg`Seçiniz`)}</option>
                    <option value="mother">{i18n._(msg`Annesi`)}</option>
                    <option value="father">{i18n._(msg`Babası`)}</option>
                    <option value="guardian">{i18n._(msg`Vasisi`)}</option>
                  </select>
                  {ctx.errors.relation && <p id="legalparent-e" className={styles.error} role="alert">{text('relation', ctx.errors.relation)}</p>}
                </div>
              )}
              onSubmit={(values, f) => send({ type: 'custodian.submit', values, relation: String(f.get('legalparent') ?? ''), at: at() })} />
          </>
        )}
        {step === 'payer' && (
          <PersonForm key="payer" kind="payer" nationalIdText={nationalIdText} busy={busy} errors={errs(ctx.errors)} initial={{ ...ctx.payer }} onBack={back}
            onSubmit={(values) => send({ type: 'payer.submit', values, at: at() })} />
        )}
        {step === 'contract' && (
          <ContractStep product={product} initial={ctx.contract} errors={ctx.errors} text={text} busy={busy} onBack={back}
            onSubmit={(values) => send({ type: 'contract.submit', values })} />
        )}
        {step === 'consents' && (
          <ConsentsStep product={product} initial={ctx.consents} missing={(Object.keys(ctx.errors) as ConsentName[]).filter((n) => ctx.errors[n] === 'consentRequired')} heading={false} reason={failure(ctx.reason)} busy={busy} onBack={back}
            submitLabel={<Trans>Devam Et</Trans>} onSubmit={(choices) => send({ type: 'consents.submit', choices })} />
        )}
        {step === 'summary' && ctx.profile && ctx.contract && (
          <SummaryStep product={product} participant={ctx.profile} custodian={ctx.minor ? ctx.custodian : null} payer={ctx.payerIsOther ? ctx.payer : null}
            contract={ctx.contract} failure={failure(ctx.reason)} busy={busy} onBack={back} onConfirm={() => send({ type: 'summary.confirm' })} />
        )}
        {step === 'preInformation' && (
          <PreInformationStep heading={false} form={snapshotLoading ? null : ctx.preInformation} busy={busy} reason={failure(ctx.reason)} unconfirmed={ctx.reason === 'PRE_INFORMATION_UNCONFIRMED'} onBack={back}
            onConfirm={(accepted) => send({ type: 'preInformation.confirm', accepted })}
            onDownload={() => { const form = ctx.preInformation; if (form && ctx.ticket) void import('../../../flows/purchase.ts').then((m) => m.downloadPreInformation({ ticket: ctx.ticket!, product, id: form.id })).catch(() => toastErrorSoon(i18n._(CATALOGUE.TECHNICAL))) }} />
        )}
        {otherPayment && (
          <div role="status" data-testid="other-payment">
            <p><strong><Trans>Bu satın alma için bir ödeme zaten sürüyor.</Trans></strong></p>
            <p><Trans>Başka bir pencerede ya da cihazda başlatılan ödemenin sonucu bekleniyor; sonuçlandığında burada gösterilecek. Tekrar ödeme yapmanız gerekmez.</Trans></p>
          </div>
        )}
        {step === 'payment' && !otherPayment && charge && (
          <Suspense fallback={<p role="status"><Trans>Yükleniyor…</Trans></p>}>
            {ctx.reason && <p className={styles.alert} role="alert">{failure(ctx.reason)}</p>}
            <PaymentTestForm purchase={charge} />
            <p><button type="button" className={styles.secondary} onClick={back}><Trans>Geri</Trans></button></p>
          </Suspense>
        )}
        {step === 'paid' && <p role="status"><Trans>Sonuç sayfasına yönlendiriliyorsunuz…</Trans></p>}
      </section>
      <PurchaseLeaveGuard active={step !== 'quick' && step !== 'sms' && step !== 'paid'} />
    </div>
  )
}
