import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { HealthQuestionId } from '../../../domain/purchase.ts'
import { FIELD } from '../../i18n/reasons.ts'
import { fieldRuleText } from './field-rules.ts'
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
  'userphone.invalid': /*i18n*/ { id: 'SMS_INVALID_PHONE' },
  'consent.required': msg`Devam etmek için sağlık beyanını onaylamalısınız`,
  'healthQuestion.required': msg`Bu soruyu Evet veya Hayır seçerek yanıtlamalısınız`,
  'otherpolicy.required': msg`Önceki poliçenin şirketini ve numarasını giriniz`,
  // the product's age rule, on the insured person's birth date (issue 21; spec 5's windows)
  'birthdate.tssAge': msg`Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil.`,
  'birthdate.travelAge': msg`Seyahat Sağlık Sigortası 15 günlükten 100 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil.`,
}

/** A field's refusal in words: the field and its rule where the field is known (issue 24 item 7), else the code's text. */
export function useFieldText() {
  const { i18n } = useLingui()
  return (code: string | undefined, field?: string, nationality?: string) => {
    if (!code) return undefined
    const named = field && !code.startsWith('otherpolicy.') ? fieldRuleText(i18n, field, code, nationality) : undefined
    if (named) return named
    const d = CODE_TEXT[code] ?? CODE_TEXT[code.slice(code.indexOf('.') + 1)] ?? CODE_TEXT.invalid!
    return i18n._(d)
  }
}

function Field({ name, label, error, hint, children }: { name: string; label: ReactNode; error?: string; hint?: ReactNode; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = `${useId()}-${name}`
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.fieldset}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint && <p id={`${id}-hint`} className={styles.hint}>{hint}</p>}
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
export function ProfileStep(p: StepProps<Profile> & {
  phone: string
  /** Ask a Turkish citizen's passport number (optional): the travel policy carries it for a visa application (issue 24 item 5). */
  passport?: boolean
}) {
  const fieldText = useFieldText()
  const v = p.value ?? {}
  // a passport number has letters: the phone's full keyboard unless the person is a Turkish citizen (issue 23)
  const [citizen, setCitizen] = useState((v.nationality ?? 'TR') === 'TR')
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const value: Record<string, string> = {}
    for (const name of ['firstname', 'lastname', 'nationalId', 'nationality', 'passportno', 'birthdate', 'email', 'userphone', 'fathername', 'mothername', 'birthplace', 'profession']) {
      const t = text(f, name)
      if (t || ['firstname', 'lastname', 'nationalId', 'nationality', 'birthdate', 'email', 'userphone'].includes(name)) value[name] = t
    }
    p.onSubmit(value)
  }
  const input = (name: string, label: ReactNode, extra: Record<string, unknown> = {}, hint?: ReactNode) => (
    // the national id's refusal names the rule of what the field holds: a T.C. Kimlik No or a passport number
    <Field name={name} label={label} hint={hint} error={fieldText(p.errors[name], name, name === 'nationalId' ? (citizen ? 'TR' : 'other') : undefined)}>
      {(id, describedBy) => <input id={id} name={name} className={styles.select} defaultValue={v[name] ?? ''} aria-invalid={p.errors[name] ? true : undefined} aria-describedby={describedBy} {...extra} />}
    </Field>
  )
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="step-profile">
      <h2><Trans>Kişisel bilgiler</Trans></h2>
      <Reason reason={p.reason} />
      {input('firstname', <Trans>Ad</Trans>, { autoComplete: 'given-name' })}
      {input('lastname', <Trans>Soyad</Trans>, { autoComplete: 'family-name' })}
      {input('nationalId', citizen ? <Trans>T.C. Kimlik No</Trans> : <Trans>Pasaport no</Trans>,
        citizen ? { inputMode: 'numeric', maxLength: 20, autoComplete: 'off' } : { inputMode: 'text', autoCapitalize: 'characters', maxLength: 20, autoComplete: 'off' })}
      <Field name="nationality" label={<Trans>Uyruk</Trans>} error={fieldText(p.errors.nationality, 'nationality')}>
        {(id) => (
          <select id={id} name="nationality" className={styles.select} defaultValue={v.nationality ?? 'TR'} autoComplete="country" onChange={(e) => setCitizen(e.currentTarget.value === 'TR')}>
            <option value="TR"><Trans>Türkiye Cumhuriyeti</Trans></option>
            <option value="DE"><Trans>Almanya</Trans></option>
            <option value="AZ"><Trans>Azerbaycan</Trans></option>
            <option value="RU"><Trans>Rusya</Trans></option>
            <option value="GB"><Trans>Birleşik Krallık</Trans></option>
          </select>
        )}
      </Field>
      {p.passport && citizen && input('passportno', <Trans>Pasaport no (isteğe bağlı)</Trans>, { inputMode: 'text', autoCapitalize: 'characters', maxLength: 20, autoComplete: 'off' },
        <Trans>Vize başvurusunda kullanacaksanız yazın: pasaport numaranız poliçede yer alır.</Trans>)}
      {input('birthdate', <Trans>Doğum tarihi</Trans>, { type: 'date', autoComplete: 'bday' })}
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

