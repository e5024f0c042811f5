import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { BES_PLANS, minimumContribution, type BesProduct, type InvestFrequency } from '../../../../domain/bes.ts'
import type { ContractValues } from '../../../../domain/bes-forms.ts'
import type { FundShare } from '../../../../domain/funds.ts'
import { GenderChoice } from '../../../components/sales/GenderChoice.tsx'
import { formatMoney } from '../../../../domain/money.ts'
import { Input, Select } from './BesFields.tsx'
import { FundAllocation } from './FundAllocation.tsx'
import styles from './bes.module.css'

type Errors = Record<string, string | undefined>

/** Step 1: gender, province and birth date (spec 3.2 quick profile). */
export function QuickStep(p: { cities: Array<{ value: string; name: string }>; initial: { gender: string; citycode: string; birthdate: string } | null; errors: Errors; onSubmit(v: { gender: string; citycode: string; birthdate: string }): void }) {
  const { t } = useLingui()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    p.onSubmit({ gender: String(f.get('gender') ?? ''), citycode: String(f.get('citycode') ?? ''), birthdate: String(f.get('birthdate') ?? '') })
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <GenderChoice value={p.initial?.gender ?? ''} error={p.errors.gender} />
      <Select label={t`İl`} name="citycode" placeholder={t`Seçiniz`} options={p.cities.map((c) => ({ value: c.value, label: c.name }))} defaultValue={p.initial?.citycode ?? ''} error={p.errors.citycode} />
      <Input label={t`Doğum tarihi`} name="birthdate" type="date" autoComplete="bday" defaultValue={p.initial?.birthdate ?? ''} error={p.errors.birthdate}
        hint={t`18 yaş altındaki çocuğunuz için de Erken BES açabilirsiniz; veli bilgileri ayrıca sorulur.`} />
      <div className={styles.actions}><button type="submit" className={styles.primary}><Trans>Devam Et</Trans></button></div>
    </form>
  )
}

/** The pension contract: currency, frequency, contribution (with the plan's minimum) and fund distribution. */
export function ContractStep(p: {
  product: BesProduct
  initial: { currencyOfInvest: string; freqOfInvest: string; contributionAmount: number; fundChoice: FundShare[] } | null
  errors: Errors
  text(field: string, code: string | undefined, extra?: { minimum?: string }): string | undefined
  busy: boolean
  onSubmit(v: ContractValues): void
  onBack(): void
}) {
  const { t, i18n } = useLingui()
  const plan = BES_PLANS[p.product]
  const [freq, setFreq] = useState<InvestFrequency>((p.initial?.freqOfInvest as InvestFrequency | undefined) ?? plan.frequencies[0]!)
  const [shares, setShares] = useState<FundShare[]>(p.initial?.fundChoice ?? [...plan.suggestedFunds])
  const minimumTry = minimumContribution(p.product, plan.frequencies.includes(freq) ? freq : 'monthly')
  const minimum = formatMoney(minimumTry, 'TRY', i18n.locale, { fractionDigits: Number.isInteger(minimumTry) ? 0 : 2 })
  const FREQ: Record<InvestFrequency, string> = { monthly: t`Aylık`, quarterly: t`3 ayda bir`, semiannual: t`6 ayda bir`, annual: t`Yıllık` }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    p.onSubmit({ currencyOfInvest: String(f.get('currencyOfInvest') ?? ''), freqOfInvest: String(f.get('freqOfInvest') ?? ''), contributionAmount: String(f.get('contributionAmount') ?? ''), fundChoice: shares })
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.section}>
        <legend><Trans>Katkı payı</Trans></legend>
        <div className={styles.grid}>
          <Select label={t`Yatırım para birimi`} name="currencyOfInvest" options={plan.currencies.map((c) => ({ value: c, label: c === 'TRY' ? t`Türk lirası (TRY)` : c }))}
            defaultValue={p.initial?.currencyOfInvest ?? plan.currencies[0]} error={p.text('currencyOfInvest', p.errors.currencyOfInvest)} />
          <Select label={t`Ödeme sıklığı`} name="freqOfInvest" value={freq} onChange={(e) => setFreq(e.currentTarget.value as InvestFrequency)}
            options={plan.frequencies.map((f) => ({ value: f, label: FREQ[f] }))} error={p.text('freqOfInvest', p.errors.freqOfInvest)} />
          <Input label={t`Katkı payı tutarı (TL)`} name="contributionAmount" inputMode="decimal" autoComplete="off"
            defaultValue={p.initial ? String(p.initial.contributionAmount) : ''} hint={t`En az ${minimum}`}
            error={p.text('contributionAmount', p.errors.contributionAmount, { minimum })} />
        </div>
        <p className={styles.hint}><Trans>Ödediğiniz katkı paylarına %25 devlet katkısı eklenir (yasal yıllık üst sınır dahilinde). İlk katkı payı şimdi kartınızdan tahsil edilir.</Trans></p>
      </fieldset>
      <FundAllocation shares={shares} onChange={setShares} error={p.text('fundChoice', p.errors.fundChoice)} />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={p.onBack}><Trans>Geri</Trans></button>
        <button type="submit" className={styles.primary} disabled={p.busy}><Trans>Devam Et</Trans></button>
      </div>
    </form>
  )
}

