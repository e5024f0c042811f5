/**
 * The visitor's first sign of intent (a pointer move, a touch, a key, a scroll, a focus, a value
 * changed: a language chosen in the header without a pointer or key reaching the page first), watched
 * from the moment the entry module runs: a pointer moved while the page is still hydrating is not
 * lost. The card form's code loads on it (PaymentTestSection).
 */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin', 'input', 'change'] as const

let seen = false
const waiting = new Set<() => void>()

function noticed() {
  if (seen) return
  seen = true
  for (const type of INTENT_EVENTS) window.removeEventListener(type, noticed, { capture: true })
  for (const callback of waiting) callback()
  waiting.clear()
}

/** Starts watching (the entry module calls it before hydration); idempotent, a no-op outside a browser. */
export function watchIntent(): void {
  if (typeof window === 'undefined' || seen) return
  for (const type of INTENT_EVENTS) window.addEventListener(type, noticed, { passive: true, capture: true })
}

/** Calls `callback` once intent is seen (now, if it already was); returns the unsubscribe. */
export function onIntent(callback: () => void): () => void {
  watchIntent()
  if (seen) {
    callback()
    return () => {}
  }
  waiting.add(callback)
  return () => waiting.delete(callback)
}
