import { useEffect, useRef, type RefObject } from 'react'

/**
 * Moves the focus to the page heading (the first `h1` in `container`, made focusable with
 * tabIndex -1) whenever `key` changes (the path): after a navigation or an unlock, keyboard and
 * screen-reader users start at the new page instead of on `<body>`. The previous page may still be
 * on screen while the next one loads: the new page's heading is focused when it appears, and the
 * same heading again if the page stays (a new path on the same page).
 */
export function useHeadingFocus(container: RefObject<HTMLElement | null>, key: string) {
  const last = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const root = container.current
    if (!root) return
    const focus = (anyHeading: boolean) => {
      const heading = root.querySelector('h1')
      if (!heading || (!anyHeading && heading === last.current)) return false
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
      heading.focus()
      last.current = heading
      return true
    }
    if (focus(false)) return
    const observer = new MutationObserver(() => { if (focus(false)) observer.disconnect() })
    observer.observe(root, { childList: true, subtree: true })
    const same = setTimeout(() => { if (!root.contains(document.activeElement)) focus(true) }, 300)
    const stop = setTimeout(() => observer.disconnect(), 5000)
    return () => { observer.disconnect(); clearTimeout(same); clearTimeout(stop) }
  }, [container, key])
}
