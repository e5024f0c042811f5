import { Trans } from '@lingui/react/macro'
import { useMemo } from 'react'
import { travelPurchaseMachine } from '../../../../machines/travel-purchase/travel-purchase.machine.ts'
import { toCalendarDate } from '../../../domain/dates.ts'
import type { ApplicationData } from '../../../domain/schemas/application.ts'
import { tripDays } from '../../../domain/tariff.ts'
import { providePurchase } from '../../flows/purchase.ts'
import { PurchaseView } from './PurchaseView.tsx'
import { TravelQuickQuoteView } from './TravelQuickQuoteView.tsx'

const flow = providePurchase(travelPurchaseMachine)

/** The travel quick quote's plan carried in the address. */
export function travelPlanFromSearch(search: string): ApplicationData | null {
  const q = new URLSearchParams(search)
  const get = (k: string) => q.get(k) ?? ''
  const gender = get('gender')
  const start = toCalendarDate(get('startDate'))
  const end = toCalendarDate(get('endDate'))
  if ((gender !== 'male' && gender !== 'female') || !start || !end || !get('birthdate') || !get('travelLocation') || !get('coverageType')) return null
  return {
    travelPlan: {
      birthdate: get('birthdate'), gender, travelLocation: get('travelLocation'), coverageType: get('coverageType'), covid: get('covid') === 'true',
      startDate: get('startDate'), endDate: get('endDate'), travelLength: Math.max(1, Math.min(365, tripDays(start, end))),
    },
  }
}

/** `/urunler/market/seyahatsaglik`: the travel health purchase (issue 15). */
export function TravelPurchaseView() {
  const initial = useMemo(() => (typeof location === 'undefined' ? null : travelPlanFromSearch(location.search)), [])
  return (
    <PurchaseView
      machine={flow}
      product="seyahatsaglik"
      title={<Trans>Seyahat Sağlık Sigortası satın al</Trans>}
      initial={initial}
      quoteFromSearch={travelPlanFromSearch}
      quote={(onBought) => <TravelQuickQuoteView onBought={onBought} />}
      summaryLines={(d) => [
        [<Trans key="p">Ürün</Trans>, <Trans key="pv">Seyahat Sağlık Sigortası</Trans>],
        [<Trans key="d">Seyahat tarihleri</Trans>, `${d.travelPlan?.startDate ?? ''} – ${d.travelPlan?.endDate ?? ''}`],
        [<Trans key="c">Covid-19 teminatı</Trans>, d.travelPlan?.covid ? <Trans key="cy">Var</Trans> : <Trans key="cn">Yok</Trans>],
      ]}
      resultPath={(o) => (o === 'success' ? '/result/success' : '/result/error')}
    />
  )
}
