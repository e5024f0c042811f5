import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type FormEvent } from 'react'
import { plainClick } from './plain-click.ts'
import { GenderChoice } from './GenderChoice.tsx'
import styles from './Quote.module.css'

export type TssQuoteOptionView = { visits: 0 | 8 | 10 | 12; annual: string; monthly: string; firstMonth: string | null; buyHref: string }

export type TssQuickQuoteFormProps = {
  cities: Array<{ value: string; name: string }>
  values: { gender: string; citycode: string; birthdate: string }
  errors: { gender?: string; citycode?: string; birthdate?: string }
  loadError: string | null
  options: TssQuoteOptionView[] | null
  birthCoverAvailable: boolean
  onSubmit(values: { gender: string; citycode: string; birthdate: string }): void
  onRetry(): void
  /** "Satın Al" of one option (a plain click; the link still opens in a new tab). */
  onBuy(visits: TssQuoteOptionView['visits']): void
}

/** The quick profile (gender, city, birth date) and the four prices it gives. */
export function TssQuickQuoteForm(p: TssQuickQuoteFormProps) {
  const { t } = useLingui()
  const id = useId()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    p.onSubmit({ gender: String(f.get('gender') ?? ''), citycode: String(f.get('citycode') ?? ''), birthdate: String(f.get('birthdate') ?? '') })
  }
  const err = (name: 'gender' | 'citycode' | 'birthdate') => p.errors[name]
    ? <p id={`${id}-${name}-error`} className={styles.error} role="alert">{p.errors[name]}</p>
    : null
  const described = (name: 'gender' | 'citycode' | 'birthdate') => p.errors[name] ? `${id}-${name}-error` : undefined
  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1 className={styles.title}><Trans>Tamamlayıcı Sağlık Sigortası hızlı teklif</Trans></h1>
        <p className={styles.lead}>
          <Trans>SGK'lı olmanız yeterli: anlaşmalı özel hastanelerde fark ücreti ödemeden tedavi olun. Üç bilgiyle fiyatınızı hemen görün.</Trans>
        </p>
      </header>
      {p.loadError ? (
        <div className={styles.alert} role="alert">
          <p>{p.loadError}</p>
          <button type="button" className={styles.primary} onClick={p.onRetry}><Trans>Tekrar dene</Trans></button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <GenderChoice value={p.values.gender} error={p.errors.gender} />
          <div className={styles.fieldset}>
            <label className={styles.label} htmlFor={`${id}-city`}><Trans>İl</Trans></label>
            <select id={`${id}-city`} name="citycode" className={styles.select} defaultValue={p.values.citycode} aria-invalid={p.errors.citycode ? true : undefined} aria-describedby={described('citycode')}>
              <option value="">{t`Seçiniz`}</option>
              {p.cities.map((c) => <option key={c.value} value={c.value}>{c.name}</option>)}
            </select>
            {err('citycode')}
          </div>
          <div className={styles.fieldset}>
            <label className={styles.label} htmlFor={`${id}-birth`}><Trans>Doğum tarihi</Trans></label>
            <input id={`${id}-birth`} name="birthdate" type="date" autoComplete="bday" className={styles.select} defaultValue={p.values.birthdate}
              aria-invalid={p.errors.birthdate ? true : undefined} aria-describedby={described('birthdate')} />
            {err('birthdate')}
          </div>
          <button type="submit" className={styles.primary}><Trans>Teklif Al</Trans></button>
        </form>
      )}
      {p.options && (
        <section aria-labelledby={`${id}-prices`}>
          <h2 id={`${id}-prices`}><Trans>Size özel fiyatlar</Trans></h2>
          <ul className={styles.options}>
            {p.options.map((o) => {
              const visits = o.visits
              const annual = o.annual
              const monthly = o.monthly
              const firstMonth = o.firstMonth
              return (
                <li key={o.visits} className={styles.option}>
                  <h3>{visits === 0 ? <Trans>Yatarak tedavi</Trans> : <Trans>Yatarak + yılda {visits} ayakta tedavi</Trans>}</h3>
                  <p className={styles.price}><Trans>{annual} / yıl</Trans></p>
                  <p className={styles.muted} data-testid="instalments">{firstMonth
                    ? <Trans>veya 12 taksit: ilk taksit {firstMonth}, sonraki 11 taksit {monthly}</Trans>
                    : <Trans>veya 12 taksit x {monthly}</Trans>}</p>
                  <a className={styles.primary} href={o.buyHref} onClick={plainClick(() => p.onBuy(visits))}><Trans>Satın Al</Trans></a>
                </li>
              )
            })}
          </ul>
          <p className={styles.muted}>
            {p.birthCoverAvailable
              ? <Trans>Doğum teminatı isteğe bağlı olarak eklenebilir (10 ay bekleme süresiyle).</Trans>
              : <Trans>Doğum teminatı bu profil için sunulmamaktadır.</Trans>}
          </p>
        </section>
      )}
      <section className={styles.covers}>
        <div>
          <h2><Trans>Neler teminat altında?</Trans></h2>
          <ul>
            <li><Trans>Anlaşmalı özel hastanelerde yatarak tedavi, ameliyat ve yoğun bakım (SGK fark ücreti dahil)</Trans></li>
            <li><Trans>Seçtiğiniz sayıda ayakta tedavi: doktor muayenesi, tahlil, görüntüleme ve fizik tedavi</Trans></li>
            <li><Trans>Yatarak tedavide limitsiz teminat, yılda bir check-up</Trans></li>
          </ul>
        </div>
        <div>
          <h2><Trans>Neler teminat dışında?</Trans></h2>
          <ul>
            <li><Trans>Poliçe başlangıcından önce var olan hastalıklar (sağlık beyanında bildirilenler)</Trans></li>
            <li><Trans>Estetik amaçlı tedaviler, diş tedavileri ve gözlük</Trans></li>
            <li><Trans>SGK ile anlaşması olmayan kurumlar ve yurt dışı tedavileri</Trans></li>
          </ul>
        </div>
      </section>
    </div>
  )
}
