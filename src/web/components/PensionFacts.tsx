import { Trans, useLingui } from '@lingui/react/macro'
import {
  AUTO_ENROLMENT_EXTRA_TL, AUTO_ENROLMENT_OPT_OUT_MONTHS, RETIREMENT_MIN_AGE, RETIREMENT_MIN_YEARS, STATE_CONTRIBUTION_RATE,
} from '../../domain/constants.ts'
import { formatMoney, formatPercent } from '../../domain/money.ts'
import styles from './PensionFacts.module.css'

/** The pension facts of spec 9, as shown on the sales pages. */
export function PensionFacts() {
  const { i18n } = useLingui()
  const percent = formatPercent(STATE_CONTRIBUTION_RATE, i18n.locale)
  const extra = formatMoney(AUTO_ENROLMENT_EXTRA_TL, 'TRY', i18n.locale, { fractionDigits: 0 })
  return (
    <ul className={styles.facts}>
      <li className={styles.fact}>
        <span className={styles.figure}>{percent}</span>
        <Trans>Ödediğiniz katkı payına devlet %25 oranında katkı ekler.</Trans>
      </li>
      <li className={styles.fact}>
        <span className={styles.figure}>{extra}</span>
        <Trans>
          Otomatik katılımda ek {extra} devlet katkısı; ilk {AUTO_ENROLMENT_OPT_OUT_MONTHS} ay içinde cayma hakkınız vardır.
        </Trans>
      </li>
      <li className={styles.fact}>
        <span className={styles.figure}>
          <Trans>{RETIREMENT_MIN_YEARS} yıl + {RETIREMENT_MIN_AGE} yaş</Trans>
        </span>
        <Trans>Sistemde en az {RETIREMENT_MIN_YEARS} yıl kalıp {RETIREMENT_MIN_AGE} yaşını doldurduğunuzda emekli olursunuz.</Trans>
      </li>
    </ul>
  )
}
