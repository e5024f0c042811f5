import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { formatMoney } from '../../../domain/money.ts'
import type { TravelFieldError, TravelQuickQuoteContext, TravelQuickQuoteEvent } from '../../../../machines/travel-quick-quote/travel-quick-quote.machine.ts'
import { TRAVEL_QUICK_QUOTE_START } from '../../../../machines/travel-quick-quote/travel-quick-quote.start.ts'
import { TravelQuickQuoteForm } from '../../components/sales/TravelQuickQuoteForm.tsx'
import { getInspect } from '../../inspector.ts'
import { FIELD } from '../../i18n/reasons.ts'
import { lazyPart } from '../../lazy-part.ts'
import { useHeldSend, useLazyActor, useSelector } from '../../lazy-actor.ts'

/**
 * The quick quote's statechart, loaded on the visitor's first sign of intent (issue 23 goal 2): its
 * first screen is the plain form, drawn without it, so xstate is not part of the page's first load.
 */
const MACHINE = lazyPart(() => import('../../../../machines/travel-quick-quote/travel-quick-quote.machine.ts').then((m) => m.travelQuickQuoteMachine))

const TEXTS: Record<TravelFieldError, MessageDescriptor> = {
  required: FIELD.required,
  requiredSelection: FIELD.requiredSelection,
  date: msg`Geçerli bir tarih giriniz`,
  ageRange: msg`Seyahat sağlık sigortası 15 günlükten 100 yaşına kadar yaptırılabilir`,
  startInPast: msg`Gidiş tarihi bugünden önce olamaz`,
  startTooFar: msg`Poliçe en fazla 180 gün sonrası için alınabilir`,
  endBeforeStart: msg`Dönüş tarihi gidiş tarihinden önce olamaz`,
  tooLong: msg`Seyahat en fazla 365 gün olabilir`,
}

/**
 * `/urunler/market/seyahatsaglikhizliteklif`: the travel quick quote bound to its machine. "Satın Al"
 * ends the machine; `onBought` then gets the plan as the purchase page's address query (within the
 * purchase page), else the purchase page opens with it.
 */
export function TravelQuickQuoteView({ onBought }: { onBought?(search: string): void } = {}) {
  const [needed, setNeeded] = useState(false)
  const actor = useLazyActor(MACHINE, needed, { inspect: getInspect() })
  const { i18n } = useLingui()
  const ctx: TravelQuickQuoteContext = useSelector(actor, (s) => s?.context) ?? TRAVEL_QUICK_QUOTE_START
  const done = useSelector(actor, (s) => s?.status === 'done')
  // "Teklif Al" pressed before the machine is there is held and sent as it arrives
  const send = useHeldSend<TravelQuickQuoteEvent>(actor, () => setNeeded(true))
  const buySearch = new URLSearchParams({ ...ctx.values, covid: String(ctx.values.covid) }).toString()
  const buyHref = `/urunler/market/seyahatsaglik?${buySearch}`
  // the machine ends once: its quote is handed on once
  const handed = useRef(false)
  useEffect(() => {
    if (!done || handed.current) return
    handed.current = true
    if (onBought) onBought(buySearch)
    else location.assign(buyHref)
  })
  const errors = Object.fromEntries(Object.entries(ctx.errors).map(([k, code]) => [k, i18n._(TEXTS[code])]))
  const q = ctx.quote
  const quote = q ? {
    premium: formatMoney(q.premiumTry, 'TRY', i18n.locale, { fractionDigits: 0 }),
    days: q.days,
    cover: formatMoney(q.coverEur, 'EUR', i18n.locale, { fractionDigits: 0 }),
    schengen: ctx.values.travelLocation === 'schengen' && q.meetsSchengenVisa,
    buyHref,
  } : null
  return (
    <TravelQuickQuoteForm values={ctx.values} errors={errors} quote={quote}
      onSubmit={(v) => send({ type: 'form.submit', at: new Date().toISOString(), ...v })}
      onBuy={() => send({ type: 'quote.buy' })} />
  )
}
