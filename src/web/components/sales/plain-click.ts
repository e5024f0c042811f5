import type { MouseEvent } from 'react'

/**
 * A link's click handler that runs `then` instead of following the link on a plain primary click,
 * so a machine can take the step (e.g. the quick quote's `quote.buy`) and navigate when it ends; a
 * middle click or one with a modifier key keeps the browser's own behaviour (a new tab or window).
 */
export function plainClick(then: () => void) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    then()
  }
}
