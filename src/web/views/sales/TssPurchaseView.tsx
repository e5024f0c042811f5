import { Trans } from '@lingui/react/macro'
import { useMemo } from 'react'
import { tssPurchaseMachine } from '../../../../machines/tss-purchase/tss-purchase.machine.ts'
import { insuredBirthdate } from '../../../domain/purchase.ts'
import type { ApplicationData } from '../../../domain/schemas/application.ts'
import { quoteTss } from '../../../domain/tariff.ts'
import { providePurchase } from '../../flows/purchase.ts'
import { PurchaseView } from './PurchaseView.tsx'
import { TssQuickQuoteView } from './TssQuickQuoteView.tsx'

const flow = providePurchase(tssPurchaseMachine)

/** The quick quote's answers carried in the address (`?gender=&citycode=&birthdate=&visits=`). */
export function tssQuoteFromSearch(search: string): ApplicationData | null {
  const q = new URLSearchParams(search)
  const gender = q.get('gender')
  const citycode = q.get('citycode')
  const birthdate = q.get('birthdate')
  const visits = Number(q.get('visits'))
  if ((gender !== 'male' && gender !== 'female') || !citycode || !birthdate || ![0, 8, 10, 12].includes(visits)) return null
  return { quickProfile: { gender, citycode, birthdate }, outpatientVisits: visits as 0 | 8 | 10 | 12 }
}

/** Birth cover is offered to the insured person it can cover: a woman of 18-44 by the profile's birth date (the quote's until then). */
function birthCoverAvailable(data: ApplicationData): boolean {
  const birthdate = insuredBirthdate('tss', data)
  if (!data.quickProfile || !birthdate) return false
  const q = quoteTss({ ...data.quickProfile, birthdate }, new Date())
  return q.ok && q.birthCoverAvailable
}

/** `/urunler/market/tss`: the complementary health purchase (issue 15). */
export function TssPurchaseView() {
  const initial = useMemo(() => (typeof location === 'undefined' ? null : tssQuoteFromSearch(location.search)), [])
  return (
    <PurchaseView
      machine={flow}
      product="tss"
      title={<Trans>Tamamlayıcı Sağlık Sigortası satın al</Trans>}
      initial={initial}
      quoteFromSearch={tssQuoteFromSearch}
      quote={(onBought) => <TssQuickQuoteView onBought={onBought} />}
      birthCoverAvailable={birthCoverAvailable}
      summaryLines={(d) => [
        [<Trans key="p">Ürün</Trans>, <Trans key="pv">Tamamlayıcı Sağlık Sigortası</Trans>],
        [<Trans key="v">Ayakta tedavi</Trans>, d.outpatientVisits ? <Trans key="vv">Yılda {d.outpatientVisits} vizite</Trans> : <Trans key="vn">Yalnız yatarak tedavi</Trans>],
        [<Trans key="b">Doğum teminatı</Trans>, d.healthPolicy?.birthCollateral ? <Trans key="by">Var</Trans> : <Trans key="bn">Yok</Trans>],
      ]}
      resultPath={(o) => (o === 'success' ? '/result/tss-success' : '/result/tss-error')}
    />
  )
}
