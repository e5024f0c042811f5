import { useEffect, useRef } from 'react'

export const APP_NAME = 'Katılım Emeklilik'

let shellReady = false

/** The staff frame calls this once it is on screen: from then on a page that mounts came by navigation. */
export function useShellReady() {
  useEffect(() => { shellReady = true }, [])
}

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
    // a page's effects run before its frame's: on the first load the frame is not ready yet
    if (shellReady) heading.current?.focus({ preventScroll: false })
  }, [])
  return heading
}
