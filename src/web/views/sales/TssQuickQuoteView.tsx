import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { TssQuickQuoteContext, TssQuickQuoteEvent } from '../../../../machines/tss-quick-quote/tss-quick-quote.machine.ts'
import { formatMoney } from '../../../domain/money.ts'
import { TssQuickQuoteForm, type TssQuoteOptionView } from '../../components/sales/TssQuickQuoteForm.tsx'
import { usePrefetchedCities, type City } from '../../flows/cities.ts'
import { getInspect } from '../../inspector.ts'
import { FIELD, reasonText } from '../../i18n/reasons.ts'
import { lazyPart } from '../../lazy-part.ts'
import { useHeldSend, useLazyActor, useSelector } from '../../lazy-actor.ts'
import { TSS_QUICK_QUOTE_START } from '../../../../machines/tss-quick-quote/tss-quick-quote.start.ts'

/**
 * The quick quote's statechart with its effect, loaded on the visitor's first sign of intent
 * (issue 23 goal 2): the form is drawn without it (the machine's first screen is the plain form),
 * so xstate is not part of the page's first load.
 */
const FLOW = lazyPart(() => import('../../flows/tss-quick-quote.ts').then((m) => m.tssQuickQuoteFlow))

/** What the view reads of the machine's context before its code is there (its initial context's). */

const DATE_INVALID = msg`Geçerli bir tarih giriniz`
const AGE_RANGE = msg`Tamamlayıcı sağlık sigortası 15 günlükten 69 yaşına kadar yaptırılabilir`

/**
 * `/urunler/market/tsshizliteklif`: the quick quote bound to its machine. "Satın Al" ends the machine
 * with the chosen option; `onBought` then gets the quote as the purchase page's address query
 * (within the purchase page), else the purchase page opens with it.
 */
export function TssQuickQuoteView({ onBought }: { onBought?(search: string): void } = {}) {
  // the provinces are asked for as the form mounts (before the machine, which takes the same answer);
  // a failure needs the machine at once: its loadFailed state says so and offers the retry
  const { prefetched, needed, need } = usePrefetchedCities()
  const actor = useLazyActor(FLOW, needed, { inspect: getInspect() })
  const { i18n } = useLingui()
  const machineCtx: TssQuickQuoteContext = useSelector(actor, (s) => s?.context) ?? TSS_QUICK_QUOTE_START
  // the prefetched provinces stay on screen while the machine takes them (its loadingCities)
  const ctx = machineCtx.cities.length || !prefetched ? machineCtx : { ...machineCtx, cities: prefetched }
  const done = useSelector(actor, (s) => s?.status === 'done')
  const failed = useSelector(actor, (s) => !!s?.matches('loadFailed'))
  // "Teklif Al" pressed before the machine is there is held, and sent once it has the provinces
  // (a press while it loads them is the machine's to ignore, as it always was)
  const ready = useSelector(actor, (s) => !!s && !s.matches('loadingCities'))
  const held = useHeldSend<TssQuickQuoteEvent>(ready ? actor : undefined, need)
  const send = (event: TssQuickQuoteEvent) => (actor ? actor.send(event) : held(event))

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
      onSubmit={(v) => send({ type: 'form.submit', at: new Date().toISOString(), ...v })}
      onRetry={() => send({ type: 'retry' })}
      onBuy={(visits) => send({ type: 'quote.buy', visits })}
    />
  )
}
