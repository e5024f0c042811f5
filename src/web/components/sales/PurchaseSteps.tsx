import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { consentsFor, type ConsentChoice, type ConsentName, type SalesProduct } from '../../../domain/consents.ts'
import { FIELD } from '../../i18n/reasons.ts'
import styles from './Quote.module.css'

/**
 * The shared steps of every purchase page (docs/decisions/purchase.md "Browser"): personal profile,
 * health policy, consents, summary and the resume offer. Presentational: each gets its values and
 * field errors (message codes of the spec 3.2 schemas) and reports a submit; the product's machine
 * decides. Form controls are named as the spec's fields.
 */
const CODE_TEXT: Record<string, MessageDescriptor> = {
  required: FIELD.required,
  invalid: msg`Girilen değeri kontrol ediniz`,
  tooLong: msg`Girilen değer çok uzun`,
  'email.invalid': FIELD.email,
  'nationalId.invalid': msg`Geçerli bir T.C. Kimlik No giriniz`,
  'userphone.invalid': msg`Lütfen 05 ile başlayan geçerli bir cep telefonu numarası giriniz`,
  'consent.required': msg`Devam etmek için sağlık beyanını onaylamalısınız`,
  'otherpolicy.required': msg`Önceki poliçenin şirketini ve numarasını giriniz`,
  // the product's age rule, on the insured person's birth date (issue 21; spec 5's windows)
  'birthdate.tssAge': msg`Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil.`,
  'birthdate.travelAge': msg`Seyahat Sağlık Sigortası 15 günlükten 100 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil.`,
}

export function useFieldText() {
  const { i18n } = useLingui()
  return (code: string | undefined) => {
    if (!code) return undefined
    const d = CODE_TEXT[code] ?? CODE_TEXT[code.slice(code.indexOf('.') + 1)] ?? CODE_TEXT.invalid!
    return i18n._(d)
  }
}

function Field({ name, label, error, children }: { name: string; label: ReactNode; error?: string; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = `${useId()}-${name}`
  return (
    <div className={styles.fieldset}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && <p id={`${id}-error`} className={styles.error} role="alert">{error}</p>}
    </div>
  )
}

function text(f: FormData, name: string): string {
  return String(f.get(name) ?? '').trim()
}

export type StepProps<V> = { value: V | undefined; errors: Record<string, string>; busy: boolean; reason: string | null; onSubmit(value: unknown): void; onBack(): void }

function Actions({ busy, onBack, submit }: { busy: boolean; onBack(): void; submit: ReactNode }) {
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.secondary} onClick={onBack}><Trans>Geri</Trans></button>
      <button type="submit" className={styles.primary} aria-busy={busy} disabled={busy}>{submit}</button>
    </div>
  )
}

function Reason({ reason }: { reason: string | null }) {
  return reason ? <p className={styles.alert} role="alert">{reason}</p> : null
}

type Profile = Record<string, string>

