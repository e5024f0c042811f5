import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { ComponentType, ReactNode } from 'react'
import { useDocumentTitle } from './useDocumentTitle.ts'

/**
 * A public page's view under its own document title (issue 23 goal 6): "<product> | Katılım
 * Emeklilik" in the active language, set by the route rather than by the view, because the same view
 * is embedded elsewhere (the quick quote is the purchase's first step).
 */
export function titled<P extends object = object>(title: MessageDescriptor, View: ComponentType<P>): (props: P) => ReactNode {
  function Titled(props: P): ReactNode {
    const { i18n } = useLingui()
    useDocumentTitle(i18n._(title))
    return <View {...props} />
  }
  Titled.displayName = `Titled(${View.displayName ?? View.name})`
  return Titled
}
