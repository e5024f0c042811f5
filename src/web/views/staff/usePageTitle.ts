import { useEffect, useRef } from 'react'

export const APP_NAME = 'Katılım Emeklilik'

let firstView = true

/**
 * The page's document title ("{title} · Katılım Emeklilik", in the active language) and, after a
 * navigation inside the app (not on the first page load), focus on the page heading so that a
 * screen reader announces the new page. Returns the ref for the heading.
 */
export function usePageTitle(title: string) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])
  useEffect(() => {
    if (!firstView) heading.current?.focus({ preventScroll: false })
    firstView = false
  }, [])
  return heading
}
