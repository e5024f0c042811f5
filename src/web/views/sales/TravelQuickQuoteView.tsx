import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { formatMoney } from '../../../domain/money.ts'
import { travelQuickQuoteMachine, type TravelFieldError } from '../../../../machines/travel-quick-quote/travel-quick-quote.machine.ts'
import { TravelQuickQuoteForm } from '../../components/sales/TravelQuickQuoteForm.tsx'
import { getInspect } from '../../inspector.ts'
import { FIELD } from '../../i18n/reasons.ts'

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
  const actor = useActorRef(travelQuickQuoteMachine, { inspect: getInspect() })
  const { i18n } = useLingui()
  const ctx = useSelector(actor, (s) => s.context)
  const done = useSelector(actor, (s) => s.status === 'done')
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
      onSubmit={(v) => actor.send({ type: 'form.submit', at: new Date().toISOString(), ...v })}
      onBuy={() => actor.send({ type: 'quote.buy' })} />
  )
}