/** Personal profile (spec 3.2): identity, contact and work. */
export function ProfileStep(p: StepProps<Profile> & { phone: string }) {
  const fieldText = useFieldText()
  const v = p.value ?? {}
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const value: Record<string, string> = {}
    for (const name of ['firstname', 'lastname', 'nationalId', 'nationality', 'birthdate', 'email', 'userphone', 'fathername', 'mothername', 'birthplace', 'profession']) {
      const t = text(f, name)
      if (t || ['firstname', 'lastname', 'nationalId', 'nationality', 'birthdate', 'email', 'userphone'].includes(name)) value[name] = t
    }
    p.onSubmit(value)
  }
  const input = (name: string, label: ReactNode, extra: Record<string, unknown> = {}) => (
    <Field name={name} label={label} error={fieldText(p.errors[name])}>
      {(id, describedBy) => <input id={id} name={name} className={styles.select} defaultValue={v[name] ?? ''} aria-invalid={p.errors[name] ? true : undefined} aria-describedby={describedBy} {...extra} />}
    </Field>
  )
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="step-profile">
      <h2><Trans>Kişisel bilgiler</Trans></h2>
      <Reason reason={p.reason} />
      {input('firstname', <Trans>Ad</Trans>, { autoComplete: 'given-name' })}
      {input('lastname', <Trans>Soyad</Trans>, { autoComplete: 'family-name' })}
      {input('nationalId', <Trans>T.C. Kimlik No</Trans>, { inputMode: 'numeric', maxLength: 20 })}
      <Field name="nationality" label={<Trans>Uyruk</Trans>} error={fieldText(p.errors.nationality)}>
        {(id) => (
          <select id={id} name="nationality" className={styles.select} defaultValue={v.nationality ?? 'TR'}>
            <option value="TR"><Trans>Türkiye Cumhuriyeti</Trans></option>
            <option value="DE"><Trans>Almanya</Trans></option>
            <option value="AZ"><Trans>Azerbaycan</Trans></option>
            <option value="RU"><Trans>Rusya</Trans></option>
            <option value="GB"><Trans>Birleşik Krallık</Trans></option>
          </select>
        )}
      </Field>
      {input('birthdate', <Trans>Doğum tarihi</Trans>, { type: 'date' })}
      {input('email', <Trans>E-posta</Trans>, { type: 'email', autoComplete: 'email' })}
      {input('userphone', <Trans>Cep telefonu</Trans>, { defaultValue: v.userphone ?? p.phone, inputMode: 'tel', autoComplete: 'tel' })}
      {input('fathername', <Trans>Baba adı</Trans>)}
      {input('mothername', <Trans>Anne adı</Trans>)}
      {input('birthplace', <Trans>Doğum yeri</Trans>)}
      {input('profession', <Trans>Meslek</Trans>)}
      <Actions busy={p.busy} onBack={p.onBack} submit={<Trans>Devam</Trans>} />
    </form>
  )
}

const HEALTH_QUESTIONS: ReadonlyArray<{ id: string; text: MessageDescriptor }> = [
  { id: 'chronic', text: msg`Süregelen (kronik) bir hastalığınız var mı?` },
  { id: 'surgery', text: msg`Son 5 yılda ameliyat oldunuz mu veya ameliyat öneriliyor mu?` },
  { id: 'medication', text: msg`Düzenli kullandığınız bir ilaç var mı?` },
]

type HealthPolicyValue = {
  questions: Array<{ id: string; answer: boolean; detail?: string }>
  isotherpolicy: boolean
  othercompany?: string
  otherpolicyno?: string
  otherpolicyenddate?: string
  birthCollateral: boolean
  healthdeclarationconcent: boolean
}

