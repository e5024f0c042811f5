import type { ReactNode } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { useCan } from './useCan.ts'
import styles from './StaffLayout.module.css'

/**
 * One staff page: its heading and document title in the active language (the frame moves the focus
 * to the heading after navigation), and the permission it needs (without it, a "not allowed" state, never the
 * content; the server refuses the calls anyway).
 */
export function StaffPage({ title, permission, children, actions }: {
  title: MessageDescriptor
  permission?: string | readonly string[]
  children: ReactNode
  actions?: ReactNode
}) {
  const { i18n } = useLingui()
  const can = useCan()
  const text = i18n._(title)
  useDocumentTitle(text)
  const allowed = permission === undefined || can(permission)
  return (
    <section aria-labelledby="page-title" className={styles.page}>
      <div className={styles.pageHead}>
        <h1 id="page-title" tabIndex={-1}>{text}</h1>
        {allowed && actions}
      </div>
      {allowed ? children : (
        <p className={styles.notice} role="status"><Trans>Bu sayfayı görüntüleme yetkiniz yok.</Trans></p>
      )}
    </section>
  )
}

/** An honest state for a page whose content another part of this release builds. */
export function ComingSoon() {
  return (
    <div className={styles.card} role="status">
      <p><Trans>Bu sayfa bu sürümde geliyor: menüsü, adresi ve yetkisi hazır, içeriği henüz yok.</Trans></p>
    </div>
  )
}
