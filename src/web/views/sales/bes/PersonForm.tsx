import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactNode } from 'react'
import { formatMoney } from '../../../../domain/money.ts'
import { Input, Select } from './BesFields.tsx'
import styles from './bes.module.css'

export type PersonFormKind = 'participant' | 'custodian' | 'payer'
export type PersonFormProps = {
  kind: PersonFormKind
  /** What was given before (a resumed application, or going back). */
  initial: Record<string, unknown>
  errors: Record<string, string | undefined>
  /** The national id's refusal for the nationality the form shows (TR: the T.C. Kimlik No's rule, else a passport number's). */
  nationalIdText?(nationality: string): string | undefined
  /** The verified mobile (participant only: shown, not editable). */
  verifiedPhone?: string
  busy: boolean
  extra?: ReactNode
  onSubmit(values: Record<string, string>, form: FormData): void
  onBack?: () => void
}

const NATIONALITIES = ['TR', 'AZ', 'DE', 'GB', 'NL', 'FR', 'RU', 'UA', 'US', 'SY', 'IR', 'IQ', 'AF', 'KZ', 'UZ', 'TM', 'KG', 'BG', 'GR', 'GE']
const FIELDS = ['firstname', 'lastname', 'nationality', 'nationalId', 'birthdate', 'fathername', 'mothername', 'birthplace', 'idserialno', 'email', 'userphone']
const WORK = ['sector', 'education', 'profession', 'jobtitle', 'aversalary', 'socialsecurity']

/**
 * The person of spec 3.2's personal, custodian and payer profiles: identity (T.C. kimlik no,
 * nationality, birth date, father's and mother's name, birthplace, ID serial number), contact, and
 * for the participant the work details. Native inputs named after the spec's fields.
 */