const HEALTH_QUESTIONS: ReadonlyArray<{ id: HealthQuestionId; text: MessageDescriptor }> = [
  { id: 'chronic', text: /*i18n*/ { id: 'HEALTH_Q_CHRONIC' } },
  { id: 'surgery', text: /*i18n*/ { id: 'HEALTH_Q_SURGERY' } },
  { id: 'medication', text: /*i18n*/ { id: 'HEALTH_Q_MEDICATION' } },
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
  const formId = useId()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const value: HealthPolicyValue = {
      // only the questions answered: none is answered beforehand, each must be (issue 24 item 3)
      questions: HEALTH_QUESTIONS.flatMap((q) => {
        const given = f.get(`q-${q.id}`)
        if (given !== 'yes' && given !== 'no') return []
        const detail = text(f, `detail-${q.id}`)
        return [{ id: q.id, answer: given === 'yes', ...(detail ? { detail } : {}) }]
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
      {HEALTH_QUESTIONS.map((q) => {
        const error = fieldText(p.errors[`questions.${q.id}`])
        const errorId = `${formId}-q-${q.id}-error`
        return (
          <fieldset key={q.id} className={styles.fieldset} aria-describedby={error ? errorId : undefined} data-testid={`question-${q.id}`}>
            <legend className={styles.legend}>{i18n._(q.text)}</legend>
            <div className={styles.radios}>
              <label><input type="radio" name={`q-${q.id}`} value="no" defaultChecked={answer(q.id) === false} aria-invalid={error ? true : undefined} /> <Trans>Hayır</Trans></label>
              <label><input type="radio" name={`q-${q.id}`} value="yes" defaultChecked={answer(q.id) === true} aria-invalid={error ? true : undefined} /> <Trans>Evet</Trans></label>
            </div>
            {error && <p id={errorId} className={styles.error} role="alert">{error}</p>}
            <label className={styles.label}><Trans>Açıklama (evet ise)</Trans> <input name={`detail-${q.id}`} className={styles.select} maxLength={500} defaultValue={p.value?.questions.find((x) => x.id === q.id)?.detail ?? ''} /></label>
          </fieldset>
        )
      })}
      <label className={styles.check}>
        <input type="checkbox" name="isotherpolicy" checked={other} onChange={(e) => setOther(e.currentTarget.checked)} />{' '}
        <Trans>Başka bir şirkette sağlık poliçem var / vardı (kazanılmış haklar aktarılır)</Trans>
      </label>
      {other && (
        <>
          <Field name="othercompany" label={<Trans>Şirket</Trans>} error={fieldText(p.errors.othercompany, 'othercompany')}>
            {(id, d) => <input id={id} name="othercompany" className={styles.select} defaultValue={p.value?.othercompany ?? ''} aria-describedby={d} />}
          </Field>
          <Field name="otherpolicyno" label={<Trans>Poliçe numarası</Trans>} error={fieldText(p.errors.otherpolicyno, 'otherpolicyno')}>
            {(id, d) => <input id={id} name="otherpolicyno" className={styles.select} defaultValue={p.value?.otherpolicyno ?? ''} aria-describedby={d} />}
          </Field>
          <Field name="otherpolicyenddate" label={<Trans>Poliçe bitiş tarihi</Trans>} error={fieldText(p.errors.otherpolicyenddate, 'otherpolicyenddate')}>
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

/** Summary: what is bought, for whom; the price comes from the server when the purchase is created. */
/**
 * The summary. `priceChange`: the price the server computed from the insured person's data is not
 * the one the customer saw (issue 21): both are shown, and the new one is confirmed (`onConfirm`
 * then accepts it) before anything is bought.
 */
export function SummaryStep(p: {
  lines: Array<[ReactNode, ReactNode]>; busy: boolean; reason: string | null; priceChange?: { old: string; new: string } | null
  /** What the card will be charged, in words (issue 24 item 8). */
  charge?: ReactNode
  onConfirm(): void; onBack(): void
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
      {p.charge && <p data-testid="summary-charge">{p.charge}</p>}
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

/**
 * The pre-information form before payment (issue 24 item 4): the product's form with the customer's
 * answers and price, exactly as the server gave (and recorded) it, offered as a PDF, and confirmed
 * with its own unticked checkbox named after the document. The copy is mailed when it is confirmed.
 */
export function PreInformationStep(p: {
  /** The form as given (its id: a renewed form is confirmed anew, its box unticked), or null while it is being given. */
  form: { id?: string; title: string; sections: Array<{ heading: string; lines: string[] }> } | null
  busy: boolean; reason: string | null
  /** The box was left unticked on the last submit. */
  unconfirmed: boolean
  /** false: the page shows the step's heading itself (the BES page). */
  heading?: false
  onConfirm(accepted: boolean): void; onBack(): void; onDownload(): void
}) {
  const { i18n } = useLingui()
  const errorId = useId()
  const title = p.form?.title ?? ''
  return (
    <form className={styles.form} data-testid="step-preInformation"
      onSubmit={(e) => { e.preventDefault(); p.onConfirm(new FormData(e.currentTarget).get('preinformation') === 'on') }}>
      {p.heading !== false && <h2><Trans>Ön bilgilendirme formu</Trans></h2>}
      <Reason reason={p.unconfirmed ? null : p.reason} />
      {p.form ? (
        <section className={styles.docText} style={{ maxHeight: '24rem' }} aria-label={title} data-testid="pre-information-form" tabIndex={0}>
          <h3>{title}</h3>
          {p.form.sections.map((s, i) => (
            <div key={i}>
              {s.heading && <h4>{s.heading}</h4>}
              <ul>{s.lines.map((line, j) => <li key={j}>{line}</li>)}</ul>
            </div>
          ))}
        </section>
      ) : <p role="status"><Trans>Yükleniyor…</Trans></p>}
      <p><button type="button" className={styles.secondary} onClick={p.onDownload} disabled={!p.form}><Trans>Formu PDF olarak indir</Trans></button></p>
      <label className={styles.check}>
        <input key={p.form ? p.form.id ?? 'form' : 'loading'} type="checkbox" name="preinformation" defaultChecked={false} aria-invalid={p.unconfirmed ? true : undefined} aria-describedby={p.unconfirmed ? errorId : undefined} />{' '}
        <Trans>“{title}” başlıklı formu okudum ve onaylıyorum; bir örneğinin e-posta adresime gönderileceğini biliyorum.</Trans>
      </label>
      {p.unconfirmed && <p id={errorId} className={styles.error} role="alert">{i18n._(msg`Ödemeye geçmek için ön bilgilendirme formunu okuyup onaylamalısınız`)}</p>}
      <Actions busy={p.busy} onBack={p.onBack} submit={<Trans>Ödemeye geç</Trans>} />
    </form>
  )
}
