import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { formatMoney } from '../../../domain/money.ts'
import { TssQuickQuoteForm, type TssQuoteOptionView } from '../../components/sales/TssQuickQuoteForm.tsx'
import { tssQuickQuoteFlow } from '../../flows/tss-quick-quote.ts'
import { getInspect } from '../../inspector.ts'
import { FIELD, reasonText } from '../../i18n/reasons.ts'

const DATE_INVALID = msg`Geçerli bir tarih giriniz`
const AGE_RANGE = msg`Tamamlayıcı sağlık sigortası 15 günlükten 69 yaşına kadar yaptırılabilir`

/**
 * `/urunler/market/tsshizliteklif`: the quick quote bound to its machine. "Satın Al" ends the machine
 * with the chosen option; `onBought` then gets the quote as the purchase page's address query
 * (within the purchase page), else the purchase page opens with it.
 */
export function TssQuickQuoteView({ onBought }: { onBought?(search: string): void } = {}) {
  const actor = useActorRef(tssQuickQuoteFlow, { inspect: getInspect() })
  const { i18n } = useLingui()
  const ctx = useSelector(actor, (s) => s.context)
  const done = useSelector(actor, (s) => s.status === 'done')
  const failed = useSelector(actor, (s) => s.matches('loadFailed'))

  const search = (visits: number) => new URLSearchParams({ ...ctx.values, visits: String(visits) }).toString()
  // the machine ends once: its quote is handed on once
  const handed = useRef(false)
  useEffect(() => {
    if (!done || handed.current) return
    handed.current = true
    if (onBought) onBought(search(ctx.chosen ?? 0))
    else location.assign(`/urunler/market/tss?${search(ctx.chosen ?? 0)}`)
  })

  const options: TssQuoteOptionView[] | null = ctx.quote
    // the machine's 12 monthly instalments of each option (src/domain/instalments.ts monthlyPlan), in words
    ? ctx.quote.options.map((o) => ({
      visits: o.visits, annual: formatMoney(o.annualTry, 'TRY', i18n.locale, { fractionDigits: 0 }), monthly: formatMoney(o.monthly.rest, 'TRY', i18n.locale),
      firstMonth: o.monthly.first !== o.monthly.rest ? formatMoney(o.monthly.first, 'TRY', i18n.locale) : null, buyHref: `/urunler/market/tss?${search(o.visits)}`,
    }))
    : null
  const text = (code: string | undefined) =>
    code === 'requiredSelection' ? i18n._(FIELD.requiredSelection)
      : code === 'required' ? i18n._(FIELD.required)
        : code === 'date' ? i18n._(DATE_INVALID)
          : code === 'ageRange' ? i18n._(AGE_RANGE) : undefined
  return (
    <TssQuickQuoteForm
      cities={ctx.cities}
      values={ctx.values}
      errors={{ gender: text(ctx.errors.gender), citycode: text(ctx.errors.citycode), birthdate: text(ctx.errors.birthdate) }}
      loadError={failed ? reasonText(ctx.loadError, i18n) : null}
      options={options}
      birthCoverAvailable={!!ctx.quote?.birthCoverAvailable}
      onSubmit={(v) => actor.send({ type: 'form.submit', at: new Date().toISOString(), ...v })}
      onRetry={() => actor.send({ type: 'retry' })}
      onBuy={(visits) => actor.send({ type: 'quote.buy', visits })}
    />
  )
}
