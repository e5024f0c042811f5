import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { addressAtStep } from '../../../domain/purchase-address.ts'
import { STEP_KEY, entryStep } from '../../prerendered.ts'

/** (where the entry names its step, and that step: src/web/prerendered.ts, which the page's entry reads before hydrating) */
export { STEP_KEY, entryStep }
/** How many entries of this purchase page are before this one (the page's own "Geri" goes back through history only then). */
const DEPTH_KEY = 'purchaseDepth'

/**
 * Each step of a purchase its own browser history entry (issue 24 item 1). The machine says which
 * step is on screen (`step`, null while busy); this only keeps the browser's entries in line with it:
 * - a new step pushes an entry naming it (the page's first step names the entry it opened with);
 * - the browser's Back to an entry of this page is the machine's own `back` event (`onBack`), and
 *   Forward is `onForward` (the page returns to that entry's step as a reload does);
 * - when the machine answers Back or Forward with another step than the entry's (a step it does not
 *   go back from, a busy one), the entry is rewritten to the machine's step; so is the entry a page
 *   opened at (a reload, Forward back to the page) when it lands on another step than the entry's
 *   (an earlier section unanswered, a refused proof: the phone again), so that Back from it is the
 *   entry before, not the step the reload left;
 * - an entry of a step after the verification also names it in its address (`?step=`,
 *   src/domain/purchase-address.ts), so that a reload's first screen from the server is the one the
 *   page restores it with (issue 23 goal 1); the other steps' addresses name none.
 * Navigations to other pages are not this hook's: the leave guard asks about those.
 */
export function usePurchaseHistory(step: string | null, onBack: () => void, onForward: () => void): { back(): void } {
  const router = useRouter()
  const popped = useRef(false)
  // the first step the page shows after it opened: it takes the entry the page opened at
  const opened = useRef(true)
  const current = useRef(step)
  current.current = step
  const handlers = useRef({ onBack, onForward })
  handlers.current = { onBack, onForward }

  useEffect(() => {
    const pathname = router.history.location.pathname
    const keyOf = (state: unknown) => (state as Record<string, unknown>).__TSR_key
    let seen = keyOf(router.history.location.state)
    return router.history.subscribe(({ location, action }) => {
      const key = keyOf(location.state)
      const moved = key !== seen
      seen = key
      if (action.type !== 'BACK' && action.type !== 'FORWARD' && action.type !== 'GO') return
      // (a Back out of the page that the leave guard held is reported on the same entry: not a move)
      if (!moved || location.pathname !== pathname) return
      const entry = (location.state as unknown as Record<string, unknown>)[STEP_KEY]
      if (typeof entry !== 'string') return
      const back = action.type === 'BACK' || (action.type === 'GO' && action.index < 0)
      // Back is always one step back (the entry may name the step on screen when the machine's back skipped one); Forward to the step on screen is nothing
      if (!back && entry === current.current) return
      popped.current = true
      if (back) handlers.current.onBack()
      else handlers.current.onForward()
    })
  }, [router])

  useEffect(() => {
    if (!step) return
    const location = router.history.location
    const entry = (location.state as unknown as Record<string, unknown>)[STEP_KEY]
    const wasPopped = popped.current
    popped.current = false
    const first = opened.current
    opened.current = false
    // the browser's own address (the quote step's "Satın Al" rewrites it without the router), the step named in it or not
    const href = window.location.pathname + addressAtStep(window.location.pathname, window.location.search, step) + window.location.hash
    if (entry === step && href === window.location.pathname + window.location.search + window.location.hash) return
    const state = location.state as unknown as Record<string, unknown>
    const depth = typeof state[DEPTH_KEY] === 'number' ? state[DEPTH_KEY] : 0
    if (wasPopped || first || entry === undefined || entry === step) router.history.replace(href, { [STEP_KEY]: step, [DEPTH_KEY]: depth })
    else router.history.push(href, { [STEP_KEY]: step, [DEPTH_KEY]: depth + 1 })
  }, [step, router])

  return {
    /** The page's own "Geri": the browser's Back when the entry before is this page's step (then the machine hears `back` from it). */
    back() {
      const state = router.history.location.state as unknown as Record<string, unknown>
      if (typeof state[STEP_KEY] === 'string' && typeof state[DEPTH_KEY] === 'number' && state[DEPTH_KEY] > 0) return router.history.back()
      // the page's first entry: the machine goes back, and the entry is rewritten to its step
      popped.current = true
      handlers.current.onBack()
    },
  }
}
