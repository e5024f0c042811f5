import { useEffect, useId, type ReactNode } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Issue } from '../../../../../machines/confirm-action/confirm-action.machine.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import type { ConfirmFlow } from '../../../flows/confirm.ts'
import { formPanelFlow } from '../../../flows/panel.ts'
import { getInspect } from '../../../inspector.ts'
import { EditorForm, useEditorField, type EditorActor } from '../EditorForm.tsx'
import type { ListActor } from '../ResourceListView.tsx'
import { failureText, useConfirm, useNotice, useSubject, type Confirmer } from '../../staff/useFlow.ts'
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

/**
 * Deletion with confirmation on the confirm-action statechart (a flow of src/web/flows per list):
 * a modal dialog names what goes; "Sil" deletes, then the list loads again. A refusal (a stale
 * version: someone changed it; a role users hold) shows in the dialog, to try again or give up.
 */
export function useConfirmDelete<T>(flow: ConfirmFlow<T, unknown>, list: ListActor, onDeleted?: (row: T) => void): Confirmer<T, unknown> {
  const confirm = useConfirm(flow)
  useNotice(confirm, 'done', () => {
    onDeleted?.(confirm.getSnapshot().context.subject as T)
    list.send({ type: 'reload' })
  })
  return confirm
}

export function ConfirmDeleteDialog<T>({ control, what, explain }: {
  control: Confirmer<T, unknown>
  what: (row: T) => string
  /** Why the server refused, in the active language (null: the shared text of the reason). */
  explain?: (reason: string, issues: Issue[]) => string | null
}) {
  const { i18n } = useLingui()
  const open = useSelector(control, (s) => s.hasTag('asking') || s.matches('running') || s.matches('failed'))
  const busy = useSelector(control, (s) => s.hasTag('busy'))
  const refusal = useSelector(control, (s) => (s.matches('failed') ? { reason: s.context.error ?? 'UNEXPECTED', issues: s.context.issues } : null), (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const gone = useSelector(control, (s) => s.matches('done'))
  const unreadable = useSelector(control, (s) => (s.matches('prepareFailed') ? s.context.error : null))
  const subject = useSubject(control)
  // the row as read again before asking (its current name), else as the list showed it
  const current = useSelector(control, (s) => (s.context.preview ?? null) as T | null)
  const row = current ?? subject
  const ref = useModalDialog(open)
  const titleId = useId()
  const name = row ? what(row) : ''
  return (
    <>
      <div role="status" aria-live="polite">
        {gone && <p className={staff.yes}><Trans>“{name}” silindi.</Trans></p>}
        {unreadable && <p className={staff.no}>{failureText(unreadable, i18n)}</p>}
      </div>
      <dialog ref={ref} aria-labelledby={titleId} className={styles.dialog} onCancel={(e) => { e.preventDefault(); if (!busy) control.send({ type: 'cancel' }) }}>
        <h2 id={titleId}><Trans>Silinsin mi?</Trans></h2>
        <p><Trans>“{name}” kalıcı olarak silinecek.</Trans></p>
        {refusal && <p className={staff.notice} role="alert">{explain?.(refusal.reason, refusal.issues) ?? failureText(refusal.reason, i18n)}</p>}
        <div className={styles.rowActions}>
          <button type="button" className={staff.secondaryButton} disabled={busy} onClick={() => control.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
          <button type="button" className={staff.button} disabled={busy} onClick={() => control.send({ type: 'confirm' })}><Trans>Sil</Trans></button>
        </div>
      </dialog>
    </>
  )
}

/**
 * Which record's form is open beside the list, on the form-panel statechart: one record, a new one
 * (`NEW`), or none; each opening starts a fresh form (`key`).
 */
export function useFormPanel(NEW = 'new') {
  const panel = useActorRef(formPanelFlow, { inspect: getInspect() })
  const state = useSelector(panel, (s) => s.value as 'closed' | 'showing' | 'creating')
  const shown = useSelector(panel, (s) => s.context.id)
  const round = useSelector(panel, (s) => s.context.round)
  const id = state === 'creating' ? NEW : state === 'showing' ? shown : null
  return {
    actor: panel,
    id,
    key: id ? `${id}-${round}` : '',
    show: (recordId: string) => panel.send(recordId === NEW ? { type: 'create' } : { type: 'open', id: recordId }),
    close: () => panel.send({ type: 'close' }),
    closeIf: (recordId: string) => panel.send({ type: 'removed', id: recordId }),
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
