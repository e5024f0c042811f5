import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { travelPlanFromSearch, travelQuoteIsComplete } from '../../../domain/purchase-quote.ts'
import { travelPurchaseSearch, type TravelPurchaseSearch } from '../../../domain/search.ts'
import { formatMoney } from '../../../domain/money.ts'
import { lazyPart } from '../../lazy-part.ts'
import { PurchaseView } from './PurchaseView.tsx'
import { TravelQuickQuoteView } from './TravelQuickQuoteView.tsx'

/** The purchase machine with its effects, loaded on intent (issue 23 goal 2; PurchaseView draws the quote step without it). */
const flow = lazyPart(() => Promise.all([import('../../../../machines/travel-purchase/travel-purchase.machine.ts'), import('../../flows/purchase.ts')])
  .then(([m, f]) => f.providePurchase(m.travelPurchaseMachine)))

/** The travel quick quote's plan carried in the address (src/domain/purchase-quote.ts). */
export { travelPlanFromSearch }

/** The region and cover level in the quick quote's words. */
const REGION: Record<string, MessageDescriptor> = {
  schengen: msg`Schengen ülkeleri ve Avrupa`,
  worldwideExclUsCa: msg`Tüm dünya (ABD ve Kanada hariç)`,
  worldwide: msg`Tüm dünya`,
}
const COVER: Record<string, { name: MessageDescriptor; limitEur: number }> = {
  standard: { name: msg`Standart`, limitEur: 30_000 },
  plus: { name: msg`Plus`, limitEur: 50_000 },
  premium: { name: msg`Premium`, limitEur: 100_000 },
}
/** "Standart: €30.000" in the reader's notation (src/domain/money.ts). */
const coverText = (cover: { name: MessageDescriptor; limitEur: number }, i18n: { _: (d: MessageDescriptor) => string; locale: string }) =>
  `${i18n._(cover.name)}: ${formatMoney(cover.limitEur, 'EUR', i18n.locale, { fractionDigits: 0 })}`

/** `/urunler/market/seyahatsaglik`: the travel health purchase (issue 15). */
export function TravelPurchaseView({ search }: { search: TravelPurchaseSearch }) {
  const { i18n } = useLingui()
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
  // the address when the page opened (a later quote goes to the machine, not through the address)
  const initial = useMemo(() => travelPlanFromSearch(search), [])
  return (
    <PurchaseView
      machine={flow}
      product="seyahatsaglik"
      title={<Trans>Seyahat Sağlık Sigortası satın al</Trans>}
      initial={initial}
      retry={search.purchase}
      quoteFromSearch={(address) => travelPlanFromSearch(travelPurchaseSearch.parse(Object.fromEntries(new URLSearchParams(address))))}
      quoteTaken={travelQuoteIsComplete}
      quote={(onBought) => <TravelQuickQuoteView onBought={onBought} />}
      summaryLines={(d) => [
        [<Trans key="p">Ürün</Trans>, <Trans key="pv">Seyahat Sağlık Sigortası</Trans>],
        // where and how much cover (issue 24 item 8), the dates as the reader writes them
        [<Trans key="r">Bölge</Trans>, <span key="rv" data-testid="summary-region">{REGION[d.travelPlan?.travelLocation ?? ''] ? i18n._(REGION[d.travelPlan!.travelLocation]!) : d.travelPlan?.travelLocation}</span>],
        [<Trans key="t">Teminat</Trans>, <span key="tv" data-testid="summary-cover">{COVER[d.travelPlan?.coverageType ?? ''] ? coverText(COVER[d.travelPlan!.coverageType]!, i18n) : d.travelPlan?.coverageType}</span>],
        [<Trans key="d">Seyahat tarihleri</Trans>, <span key="dv" data-testid="summary-dates">{d.travelPlan ? `${date(d.travelPlan.startDate)} – ${date(d.travelPlan.endDate)}` : ''}</span>],
        [<Trans key="c">Covid-19 teminatı</Trans>, d.travelPlan?.covid ? <Trans key="cy">Var</Trans> : <Trans key="cn">Yok</Trans>],
      ]}
      resultPath={(o) => (o === 'success' ? '/result/success' : '/result/error')}
    />
  )
}
