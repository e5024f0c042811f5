import { useEffect } from 'react'

const SITE_NAME = 'Katılım Emeklilik'

/**
 * The page's own document title, "<title> | Katılım Emeklilik": pass a translated text (t`...`), so
 * it follows the active language. The previous title comes back when the page goes away.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    document.title = `${title} | ${SITE_NAME}`
    return () => { document.title = previous }
  }, [title])
}
