import { useEffect } from 'react'

const SITE_NAME = 'Katılım Emeklilik'

/**
 * The page's own document title, "<title> | Katılım Emeklilik": pass a translated text (t`...`), so
 * it follows the active language. The previous title comes back when the page goes away, unless the
 * next page has set its own.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    const own = `${title} | ${SITE_NAME}`
    document.title = own
    // the next page may already have set its own title (it can mount before this one unmounts)
    return () => { if (document.title === own) document.title = previous }
  }, [title])
}
