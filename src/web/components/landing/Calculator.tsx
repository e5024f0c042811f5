import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { STATE_CONTRIBUTION_RATE } from '../../../domain/constants.ts'
import { CALCULATOR_LIMITS, calculatorInputsUsed, projectPension } from '../../../domain/pension-calculator.ts'
import { formatMoney, formatNumber, formatPercent } from '../../../domain/money.ts'
import styles from './Landing.module.css'

const num = (s: string) => {
  const n = Number(s.replace(',', '.'))
  return Number.isFinite(n) ? n : 0
}

/** A field of the calculator; when the value typed is outside the allowed range, says so next to it. */
function CalcField({ id, label, note, inputMode, min, max, step, value, onChange }: {
  id: string; label: ReactNode; note: string | null; inputMode: 'decimal' | 'numeric'
  min: number; max: number; step: number; value: string; onChange: (value: string) => void
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id} type="number" inputMode={inputMode} min={min} max={max} step={step} value={value}
        aria-invalid={note ? true : undefined} aria-describedby={`${id}-note`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-note`} className={styles.clampNote} aria-live="polite" data-testid="calc-clamp-note">{note}</p>
    </div>
  )
}

/** The in-page contribution calculator (projection with the assumptions stated next to it). */
export function Calculator() {
  const { i18n, t } = useLingui()
  const id = useId()
  const [monthly, setMonthly] = useState('500')
  const [years, setYears] = useState('10')
  const [ret, setRet] = useState('3')
  const typed = { monthlyContribution: num(monthly), years: num(years), annualReturn: num(ret) / 100 }
  const used = calculatorInputsUsed(typed)
  const r = projectPension(used)
  const money = (n: number) => formatMoney(n, 'TRY', i18n.locale, { fractionDigits: 0 })
  const pct = (n: number) => formatPercent(n, i18n.locale, { maximumFractionDigits: 1 })
  const whole = (n: number) => formatNumber(n, i18n.locale, { maximumFractionDigits: 3 })
  const total = money(r.total)
  const own = money(r.ownSavings)
  const state = money(r.stateSavings)
  const share = pct(r.stateShare)
  const paid = money(r.totalContributions)
  const rate = pct(STATE_CONTRIBUTION_RATE)
  /** The note of a field whose typed value the projection changed (outside the range, or a fraction of a year). */
  const clampNote = (changed: boolean, min: string, max: string, value: string) =>
    changed ? t`İzin verilen aralık ${min} ile ${max} arasıdır; hesaplama ${value} ile yapıldı.` : null
  const monthlyNote = clampNote(monthly.trim() !== '' && used.monthlyContribution !== typed.monthlyContribution,
    money(0), money(CALCULATOR_LIMITS.maxMonthly), money(used.monthlyContribution))
  const yearsNote = clampNote(years.trim() !== '' && used.years !== typed.years,
    whole(CALCULATOR_LIMITS.minYears), whole(CALCULATOR_LIMITS.maxYears), whole(used.years))
  const returnNote = clampNote(ret.trim() !== '' && used.annualReturn !== typed.annualReturn,
    pct(CALCULATOR_LIMITS.minReturn), pct(CALCULATOR_LIMITS.maxReturn), pct(used.annualReturn))

  return (
    <section className={styles.calculator} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}><Trans>Katkı payı hesaplayıcı</Trans></h3>
      <form className={styles.calcForm} onSubmit={(e) => e.preventDefault()}>
        <CalcField id={`${id}-monthly`} label={<Trans>Aylık katkı payı (TL)</Trans>} note={monthlyNote} inputMode="decimal"
          min={0} max={CALCULATOR_LIMITS.maxMonthly} step={50} value={monthly} onChange={setMonthly} />
        <CalcField id={`${id}-years`} label={<Trans>Sistemde kalacağınız süre (yıl)</Trans>} note={yearsNote} inputMode="numeric"
          min={CALCULATOR_LIMITS.minYears} max={CALCULATOR_LIMITS.maxYears} step={1} value={years} onChange={setYears} />
        <CalcField id={`${id}-return`} label={<Trans>Varsayılan yıllık reel getiri (%)</Trans>} note={returnNote} inputMode="decimal"
          min={CALCULATOR_LIMITS.minReturn * 100} max={CALCULATOR_LIMITS.maxReturn * 100} step={0.5} value={ret} onChange={setRet} />
      </form>
      <output className={styles.result} htmlFor={`${id}-monthly ${id}-years ${id}-return`} aria-live="polite">
        <dl>
          <div><dt><Trans>Tahmini toplam birikim</Trans></dt><dd className={styles.resultTotal}>{total}</dd></div>
          <div><dt><Trans>Ödediğiniz katkılar</Trans></dt><dd>{paid}</dd></div>
          <div><dt><Trans>Kendi birikiminiz (getirisiyle)</Trans></dt><dd>{own}</dd></div>
          <div><dt><Trans>Devlet katkısı (getirisiyle)</Trans></dt><dd>{state}</dd></div>
          <div><dt><Trans>Devlet katkısının birikimdeki payı</Trans></dt><dd>{share}</dd></div>
        </dl>
      </output>
      <div className={styles.assumptions}>
        <h4><Trans>Varsayımlar</Trans></h4>
        <ul>
          <li><Trans>Katkı payı her ayın başında ödenir; birikim ve devlet katkısı aynı yıllık reel getiriyle aylık olarak değerlenir. Reel getiri enflasyondan arındırılmış olduğundan sonuçlar bugünün parasıyladır.</Trans></li>
          <li><Trans>Devlet, ödediğiniz her katkının {rate} kadarını ekler. Devlet katkısının yasal yıllık üst sınırı bu hesaplamada uygulanmamıştır; yüksek katkılarda gerçek devlet katkısı daha düşük olabilir.</Trans></li>
          <li><Trans>Kesintiler, vergiler, otomatik katılımdaki ek devlet katkısı ve hak ediş kuralları hesaba katılmamıştır. Devlet katkısının tamamı, sistemde en az 10 yıl kalıp 56 yaşını doldurduğunuzda hak edilir.</Trans></li>
          <li><Trans>Bu bir tahmindir, teklif veya getiri taahhüdü değildir; fonların geçmiş performansı geleceğin göstergesi değildir.</Trans></li>
        </ul>
      </div>
    </section>
  )
}
