import { useEffect } from 'react'

const SITE_NAME = 'Katılım Emeklilik'

let serverTitle: string | null = null

/** The title the last server render asked for (scripts/prerender.ts writes it into the page's <title>); resets it. */
export function takeServerTitle(): string | null {
  const title = serverTitle
  serverTitle = null
  return title
}

/**
 * The page's own document title, "<title> | Katılım Emeklilik": pass a translated text (t`...`), so
 * it follows the active language. The previous title comes back when the page goes away, unless the
 * next page has set its own.
 */
export function useDocumentTitle(title: string) {
  // at build time (scripts/prerender.ts) there is no document: the page's title goes into its HTML
  if (typeof document === 'undefined') serverTitle = `${title} | ${SITE_NAME}`
  useEffect(() => {
    const previous = document.title
    const own = `${title} | ${SITE_NAME}`
    document.title = own
    // the next page may already have set its own title (it can mount before this one unmounts)
    return () => { if (document.title === own) document.title = previous }
  }, [title])
}