/** Health policy (spec 3.2): health questions, an earlier policy, birth cover, the health declaration. */
export function HealthPolicyStep(p: StepProps<HealthPolicyValue> & { birthCoverAvailable: boolean }) {
  const { i18n } = useLingui()
  const fieldText = useFieldText()
  const [other, setOther] = useState(p.value?.isotherpolicy ?? false)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const value: HealthPolicyValue = {
      questions: HEALTH_QUESTIONS.map((q) => {
        const detail = text(f, `detail-${q.id}`)
        return { id: q.id, answer: f.get(`q-${q.id}`) === 'yes', ...(detail ? { detail } : {}) }
      }),
      isotherpolicy: f.get('isotherpolicy') === 'on',
      birthCollateral: f.get('birthCollateral') === 'on',
      healthdeclarationconcent: f.get('healthdeclarationconcent') === 'on',
    }
    if (value.isotherpolicy) {
      value.othercompany = text(f, 'othercompany')
      value.otherpolicyno = text(f, 'otherpolicyno')
      const end = text(f, 'otherpolicyenddate')
      if (end) value.otherpolicyenddate = end
    }
    p.onSubmit(value)
  }
  const answer = (id: string) => p.value?.questions.find((q) => q.id === id)?.answer
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="step-healthPolicy">
      <h2><Trans>Sağlık beyanı ve poliçe bilgileri</Trans></h2>
      <Reason reason={p.reason} />
      {HEALTH_QUESTIONS.map((q) => (
        <fieldset key={q.id} className={styles.fieldset}>
          <legend className={styles.legend}>{i18n._(q.text)}</legend>
          <div className={styles.radios}>
            <label><input type="radio" name={`q-${q.id}`} value="no" defaultChecked={answer(q.id) !== true} /> <Trans>Hayır</Trans></label>
            <label><input type="radio" name={`q-${q.id}`} value="yes" defaultChecked={answer(q.id) === true} /> <Trans>Evet</Trans></label>
          </div>
          <label className={styles.label}><Trans>Açıklama (evet ise)</Trans> <input name={`detail-${q.id}`} className={styles.select} maxLength={500} /></label>
        </fieldset>
      ))}
      <label className={styles.check}>
        <input type="checkbox" name="isotherpolicy" checked={other} onChange={(e) => setOther(e.currentTarget.checked)} />{' '}
        <Trans>Başka bir şirkette sağlık poliçem var / vardı (kazanılmış haklar aktarılır)</Trans>
      </label>
      {other && (
        <>
          <Field name="othercompany" label={<Trans>Şirket</Trans>} error={fieldText(p.errors.othercompany)}>
            {(id, d) => <input id={id} name="othercompany" className={styles.select} defaultValue={p.value?.othercompany ?? ''} aria-describedby={d} />}
          </Field>
          <Field name="otherpolicyno" label={<Trans>Poliçe numarası</Trans>} error={fieldText(p.errors.otherpolicyno)}>
            {(id, d) => <input id={id} name="otherpolicyno" className={styles.select} defaultValue={p.value?.otherpolicyno ?? ''} aria-describedby={d} />}
          </Field>
          <Field name="otherpolicyenddate" label={<Trans>Poliçe bitiş tarihi</Trans>} error={fieldText(p.errors.otherpolicyenddate)}>
            {(id, d) => <input id={id} name="otherpolicyenddate" type="date" className={styles.select} defaultValue={p.value?.otherpolicyenddate ?? ''} aria-describedby={d} />}
          </Field>
        </>
      )}
      {p.birthCoverAvailable && (
        <label className={styles.check}>
          <input type="checkbox" name="birthCollateral" defaultChecked={p.value?.birthCollateral ?? false} />{' '}
          <Trans>Doğum teminatı eklensin (10 ay bekleme süresi)</Trans>
        </label>
      )}
      <label className={styles.check}>
        <input type="checkbox" name="healthdeclarationconcent" defaultChecked={false} aria-invalid={p.errors.healthdeclarationconcent ? true : undefined} />{' '}
        <Trans>Sağlık beyanımın doğru ve eksiksiz olduğunu onaylıyorum</Trans>
      </label>
      {p.errors.healthdeclarationconcent && <p className={styles.error} role="alert">{fieldText(p.errors.healthdeclarationconcent)}</p>}
      <Actions busy={p.busy} onBack={p.onBack} submit={<Trans>Devam</Trans>} />
    </form>
  )
}

