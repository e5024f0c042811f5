import { useEffect, useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '../../../api/errors.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import type { EditorActor } from '../EditorForm.tsx'
import type { ListActor } from '../ResourceListView.tsx'
import staff from '../../staff/StaffLayout.module.css'
import styles from './Company.module.css'

/** After each save of the form, the list beside it loads again (a new or renamed row shows at once). */
export function useReloadOnSave(editor: EditorActor, list: ListActor) {
  useEffect(() => {
    let was = editor.getSnapshot().value
    const sub = editor.subscribe((s) => {
      if (s.value === 'saved' && was !== 'saved') list.send({ type: 'reload' })
      was = s.value
    })
    return () => sub.unsubscribe()
  }, [editor, list])
}

type Deleting<T> = { row: T; state: 'asking' | 'busy' } | { row: T; state: 'failed'; text: string } | null

/**
 * Deletion with confirmation: a modal dialog naming what goes; on "Sil" the delete call, then the
 * list reloads. A refusal (a stale version: someone changed it) is shown in the dialog.
 */
export function useConfirmDelete<T>(remove: (row: T) => Promise<unknown>, list: ListActor, onDeleted?: (row: T) => void) {
  const [deleting, setDeleting] = useState<Deleting<T>>(null)
  const { i18n } = useLingui()
  const ask = (row: T) => setDeleting({ row, state: 'asking' })
  const confirm = () => {
    if (!deleting) return
    const { row } = deleting
    setDeleting({ row, state: 'busy' })
    remove(row).then(
      () => { setDeleting(null); onDeleted?.(row); list.send({ type: 'reload' }) },
      (error: unknown) => setDeleting({ row, state: 'failed', text: errorText(error, i18n) }),
    )
  }
  return { deleting, ask, confirm, cancel: () => setDeleting(null) }
}

export function ConfirmDeleteDialog<T>({ control, what }: { control: ReturnType<typeof useConfirmDelete<T>>; what: (row: T) => string }) {
  const { deleting, confirm, cancel } = control
  const ref = useModalDialog(deleting !== null)
  const titleId = useId()
  const name = deleting ? what(deleting.row) : ''
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={styles.dialog} onCancel={(e) => { e.preventDefault(); cancel() }}>
      <h2 id={titleId}><Trans>Silinsin mi?</Trans></h2>
      <p><Trans>“{name}” kalıcı olarak silinecek.</Trans></p>
      {deleting?.state === 'failed' && <p className={staff.notice} role="alert">{deleting.text}</p>}
      <div className={styles.rowActions}>
        <button type="button" className={staff.secondaryButton} onClick={cancel}><Trans>Vazgeç</Trans></button>
        <button type="button" className={staff.button} disabled={deleting?.state === 'busy'} onClick={confirm}><Trans>Sil</Trans></button>
      </div>
    </dialog>
  )
}
