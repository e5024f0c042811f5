import { Trans } from '@lingui/react/macro'
import { useMemo } from 'react'
import { tssQuoteFromSearch, tssQuoteIsComplete } from '../../../domain/purchase-quote.ts'
import { tssPurchaseSearch, type TssPurchaseSearch } from '../../../domain/search.ts'
import { insuredBirthdate } from '../../../domain/purchase.ts'
import type { ApplicationData } from '../../../domain/schemas/application.ts'
import { quoteTss } from '../../../domain/tariff.ts'
import { lazyPart } from '../../lazy-part.ts'
import { PurchaseView } from './PurchaseView.tsx'
import { TssQuickQuoteView } from './TssQuickQuoteView.tsx'

/** The purchase machine with its effects, loaded on intent (issue 23 goal 2; PurchaseView draws the quote step without it). */
const flow = lazyPart(() => Promise.all([import('../../../../machines/tss-purchase/tss-purchase.machine.ts'), import('../../flows/purchase.ts')])
  .then(([m, f]) => f.providePurchase(m.tssPurchaseMachine)))

/** The quick quote's answers carried in the address (src/domain/purchase-quote.ts). */
export { tssQuoteFromSearch }

/** Birth cover is offered to the insured person it can cover: a woman of 18-44 by the profile's birth date (the quote's until then). */
function birthCoverAvailable(data: ApplicationData): boolean {
  const birthdate = insuredBirthdate('tss', data)
  if (!data.quickProfile || !birthdate) return false
  const q = quoteTss({ ...data.quickProfile, birthdate }, new Date())
  return q.ok && q.birthCoverAvailable
}

/** `/urunler/market/tss`: the complementary health purchase (issue 15). */
export function TssPurchaseView({ search }: { search: TssPurchaseSearch }) {
  // the address when the page opened (a later quote goes to the machine, not through the address)
  const initial = useMemo(() => tssQuoteFromSearch(search), [])
  return (
    <PurchaseView
      machine={flow}
      product="tss"
      title={<Trans>Tamamlayıcı Sağlık Sigortası satın al</Trans>}
      initial={initial}
      retry={search.purchase}
      quoteFromSearch={(address) => tssQuoteFromSearch(tssPurchaseSearch.parse(Object.fromEntries(new URLSearchParams(address))))}
      quoteTaken={tssQuoteIsComplete}
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
