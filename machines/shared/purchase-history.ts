/**
 * The purchase's history steps (issue 24 item 1), apart from the statechart and its section schemas
 * (purchase.context.ts re-exports them): the purchase pages read them before the machine's code
 * has loaded (issue 23 goal 2: the machine loads on intent, src/web/lazy-actor.ts).
 */
/**
 * The steps a history entry names (issue 24 item 1): each resting step of the purchase has its own
 * browser history entry; busy and passing states name none (the entry stays the step being left).
 */
export const HISTORY_STEPS = ['quote', 'sms', 'profile', 'healthPolicy', 'contract', 'consents', 'summary', 'preInformation', 'payment'] as const
/** Steps a reload returns to: those after the verification (the quote and the SMS step start as a plain visit). */
export const RESTORABLE_STEPS = ['profile', 'healthPolicy', 'contract', 'consents', 'summary', 'preInformation', 'payment'] as const

/** The history step of a purchase snapshot, null while busy or passing through. */
export function purchaseHistoryStep(s: { value: unknown; hasTag(tag: string): boolean; status: string }): string | null {
  if (s.status !== 'active' || s.hasTag('busy')) return null
  const top = typeof s.value === 'string' ? s.value : Object.keys(s.value as object)[0]!
  return (HISTORY_STEPS as readonly string[]).includes(top) ? top : null
}