type Person = { firstname: string; lastname: string; nationalId: string; birthdate: string; email: string; userphone: string }

/** Everything the contract will say, before the payment. */
export function SummaryStep(p: {
  product: BesProduct
  participant: Person
  custodian: Person | null
  payer: Person | null
  contract: { currencyOfInvest: string; freqOfInvest: string; contributionAmount: number; fundChoice: FundShare[] }
  failure: string | null
  busy: boolean
  onConfirm(): void
  onBack(): void
}) {
  const { t, i18n } = useLingui()
  const money = (n: number) => formatMoney(n, p.contract.currencyOfInvest, i18n.locale)
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
  const FREQ: Record<string, string> = { monthly: t`Aylık`, quarterly: t`3 ayda bir`, semiannual: t`6 ayda bir`, annual: t`Yıllık` }
  const person = (title: string, x: Person) => (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl>
        <dt><Trans>Ad soyad</Trans></dt><dd>{x.firstname} {x.lastname}</dd>
        <dt><Trans>Kimlik no</Trans></dt><dd>{x.nationalId.slice(0, 3)}******{x.nationalId.slice(-2)}</dd>
        <dt><Trans>Doğum tarihi</Trans></dt><dd>{date(x.birthdate)}</dd>
        <dt><Trans>E-posta</Trans></dt><dd>{x.email}</dd>
        <dt><Trans>Cep telefonu</Trans></dt><dd>{x.userphone}</dd>
      </dl>
    </section>
  )
  return (
    <div className={styles.form}>
      {p.failure && <p className={styles.alert} role="alert">{p.failure}</p>}
      <div className={styles.summary}>
        {person(t`Katılımcı`, p.participant)}
        {p.custodian && person(t`Veli / vasi`, p.custodian)}
        {p.payer && person(t`Katkı payını ödeyen`, p.payer)}
        <section aria-label={t`Sözleşme`}>
          <h3><Trans>Sözleşme</Trans></h3>
          <dl>
            <dt><Trans>Plan</Trans></dt><dd>{p.product === 'erkenbes' ? t`Erken BES` : t`Pratik BES`}</dd>
            <dt><Trans>Ödeme sıklığı</Trans></dt><dd>{FREQ[p.contract.freqOfInvest]}</dd>
            <dt><Trans>Katkı payı</Trans></dt><dd>{money(p.contract.contributionAmount)}</dd>
            <dt><Trans>Fonlar</Trans></dt><dd>{p.contract.fundChoice.map((f) => `${f.code} %${f.share}`).join(', ')}</dd>
          </dl>
        </section>
      </div>
      <p><Trans>Şimdi tahsil edilecek ilk katkı payı:</Trans> <span className={styles.amount}>{money(p.contract.contributionAmount)}</span></p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={p.onBack}><Trans>Geri</Trans></button>
        <button type="button" className={styles.primary} onClick={p.onConfirm} disabled={p.busy}><Trans>Onayla ve Öde</Trans></button>
      </div>
    </div>
  )
}