export function PersonForm(p: PersonFormProps) {
  const { t, i18n } = useLingui()
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' })
  const nationalities = NATIONALITIES.map((c) => ({ value: c, label: names.of(c) ?? c }))
  const lira = (n: number) => formatMoney(n, 'TRY', i18n.locale, { fractionDigits: 0 })
  const over = lira(70000)
  const v = (f: string) => { const x = p.initial[f]; return typeof x === 'string' ? x : '' }
  const e = (f: string) => p.errors[f]
  const submit = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault()
    const f = new FormData(ev.currentTarget)
    const values: Record<string, string> = {}
    for (const name of [...FIELDS, ...(p.kind === 'participant' ? WORK : [])]) values[name] = String(f.get(name) ?? '')
    if (p.kind === 'participant') values.userphone = p.verifiedPhone ?? ''
    p.onSubmit(values, f)
  }
  const participant = p.kind === 'participant'
  // a passport number has letters: the phone's full keyboard unless the person is a Turkish citizen (issue 23)
  const [nationality, setNationality] = useState(v('nationality') || 'TR')
  const citizen = nationality === 'TR'
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.section}>
        <legend><Trans>Kimlik bilgileri</Trans></legend>
        <div className={styles.grid}>
          <Input label={t`Ad`} name="firstname" autoComplete={participant ? 'given-name' : 'off'} defaultValue={v('firstname')} error={e('firstname')} />
          <Input label={t`Soyad`} name="lastname" autoComplete={participant ? 'family-name' : 'off'} defaultValue={v('lastname')} error={e('lastname')} />
          <Select label={t`Uyruk`} name="nationality" options={nationalities} defaultValue={v('nationality') || 'TR'} error={e('nationality')}
            autoComplete={participant ? 'country' : 'off'} onChange={(ev) => setNationality(ev.currentTarget.value)} />
          <Input label={t`T.C. kimlik no (yabancılar için pasaport no)`} name="nationalId" inputMode={citizen ? 'numeric' : 'text'} autoCapitalize={citizen ? undefined : 'characters'} autoComplete="off" maxLength={20} defaultValue={v('nationalId')} error={p.nationalIdText ? p.nationalIdText(nationality) : e('nationalId')} />
          <Input label={t`Doğum tarihi`} name="birthdate" type="date" autoComplete={participant ? 'bday' : 'off'} defaultValue={v('birthdate')} error={e('birthdate')} />
          <Input label={t`Doğum yeri`} name="birthplace" defaultValue={v('birthplace')} error={e('birthplace')} />
          <Input label={t`Baba adı`} name="fathername" defaultValue={v('fathername')} error={e('fathername')} />
          <Input label={t`Anne adı`} name="mothername" defaultValue={v('mothername')} error={e('mothername')} />
          <Input label={t`Kimlik kartı seri no`} name="idserialno" maxLength={12} hint={t`Kimlik kartınızın ön yüzünde, örneğin A12B34567`} defaultValue={v('idserialno')} error={e('idserialno')} />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend><Trans>İletişim bilgileri</Trans></legend>
        <div className={styles.grid}>
          <Input label={t`E-posta`} name="email" type="email" autoComplete={participant ? 'email' : 'off'} defaultValue={v('email')} error={e('email')} />
          {participant
            ? <Input label={t`Cep telefonu (doğrulandı)`} name="userphone" value={p.verifiedPhone ?? ''} readOnly />
            : <Input label={t`Cep telefonu`} name="userphone" type="tel" inputMode="tel" placeholder="05XX XXX XX XX" defaultValue={v('userphone')} error={e('userphone')} />}
        </div>
      </fieldset>
      {participant && (
        <fieldset className={styles.section}>
          <legend><Trans>Çalışma bilgileri</Trans></legend>
          <div className={styles.grid}>
            <Select label={t`Sektör`} name="sector" placeholder={t`Seçiniz`} defaultValue={v('sector')} error={e('sector')} options={[
              { value: 'public', label: t`Kamu` }, { value: 'private', label: t`Özel sektör` }, { value: 'self', label: t`Kendi işim` },
              { value: 'student', label: t`Öğrenci` }, { value: 'retired', label: t`Emekli` }, { value: 'none', label: t`Çalışmıyor` },
            ]} />
            <Select label={t`Eğitim durumu`} name="education" placeholder={t`Seçiniz`} defaultValue={v('education')} error={e('education')} options={[
              { value: 'none', label: t`Okula gitmedi / okuyor` }, { value: 'primary', label: t`İlköğretim` }, { value: 'highschool', label: t`Lise` },
              { value: 'associate', label: t`Ön lisans` }, { value: 'bachelor', label: t`Lisans` }, { value: 'master', label: t`Yüksek lisans / doktora` },
            ]} />
            <Input label={t`Meslek`} name="profession" defaultValue={v('profession')} error={e('profession')} />
            <Input label={t`Unvan`} name="jobtitle" defaultValue={v('jobtitle')} error={e('jobtitle')} />
            <Select label={t`Ortalama aylık gelir`} name="aversalary" placeholder={t`Seçiniz`} defaultValue={v('aversalary')} error={e('aversalary')} options={[
              { value: '0-22104', label: t`Asgari ücrete kadar` }, { value: '22104-35000', label: `${lira(22104)} – ${lira(35000)}` },
              { value: '35000-70000', label: `${lira(35000)} – ${lira(70000)}` }, { value: '70000+', label: t`${over} üzeri` },
            ]} />
            <Select label={t`Sosyal güvenlik`} name="socialsecurity" placeholder={t`Seçiniz`} defaultValue={v('socialsecurity')} error={e('socialsecurity')} options={[
              { value: '4a', label: t`SGK 4/a (hizmet akdiyle çalışan)` }, { value: '4b', label: t`SGK 4/b (kendi adına çalışan)` },
              { value: '4c', label: t`SGK 4/c (kamu görevlisi)` }, { value: 'none', label: t`Yok` },
            ]} />
          </div>
        </fieldset>
      )}
      {p.extra}
      <div className={styles.actions}>
        {p.onBack && <button type="button" className={styles.secondary} onClick={p.onBack}><Trans>Geri</Trans></button>}
        <button type="submit" className={styles.primary} disabled={p.busy}><Trans>Devam Et</Trans></button>
      </div>
    </form>
  )
}
