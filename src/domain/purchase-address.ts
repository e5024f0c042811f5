/**
 * Which first screen a public page's address opens at (issue 23 goal 1), for the server that picks
 * the prerendered markup (src/server/main.ts) and the browser that hydrates it (src/web/main.tsx).
 *
 * A health or travel purchase page opened with a quote in its address (the quick quote's "Satın
 * Al": `?gender=&citycode=&birthdate=&visits=`, `?startDate=&endDate=&travelLocation=...`) or a
 * purchase to retry (`?purchase=`, the result page's "Tekrar dene") opens while the page hands that
 * on to its statechart (the machine's `opening` state): the title and the steps, no step's form. Its
 * prerendered markup is that screen (`opening`), so it hydrates in place, with no layout shift and no
 * form shown that a tap would be lost on.
 *
 * A purchase page's history entry of a step after the phone's verification also names that step in
 * its address (`?step=consents`, written by src/web/views/sales/usePurchaseHistory.ts, issue 24 item
 * 1): a reload there opens while the page restores that step (the proof cookie read back, the saved
 * application read), and its first screen is the page's opening screen too (tss, travel and BES), not
 * the quote step or the quick profile whose markup would not match it.
 *
 * A quoted address whose quote the purchase takes (src/domain/purchase-quote.ts `addressQuoteTaken`,
 * the same rule as the machine's) opens at the phone step instead (`phone`): the machine hands the
 * quote on and reaches the SMS step with nothing else drawn in between, so its prerendered markup is
 * the phone step itself (the largest paint is in the HTML) and hydrates in place. An invalid or partial
 * quote keeps the opening screen (the machine answers it with the quote step and its message).
 *
 * A BES page opened with a purchase to retry has no such markup (`null`: rendered afresh once its
 * code is in). Any other address, an ad's `utm_*` or `gclid` included, opens at the page's own first
 * screen (`page`).
 */
export type FirstScreen = 'page' | 'opening' | 'phone'

const OPENING_PAGE = /^\/urunler\/market\/(tss|seyahatsaglik)\/?$/
const BES_PAGE = /^\/urunler\/market\/(erkenbes|pratikbes)\/?$/
/** The address keys that hand a quote or a purchase on (src/domain/search.ts's purchase searches). */
export const OPENING_KEYS = ['purchase', 'gender', 'citycode', 'birthdate', 'visits', 'startDate', 'endDate', 'travelLocation', 'coverageType'] as const

/** The address key that names a purchase step a reload returns to. */
export const STEP_KEY_IN_ADDRESS = 'step'
/**
 * The steps an address names: those after the verification, which a reload restores (the health and
 * travel purchase's RESTORABLE_STEPS in machines/shared/purchase.context.ts, BES's
 * BES_RESTORABLE_STEPS in machines/bes-purchase/bes-history.ts; tests/domain/purchase-address.test.ts
 * holds the lists equal). The quote, the quick profile and the phone step open as a plain visit does.
 */
export const ADDRESSED_STEPS = {
  purchase: ['profile', 'healthPolicy', 'contract', 'consents', 'summary', 'preInformation', 'payment'],
  bes: ['personal', 'custodian', 'payer', 'contract', 'consents', 'summary', 'preInformation', 'payment'],
} as const satisfies Record<string, readonly string[]>

/** Which purchase page a path is (null: none). */
export function purchasePageOf(pathname: string): 'purchase' | 'bes' | null {
  return OPENING_PAGE.test(pathname) ? 'purchase' : BES_PAGE.test(pathname) ? 'bes' : null
}

/** Whether the address carries a quote or a purchase to retry. */
export function addressHandsOn(search: string): boolean {
  const query = new URLSearchParams(search)
  return OPENING_KEYS.some((key) => query.has(key))
}

/** Whether a step is one the purchase page at this path restores on a reload. */
export function isAddressedStep(pathname: string, step: unknown): step is string {
  const kind = purchasePageOf(pathname)
  return !!kind && typeof step === 'string' && (ADDRESSED_STEPS[kind] as readonly string[]).includes(step)
}

/**
 * The step a purchase page opens at to restore it: its history entry's (`entry`, the browser's
 * history.state; the server has none), else the one its address names; null for a plain visit.
 */
export function restoredStepOf(pathname: string, search: string, entry?: string | null): string | null {
  if (isAddressedStep(pathname, entry)) return entry
  const named = new URLSearchParams(search).get(STEP_KEY_IN_ADDRESS)
  return isAddressedStep(pathname, named) ? named : null
}

/**
 * The address of a purchase page's history entry at `step`: the page's address with the step named
 * when a reload restores it, and without it otherwise (the quote, the quick profile, the phone).
 */
export function addressAtStep(pathname: string, search: string, step: string): string {
  const query = new URLSearchParams(search)
  if (isAddressedStep(pathname, step)) query.set(STEP_KEY_IN_ADDRESS, step)
  else query.delete(STEP_KEY_IN_ADDRESS)
  const text = query.toString()
  return text ? `?${text}` : ''
}

/**
 * Whether a health or travel purchase page's address hands on a quote only: no purchase to retry and
 * no step to restore (its first screen is the phone step when the purchase takes that quote).
 */
export function quotedAddress(pathname: string, search: string, entry?: string | null): boolean {
  return purchasePageOf(pathname) === 'purchase' && addressHandsOn(search) && !new URLSearchParams(search).has('purchase') && !restoredStepOf(pathname, search, entry)
}

/**
 * The first screen the page at this address renders (null: none of its prerendered screens).
 * `entry`: the browser's history entry's step (the server knows only the address, which names it too).
 * `quoteTaken`: whether the purchase takes the address's quote (src/domain/purchase-quote.ts
 * `addressQuoteTaken`; kept apart so that the page's entry needs no tariff).
 */
export function firstScreenOf(pathname: string, search: string, entry?: string | null, quoteTaken = false): FirstScreen | null {
  const kind = purchasePageOf(pathname)
  if (kind === 'purchase') {
    if (quoteTaken && quotedAddress(pathname, search, entry)) return 'phone'
    return addressHandsOn(search) || restoredStepOf(pathname, search, entry) ? 'opening' : 'page'
  }
  if (kind === 'bes') {
    if (new URLSearchParams(search).has('purchase')) return null
    return restoredStepOf(pathname, search, entry) ? 'opening' : 'page'
  }
  return 'page'
}
