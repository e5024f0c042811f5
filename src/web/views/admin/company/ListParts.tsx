import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '../../../api/errors.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { EditorForm, useEditorField, type EditorActor } from '../EditorForm.tsx'
import type { ListActor } from '../ResourceListView.tsx'
import type { Load } from '../../staff/useLoad.ts'
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
 * list reloads. A refusal (a stale version: someone changed it) is shown in the dialog: the server's
 * message, or what `explain` says of the error (null: the server's message).
 */
export function useConfirmDelete<T>(remove: (row: T) => Promise<unknown>, list: ListActor, onDeleted?: (row: T) => void,
  explain?: (error: unknown) => string | null) {
  const [deleting, setDeleting] = useState<Deleting<T>>(null)
  const { i18n } = useLingui()
  const ask = (row: T) => setDeleting({ row, state: 'asking' })
  const confirm = () => {
    if (!deleting) return
    const { row } = deleting
    setDeleting({ row, state: 'busy' })
    remove(row).then(
      () => { setDeleting(null); onDeleted?.(row); list.send({ type: 'reload' }) },
      (error: unknown) => setDeleting({ row, state: 'failed', text: explain?.(error) ?? errorText(error, i18n) }),
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

/** Which record's form is open beside the list (`NEW` for a new one); each opening starts a fresh form. */
export function useFormPanel() {
  const [open, setOpen] = useState<{ id: string; round: number } | null>(null)
  return {
    id: open?.id ?? null,
    key: open ? `${open.id}-${open.round}` : '',
    show: (id: string) => setOpen((o) => ({ id, round: (o?.round ?? 0) + 1 })),
    close: () => setOpen(null),
    closeIf: (id: string) => setOpen((o) => (o?.id === id ? null : o)),
  }
}

/**
 * The form of one list row beside the list: titled "new" while its status is `create` and "edit" once
 * saved (spec 4), the status as a form value, a "Kapat" button, and the list reloaded after each save.
 */
export function FormPanel({ editor, list, readOnly, titles, onClose, children }: {
  editor: EditorActor
  list: ListActor
  readOnly: boolean
  titles: { create: string; edit: string }
  onClose: () => void
  children: ReactNode
}) {
  const id = useId()
  useReloadOnSave(editor, list)
  const status = useEditorField(editor, 'status').value === 'edit' ? 'edit' : 'create'
  const title = titles[status]
  // closing goes through the editor's leave guard: with unsaved changes it asks first
  const asking = useSelector(editor, (s) => s.matches('confirmingLeave'))
  const left = useSelector(editor, (s) => s.status === 'done')
  useEffect(() => { if (left) onClose() }, [left, onClose])
  const dialog = useModalDialog(asking)
  const close = () => (readOnly ? onClose() : editor.send({ type: 'leave.request' }))
  return (
    <section aria-labelledby={id} className={styles.wide}>
      <h2 id={id}>{title}</h2>
      <EditorForm editor={editor} readOnly={readOnly} label={title}
        extraActions={<button type="button" className={staff.secondaryButton} onClick={close}><Trans>Kapat</Trans></button>}>
        <input type="hidden" name="status" value={status} data-testid="form-status" />
        {children}
      </EditorForm>
      {readOnly && <button type="button" className={staff.secondaryButton} onClick={onClose}><Trans>Kapat</Trans></button>}
      <dialog ref={dialog} aria-labelledby={`${id}-leave`} className={styles.dialog} onCancel={(e) => { e.preventDefault(); editor.send({ type: 'leave.cancel' }) }}>
        <h2 id={`${id}-leave`}><Trans>Kaydedilmemiş değişiklikler var</Trans></h2>
        <p><Trans>Formu kapatırsanız değişiklikleriniz kaybolur.</Trans></p>
        <div className={styles.rowActions}>
          <button type="button" className={staff.secondaryButton} onClick={() => editor.send({ type: 'leave.cancel' })}><Trans>Formda kal</Trans></button>
          <button type="button" className={staff.button} onClick={() => editor.send({ type: 'leave.confirm' })}><Trans>Değişiklikleri at ve kapat</Trans></button>
        </div>
      </dialog>
    </section>
  )
}

/** The last answer of a load that reloads (e.g. option names after a language change): an open form keeps its options meanwhile. */
export function useLastReady<T>(load: Load<T>): T | null {
  const last = useRef<T | null>(null)
  if (load.state === 'ready') last.current = load.data
  return last.current
}