/** Consents (spec 3.2, 7.3): each text shown; explicit consents unticked; the required ones block. */
export function ConsentsStep(p: { product: SalesProduct; missing: ConsentName[]; busy: boolean; reason: string | null; onSubmit(choices: Partial<Record<ConsentName, ConsentChoice>>): void; onBack(): void }) {
  const { i18n } = useLingui()
  const locale = (['tr', 'en', 'ru'].includes(i18n.locale) ? i18n.locale : 'tr') as 'tr' | 'en' | 'ru'
  const docs = consentsFor(p.product)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const choices: Partial<Record<ConsentName, ConsentChoice>> = {}
    for (const d of docs) {
      if (d.name === 'markconcent') {
        const channels = (['SMS', 'EMAIL', 'CALL'] as const).filter((c) => f.get(`markconcent-${c}`) === 'on')
        choices.markconcent = { accepted: channels.length > 0, channels }
      } else choices[d.name] = { accepted: f.get(d.name) === 'on' }
    }
    p.onSubmit(choices)
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="step-consents">
      <h2><Trans>Onaylar</Trans></h2>
      <Reason reason={p.reason} />
      {p.missing.length > 0 && <p className={styles.alert} role="alert"><Trans>Devam etmek için zorunlu onayları vermelisiniz</Trans></p>}
      {docs.map((d) => {
        const required = d.requiredFor.includes(p.product)
        return (
          <fieldset key={d.documentId} className={styles.fieldset}>
            <legend className={styles.legend}>{d.title[locale]}{required && <> (<Trans>zorunlu</Trans>)</>}</legend>
            <details><summary><Trans>Metni oku</Trans></summary><p className={styles.muted}>{d.text[locale]}</p></details>
            {d.name === 'markconcent' ? (
              <div className={styles.radios}>
                <label><input type="checkbox" name="markconcent-SMS" /> SMS</label>
                <label><input type="checkbox" name="markconcent-EMAIL" /> <Trans>E-posta</Trans></label>
                <label><input type="checkbox" name="markconcent-CALL" /> <Trans>Arama</Trans></label>
              </div>
            ) : (
              <label className={styles.check}>
                <input type="checkbox" name={d.name} aria-invalid={p.missing.includes(d.name) ? true : undefined} />{' '}
                {d.kind === 'notice' ? <Trans>Okudum</Trans> : <Trans>Onaylıyorum</Trans>}
              </label>
            )}
          </fieldset>
        )
      })}
      <Actions busy={p.busy} onBack={p.onBack} submit={<Trans>Devam</Trans>} />
    </form>
  )
}

/** Summary: what is bought, for whom; the price comes from the server when the purchase is created. */
/**
 * The summary. `priceChange`: the price the server computed from the insured person's data is not
 * the one the customer saw (issue 21): both are shown, and the new one is confirmed (`onConfirm`
 * then accepts it) before anything is bought.
 */
export function SummaryStep(p: {
  lines: Array<[ReactNode, ReactNode]>; busy: boolean; reason: string | null; priceChange?: { old: string; new: string } | null; onConfirm(): void; onBack(): void
}) {
  const change = p.priceChange
  const oldPrice = change?.old
  const newPrice = change?.new
  return (
    <form className={styles.form} onSubmit={(e) => { e.preventDefault(); p.onConfirm() }} data-testid="step-summary">
      <h2><Trans>Özet</Trans></h2>
      <Reason reason={p.reason} />
      {change && (
        <div className={styles.notice} role="alert" data-testid="price-change">
          <p><strong><Trans>Fiyat değişti</Trans></strong></p>
          <p><Trans>Teklifte gördüğünüz fiyat {oldPrice} idi. Sigortalının bilgilerine göre hesaplanan fiyat {newPrice}. Devam etmek için yeni fiyatı onaylayın.</Trans></p>
          <dl className={styles.summary}>
            <div><dt><Trans>Önceki fiyat</Trans></dt><dd data-testid="price-old"><s>{change.old}</s></dd></div>
            <div><dt><Trans>Yeni fiyat</Trans></dt><dd data-testid="price-new">{change.new}</dd></div>
          </dl>
        </div>
      )}
      <dl className={styles.summary}>
        {p.lines.map(([k, v], i) => <div key={i}><dt>{k}</dt><dd>{v}</dd></div>)}
      </dl>
      <Actions busy={p.busy} onBack={p.onBack} submit={change ? <Trans>Yeni fiyatı onayla ve ödemeye geç</Trans> : <Trans>Onayla ve ödemeye geç</Trans>} />
    </form>
  )
}

/** Offered after SMS verification when the same phone left an application unfinished. */
export function ResumeOffer(p: { updatedAt: string; onAccept(): void; onDecline(): void }) {
  const { i18n } = useLingui()
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(p.updatedAt))
  return (
    <div className={styles.form} data-testid="resume-offer">
      <h2><Trans>Yarım kalan başvurunuz var</Trans></h2>
      <p><Trans>{when} tarihinde bu numarayla başlattığınız başvuruya kaldığınız yerden devam edebilirsiniz.</Trans></p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={p.onAccept}><Trans>Kaldığım yerden devam et</Trans></button>
        <button type="button" className={styles.secondary} onClick={p.onDecline}><Trans>Baştan başla</Trans></button>
      </div>
    </div>
  )
}
