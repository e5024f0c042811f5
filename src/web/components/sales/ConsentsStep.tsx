import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type FormEvent, type ReactNode } from 'react'
import { consentsFor, MESSAGE_CHANNELS, type ConsentChoice, type ConsentDocument, type ConsentLocale, type ConsentName, type MessageChannel, type SalesProduct } from '../../../domain/consents.ts'
import styles from './Quote.module.css'

/**
 * The consents step of every purchase (issue 24 item 9; spec 3.2, 7.3): the consents the product
 * asks (`consentsFor`: a BES application is not asked the health-data consent), each text shown in
 * full, each answer its own unticked checkbox named after its document ("“Sözleşme Onayı”
 * başlıklı metni okudum ve onaylıyorum", not "Onaylıyorum" four times); commercial messages per
 * channel. The required ones block: each missing one says so under its text. Presentational: the
 * product's machine decides what is missing.
 */
export type ConsentChoices = Partial<Record<ConsentName, ConsentChoice>>

const CHANNEL: Record<MessageChannel, MessageDescriptor> = {
  SMS: msg`SMS ile ticari ileti almak istiyorum`,
  EMAIL: msg`E-posta ile ticari ileti almak istiyorum`,
  CALL: msg`Telefon araması ile bilgilendirilmek istiyorum`,
}

function answerText(d: ConsentDocument, title: string): MessageDescriptor {
  if (d.kind === 'notice') return msg`“${title}” başlıklı metni okudum`
  if (d.kind === 'consent') return msg`“${title}” başlıklı metindeki açık rızayı veriyorum`
  return msg`“${title}” başlıklı metni okudum ve onaylıyorum`
}

export function ConsentsStep(p: {
  product: SalesProduct
  /** The answers given before (the step shown again after "Geri"). */
  initial?: ConsentChoices
  /** The required consents not given at the last submit. */
  missing: readonly ConsentName[]
  busy: boolean
  reason: string | null
  submitLabel: ReactNode
  /** The step's own heading (false where the page shows the step's name already). */
  heading?: boolean
  onSubmit(choices: ConsentChoices): void
  onBack(): void
}) {
  const { i18n } = useLingui()
  const locale = (['tr', 'en', 'ru'].includes(i18n.locale) ? i18n.locale : 'tr') as ConsentLocale
  const id = useId()
  const docs = consentsFor(p.product)
  const initial = p.initial ?? {}
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const choices: ConsentChoices = {}
    for (const d of docs) {
      if (d.name === 'markconcent') {
        const channels = MESSAGE_CHANNELS.filter((c) => f.getAll('markconcent').includes(c))
        choices.markconcent = { accepted: channels.length > 0, channels }
      } else choices[d.name] = { accepted: f.get(d.name) === 'on' }
    }
    p.onSubmit(choices)
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="step-consents">
      {p.heading !== false && <h2><Trans>Onaylar</Trans></h2>}
      {p.reason && <p className={styles.alert} role="alert">{p.reason}</p>}
      {p.missing.length > 0 && <p className={styles.alert} role="alert"><Trans>Devam etmek için zorunlu onayları vermelisiniz</Trans></p>}
      {docs.map((d) => {
        const title = d.title[locale]
        const required = d.requiredFor.includes(p.product)
        const missing = p.missing.includes(d.name)
        const base = `${id}-${d.name}`
        return (
          <fieldset key={d.documentId} className={styles.fieldset} aria-describedby={missing ? `${base}-e` : undefined} data-consent={d.name}>
            <legend className={styles.legend}>{title} {required ? <Trans>(zorunlu)</Trans> : <Trans>(isteğe bağlı)</Trans>}</legend>
            <div id={`${base}-text`} className={styles.docText} tabIndex={0} role="document" aria-label={title}>{d.text[locale]}</div>
            {d.name === 'markconcent' ? (
              MESSAGE_CHANNELS.map((c) => (
                <label key={c} className={styles.check}>
                  <input type="checkbox" name="markconcent" value={c} defaultChecked={!!initial.markconcent?.channels?.includes(c)} /> {i18n._(CHANNEL[c])}
                </label>
              ))
            ) : (
              <label className={styles.check}>
                <input type="checkbox" name={d.name} defaultChecked={!!initial[d.name]?.accepted} aria-invalid={missing ? true : undefined} aria-describedby={`${base}-text`} />{' '}
                {i18n._(answerText(d, title))}
              </label>
            )}
            {missing && <p id={`${base}-e`} className={styles.error} role="alert"><Trans>Devam etmek için bu onay gereklidir</Trans></p>}
          </fieldset>
        )
      })}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={p.onBack}><Trans>Geri</Trans></button>
        <button type="submit" className={styles.primary} aria-busy={p.busy} disabled={p.busy}>{p.submitLabel}</button>
      </div>
    </form>
  )
}
