import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { STATE_CONTRIBUTION_RATE } from '../../../domain/constants.ts'
import { CALCULATOR_LIMITS, projectPension } from '../../../domain/pension-calculator.ts'
import styles from './Landing.module.css'

const num = (s: string) => {
  const n = Number(s.replace(',', '.'))
  return Number.isFinite(n) ? n : 0
}

/** The in-page contribution calculator (projection with the assumptions stated next to it). */
export function Calculator() {
  const { i18n } = useLingui()
  const id = useId()
  const [monthly, setMonthly] = useState('500')
  const [years, setYears] = useState('10')
  const [ret, setRet] = useState('3')
  const r = projectPension({ monthlyContribution: num(monthly), years: num(years), annualReturn: num(ret) / 100 })
  const money = (n: number) => new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: 'TRY', maximumFractionDigits: 0 }).format(n)
  const pct = (n: number) => new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(n)
  const total = money(r.total)
  const own = money(r.ownSavings)
  const state = money(r.stateSavings)
  const share = pct(r.stateShare)
  const paid = money(r.totalContributions)
  const rate = pct(STATE_CONTRIBUTION_RATE)

  return (
    <section className={styles.calculator} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}><Trans>Katkı payı hesaplayıcı</Trans></h3>
      <form className={styles.calcForm} onSubmit={(e) => e.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor={`${id}-monthly`}><Trans>Aylık katkı payı (TL)</Trans></label>
          <input id={`${id}-monthly`} type="number" inputMode="decimal" min={0} max={CALCULATOR_LIMITS.maxMonthly} step={50} value={monthly} onChange={(e) => setMonthly(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-years`}><Trans>Sistemde kalacağınız süre (yıl)</Trans></label>
          <input id={`${id}-years`} type="number" inputMode="numeric" min={CALCULATOR_LIMITS.minYears} max={CALCULATOR_LIMITS.maxYears} step={1} value={years} onChange={(e) => setYears(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-return`}><Trans>Varsayılan yıllık reel getiri (%)</Trans></label>
          <input id={`${id}-return`} type="number" inputMode="decimal" min={-50} max={50} step={0.5} value={ret} onChange={(e) => setRet(e.target.value)} />
        </div>
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
