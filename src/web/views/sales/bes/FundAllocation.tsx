import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useId } from 'react'
import { fundsOffered, sharesTotal, type FundKind, type FundShare } from '../../../../domain/funds.ts'
import styles from './bes.module.css'

const KINDS: Record<FundKind, MessageDescriptor> = {
  moneyMarket: msg`Para piyasası`,
  sukuk: msg`Kira sertifikası (sukuk)`,
  standard: msg`Standart`,
  flexible: msg`Dengeli / değişken`,
  gold: msg`Altın`,
  equity: msg`Katılım hisse senedi`,
}

/**
 * The fund distribution editor: one number input (whole percent, 0 to 100) per participation fund,
 * with the live total announced politely and an error until the shares make 100.
 */
export function FundAllocation({ shares, onChange, error }: { shares: FundShare[]; onChange(next: FundShare[]): void; error?: string | undefined }) {
  const { t, i18n } = useLingui()
  const id = useId()
  // the funds of the tariff version in force (issue 24)
  const FUNDS = fundsOffered()
  const total = sharesTotal(shares)
  const shareOf = (code: string) => shares.find((s) => s.code === code)?.share ?? 0
  const set = (code: string, text: string) => {
    const n = text === '' ? 0 : Number(text)
    const others = shares.filter((s) => s.code !== code)
    onChange(FUNDS.map((f) => f.code === code ? { code, share: Number.isFinite(n) ? n : 0 } : others.find((o) => o.code === f.code) ?? { code: f.code, share: 0 }).filter((s) => s.share !== 0))
  }
  return (
    <fieldset className={styles.section} aria-describedby={`${id}-total${error ? ` ${id}-e` : ''}`}>
      <legend><Trans>Fon dağılımı</Trans></legend>
      <p className={styles.hint}><Trans>Katkı payınızı faizsiz katılım fonları arasında tam yüzdelerle paylaştırın; toplam %100 olmalıdır. Risk değeri 1 (en düşük) ile 7 (en yüksek) arasındadır.</Trans></p>
      <table className={styles.funds}>
        <thead>
          <tr><th scope="col"><Trans>Fon</Trans></th><th scope="col"><Trans>Tür</Trans></th><th scope="col"><Trans>Risk</Trans></th><th scope="col"><Trans>Pay (%)</Trans></th></tr>
        </thead>
        <tbody>
          {FUNDS.map((f) => (
            <tr key={f.code}>
              <th scope="row">{f.name} ({f.code})</th>
              <td>{i18n._(KINDS[f.kind])}</td>
              <td data-label={t`Risk`}>{f.risk}/7</td>
              <td>
                <input type="number" name={`fundChoice.${f.code}`} min={0} max={100} step={1} inputMode="numeric" className={styles.input}
                  aria-label={t`${f.code} payı (%)`}
                  value={shareOf(f.code) || ''} placeholder="0" onChange={(e) => set(f.code, e.currentTarget.value)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id={`${id}-total`} className={styles.total} data-ok={total === 100} aria-live="polite"><Trans>Toplam: %{total}</Trans></p>
      {error && <p id={`${id}-e`} className={styles.error} role="alert">{error}</p>}
      {!error && total < 100 && <p className={styles.hint}><Trans>Toplamın %100 olması için %{100 - total} daha dağıtın.</Trans></p>}
      {!error && total > 100 && <p className={styles.hint}><Trans>Toplam %100'ü %{total - 100} aşıyor; payları azaltın.</Trans></p>}
    </fieldset>
  )
}
