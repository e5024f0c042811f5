import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import type { resourceEditorMachine, FieldErrors, Values } from '../../../../../machines/resource-editor/resource-editor.machine.ts'
import { reasonText } from '../../../i18n/reasons.ts'
import staff from '../../staff/StaffLayout.module.css'
import { companyFieldText } from './messages.ts'
import styles from './Company.module.css'

export type EditorActor = ActorRefFrom<typeof resourceEditorMachine>

/** What a form's fields need: the draft, the error text per field, a setter, and whether it is read-only. */
export type FieldKit = {
  draft: Values
  error: (field: string) => string | null
  set: (field: string, value: unknown) => void
  readOnly: boolean
  text: (field: string) => string
}

export function useFieldKit(editor: EditorActor, readOnly: boolean): FieldKit {
  const { i18n } = useLingui()
  const draft = useSelector(editor, (s) => s.context.draft)
  const errors: FieldErrors = useSelector(editor, (s) => s.context.errors)
  return {
    draft,
    readOnly,
    error: (field) => companyFieldText(errors[field], i18n),
    set: (field, value) => editor.send({ type: 'field.change', field, value }),
    text: (field) => (typeof draft[field] === 'string' ? (draft[field] as string) : ''),
  }
}

/** The form around a resource-editor actor: loading, the fields, save / undo, saved, conflict with reload, failure. */
export function CompanyEditor({ editor, readOnly, children, saveLabel, extra }: {
  editor: EditorActor
  readOnly: boolean
  children: ReactNode
  saveLabel?: ReactNode
  extra?: ReactNode
}) {
  const { i18n } = useLingui()
  const mode = useSelector(editor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('conflict') ? 'conflict' : s.matches('failed') ? 'failed' : s.matches('saved') ? 'saved' : 'editing')
  const busy = useSelector(editor, (s) => s.hasTag('busy'))
  const dirty = useSelector(editor, (s) => s.context.dirty)
  const error = useSelector(editor, (s) => s.context.error)
  if (mode === 'loading') return <p role="status" aria-live="polite"><Trans>Yükleniyor…</Trans></p>
  if (mode === 'loadFailed') {
    return (
      <div className={staff.notice} role="alert">
        <p>{reasonText(error, i18n)}</p>
        <button type="button" className={staff.secondaryButton} onClick={() => editor.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
      </div>
    )
  }
  return (
    <form className={styles.form} noValidate aria-busy={busy} onSubmit={(e) => { e.preventDefault(); if (!readOnly) editor.send({ type: 'form.submit' }) }}>
      {children}
      {mode === 'conflict' && (
        <div className={`${staff.notice} ${styles.wide}`} role="alert">
          <p><Trans>Bu kayıt siz düzenlerken başka biri tarafından değiştirildi. Değişiklikleriniz kaydedilmedi; güncel hâlini yükleyip yeniden düzenleyin.</Trans></p>
          <button type="button" className={staff.secondaryButton} onClick={() => editor.send({ type: 'reload' })}><Trans>Güncel hâlini yükle</Trans></button>
        </div>
      )}
      {mode === 'failed' && <div className={`${staff.notice} ${styles.wide}`} role="alert"><p>{reasonText(error, i18n)}</p></div>}
      {!readOnly && (
        <div className={styles.actions}>
          <button type="submit" className={staff.button} disabled={busy || mode === 'conflict'}>{saveLabel ?? <Trans>Kaydet</Trans>}</button>
          <button type="button" className={staff.secondaryButton} disabled={busy || !dirty || mode !== 'editing'} onClick={() => editor.send({ type: 'form.reset' })}>
            <Trans>Değişiklikleri geri al</Trans>
          </button>
          {extra}
          <span role="status" aria-live="polite">{busy && mode !== 'editing' ? <Trans>Kaydediliyor…</Trans> : mode === 'saved' ? <Trans>Kaydedildi.</Trans> : null}</span>
        </div>
      )}
      {readOnly && <p className={`${styles.wide} ${staff.notice}`} role="note"><Trans>Bu sayfayı yalnızca görüntüleyebilirsiniz.</Trans></p>}
    </form>
  )
}
