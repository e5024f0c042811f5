import { useEffect, type RefObject } from 'react'

/**
 * Moves the focus to the page heading (the first `h1` in `container`, made focusable with
 * tabIndex -1) whenever `key` changes (the path): after a navigation or an unlock, keyboard and
 * screen-reader users start at the new page instead of on `<body>`. A heading that renders later
 * (a lazy page) is focused when it appears.
 */
export function useHeadingFocus(container: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const root = container.current
    if (!root) return
    const focus = () => {
      const heading = root.querySelector('h1')
      if (!heading) return false
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
      heading.focus()
      return true
    }
    if (focus()) return
    const observer = new MutationObserver(() => { if (focus()) observer.disconnect() })
    observer.observe(root, { childList: true, subtree: true })
    const stop = setTimeout(() => observer.disconnect(), 5000)
    return () => { observer.disconnect(); clearTimeout(stop) }
  }, [container, key])
}
