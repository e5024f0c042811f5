import { Trans, useLingui } from '@lingui/react/macro'
import type { RefObject } from 'react'
import { useModalDialog } from '../useModalDialog.ts'
import styles from './PaymentForm.module.css'

/**
 * "3D Güvenli İşlem" (spec 2.3): the bank's page in a frame with a loading spinner. The user cannot
 * close it: no close button, Escape's cancel event is prevented, the backdrop does nothing.
 */
export function ThreeDDialog({ open, loading, frameName, frameRef, onFrameLoad }: {
  open: boolean; loading: boolean; frameName: string; frameRef: RefObject<HTMLIFrameElement | null>; onFrameLoad: () => void
}) {
  const { t } = useLingui()
  const ref = useModalDialog(open)
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="threed-title" data-testid="threed-dialog"
      onCancel={(e) => e.preventDefault()} onClose={(e) => { if (open) (e.currentTarget as HTMLDialogElement).showModal() }}>
      <h2 id="threed-title" className={styles.dialogTitle}><Trans>3D Güvenli İşlem</Trans></h2>
      <div className={styles.frameBox}>
        {open && (
          <iframe ref={frameRef} name={frameName} title={t`Bankanızın 3D doğrulama sayfası`} className={styles.frame}
            sandbox="allow-forms allow-scripts allow-same-origin" onLoad={onFrameLoad} />
        )}
        {loading && (
          <div className={styles.loading} role="status" aria-live="polite">
            <div className={styles.spinner} />
            <span className="visually-hidden"><Trans>Banka sayfası yükleniyor…</Trans></span>
          </div>
        )}
      </div>
    </dialog>
  )
}
