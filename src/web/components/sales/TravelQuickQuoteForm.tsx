import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type FormEvent, type ReactNode } from 'react'
import { formatMoney } from '../../../domain/money.ts'
import { figuresInUse, SCHENGEN_MINIMUM_EUR } from '../../../domain/tariff.ts'
import { plainClick } from './plain-click.ts'
import { GenderChoice } from './GenderChoice.tsx'
import styles from './Quote.module.css'

type Values = { birthdate: string; gender: string; travelLocation: string; coverageType: string; covid: boolean; startDate: string; endDate: string }
type Field = 'birthdate' | 'gender' | 'travelLocation' | 'coverageType' | 'startDate' | 'endDate'

export type TravelQuickQuoteFormProps = {
  values: Values
  errors: Partial<Record<Field, string>>
  /** The priced quote, already formatted; null before one. */
  quote: { premium: string; days: number; cover: string; schengen: boolean; buyHref: string } | null
  onSubmit(values: Values): void
  /** "Satın Al" (a plain click; the link still opens in a new tab). */
  onBuy(): void
}

/** The travel plan (spec 3.2) and its price. */
export function TravelQuickQuoteForm(p: TravelQuickQuoteFormProps) {
  const { t, i18n } = useLingui()
  const eur = (n: number) => formatMoney(n, 'EUR', i18n.locale, { fractionDigits: 0 })
  // the cover of the tariff version in force (issue 24)
  const TRAVEL_COVER_EUR = figuresInUse().travel.coverEur
  const standard = eur(TRAVEL_COVER_EUR.standard)
  const plus = eur(TRAVEL_COVER_EUR.plus)
  const premium = eur(TRAVEL_COVER_EUR.premium)
  const schengenMinimum = eur(SCHENGEN_MINIMUM_EUR)
  const id = useId()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const s = (k: string) => String(f.get(k) ?? '')
    p.onSubmit({
      birthdate: s('birthdate'), gender: s('gender'), travelLocation: s('travelLocation'), coverageType: s('coverageType'),
      covid: f.get('covid') === 'on', startDate: s('startDate'), endDate: s('endDate'),
    })
  }
  const err = (name: Field) => p.errors[name] ? <p id={`${id}-${name}-e`} className={styles.error} role="alert">{p.errors[name]}</p> : null
  const aria = (name: Field) => p.errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-e` } : {}
  const field = (name: Field, label: ReactNode, control: ReactNode) => (
    <div className={styles.fieldset}>
      <label className={styles.label} htmlFor={`${id}-${name}`}>{label}</label>
      {control}
      {err(name)}
    </div>
  )
  const q = p.quote
  const days = q?.days
  const cover = q?.cover
  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1 className={styles.title}><Trans>Seyahat Sağlık Sigortası hızlı teklif</Trans></h1>
        <p className={styles.lead}><Trans>Vize başvurunuza uygun poliçenizin fiyatını seyahat bilgilerinizle hemen görün.</Trans></p>
      </header>
      <form className={styles.form} onSubmit={submit} noValidate>
        {field('birthdate', <Trans>Doğum tarihi</Trans>,
          <input id={`${id}-birthdate`} name="birthdate" type="date" autoComplete="bday" className={styles.select} defaultValue={p.values.birthdate} {...aria('birthdate')} />)}
        <GenderChoice value={p.values.gender} error={p.errors.gender} />
        {field('travelLocation', <Trans>Gidilecek bölge</Trans>,
          <select id={`${id}-travelLocation`} name="travelLocation" className={styles.select} defaultValue={p.values.travelLocation} {...aria('travelLocation')}>
            <option value="schengen">{t`Schengen ülkeleri ve Avrupa`}</option>
            <option value="worldwideExclUsCa">{t`Tüm dünya (ABD ve Kanada hariç)`}</option>
            <option value="worldwide">{t`Tüm dünya`}</option>
          </select>)}
        {field('coverageType', <Trans>Teminat seviyesi</Trans>,
          <select id={`${id}-coverageType`} name="coverageType" className={styles.select} defaultValue={p.values.coverageType} {...aria('coverageType')}>
            <option value="standard">{t`Standart: ${standard}`}</option>
            <option value="plus">{t`Plus: ${plus}`}</option>
            <option value="premium">{t`Premium: ${premium}`}</option>
          </select>)}
        {field('startDate', <Trans>Gidiş tarihi</Trans>,
          <input id={`${id}-startDate`} name="startDate" type="date" className={styles.select} defaultValue={p.values.startDate} {...aria('startDate')} />)}
        {field('endDate', <Trans>Dönüş tarihi</Trans>,
          <input id={`${id}-endDate`} name="endDate" type="date" className={styles.select} defaultValue={p.values.endDate} {...aria('endDate')} />)}
        <label className={styles.radios}><input type="checkbox" name="covid" defaultChecked={p.values.covid} /> <Trans>Covid-19 teminatı eklensin</Trans></label>
        <button type="submit" className={styles.primary}><Trans>Teklif Al</Trans></button>
      </form>
      {q && (
        <section className={styles.option} aria-labelledby={`${id}-price`}>
          <h2 id={`${id}-price`}><Trans>Poliçe fiyatınız</Trans></h2>
          <p className={styles.price}>{q.premium}</p>
          <p className={styles.muted}><Trans>{days} günlük seyahat, kişi başı {cover} tedavi teminatı</Trans></p>
          {q.schengen && <p><Trans>Schengen vizesi için gereken en az {schengenMinimum} teminatı karşılar.</Trans></p>}
          <a className={styles.primary} href={q.buyHref} onClick={plainClick(p.onBuy)}><Trans>Satın Al</Trans></a>
        </section>
      )}
      <section className={styles.covers}>
        <div>
          <h2><Trans>Neler teminat altında?</Trans></h2>
          <ul>
            <li><Trans>Seyahatte ani hastalık ve kaza sonucu yatarak ve ayakta tedavi</Trans></li>
            <li><Trans>Tıbbi nakil ve ülkeye geri dönüş, vefat hâlinde cenazenin nakli</Trans></li>
            <li><Trans>Seçilirse Covid-19 nedeniyle tedavi</Trans></li>
          </ul>
        </div>
        <div>
          <h2><Trans>Neler teminat dışında?</Trans></h2>
          <ul>
            <li><Trans>Seyahatten önce var olan hastalıklar ve kronik hastalıkların kontrolleri</Trans></li>
            <li><Trans>Tedavi amacıyla yapılan seyahatler, gebelik kontrolleri ve doğum</Trans></li>
            <li><Trans>Tehlikeli sporlar ve profesyonel spor sırasında olan kazalar</Trans></li>
          </ul>
        </div>
      </section>
    </div>
  )
}
