import { Trans, useLingui } from '@lingui/react/macro'
import { mainSiteUrl } from '../../config.ts'
import { formatMoney } from '../../../domain/money.ts'
import { Tabs } from './Tabs.tsx'
import { PLANS, planApplyPath, planDetailPath, planPrice, type Plan, type PlanAudience } from './plans.ts'
import styles from './Landing.module.css'

function PlanCard({ plan }: { plan: Plan }) {
  const { i18n, t } = useLingui()
  const price = planPrice(plan)
  const title = i18n._(plan.title)
  const amount = price === null ? null : formatMoney(price, 'TRY', i18n.locale, { fractionDigits: 0 })
  const headingId = `plan-${plan.slug}`
  const visits = plan.outpatientVisits
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.cardTitle}>{title}</h4>
      <p className={styles.price}>{amount === null ? i18n._(plan.priceNote!) : <Trans>Aylık {amount}</Trans>}</p>
      <p>{i18n._(plan.description)}</p>
      <ul className={styles.features}>
        {plan.features.map((f) => <li key={f.id}>{i18n._(f)}</li>)}
        {visits && <li><Trans>Yılda {visits} ayakta tedavi</Trans></li>}
      </ul>
      <div className={styles.cardActions}>
        {plan.marketPath ? (
          <a className={styles.buy} href={plan.marketPath} aria-label={t`${title}: Satın Al`}>
            <Trans>Satın Al</Trans>
          </a>
        ) : (
          <>
            <a className={styles.buy} href={mainSiteUrl(planApplyPath(plan))} aria-label={t`${title}: Başvur`}>
              <Trans>Başvur</Trans>
            </a>
            <a className={styles.more} href={mainSiteUrl(planDetailPath(plan.slug))} aria-label={t`${title}: Plan detayları`}>
              <Trans>Plan detayları</Trans>
            </a>
          </>
        )}
      </div>
    </article>
  )
}

function PlanGrid({ audience }: { audience: PlanAudience }) {
  return (
    <div className={styles.grid}>
      {PLANS.filter((p) => p.audience === audience).map((p) => <PlanCard key={p.slug} plan={p} />)}
    </div>
  )
}

/** Spec 2.3 "Planlar": individual and corporate tabs. */
export function PlansSection() {
  const { t } = useLingui()
  return (
    <>
      <h2><Trans>Size uygun planı seçin</Trans></h2>
      <p>
        <Trans>Bütün emeklilik planlarımız katılım esaslıdır: katkılarınız faiz içermeyen fonlarda değerlendirilir ve ödediğiniz katkılara %25 devlet katkısı eklenir.</Trans>
      </p>
      <Tabs
        label={t`Plan türleri`}
        idPrefix="plans"
        variant="secondary"
        items={[
          { id: 'bireysel', label: <Trans>Bireysel</Trans>, panel: <><h3 className="visually-hidden"><Trans>Bireysel planlar</Trans></h3><PlanGrid audience="individual" /></> },
          { id: 'kurumsal', label: <Trans>Kurumsal</Trans>, panel: <><h3 className="visually-hidden"><Trans>Kurumsal planlar</Trans></h3><PlanGrid audience="corporate" /></> },
        ]}
      />
    </>
  )
}
