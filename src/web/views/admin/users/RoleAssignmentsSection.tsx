import { useId, useMemo, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import fieldStyles from '../../../components/Field.module.css'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'
import { assignmentsOf, endAssignmentsFlow, roleAssignmentsFlow, roleChoicesFlow, type AssignmentDraft } from '../../../flows/role-assignments.ts'
import type { UserDetail } from '../../../flows/users.ts'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { useConfirm, useLoaded, useLoader } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'
import { EditorForm, useEditor, useEditorField, type EditorActor } from '../EditorForm.tsx'
import type { Values } from '../../../../../machines/resource-editor/resource-editor.machine.ts'

/** The error code of one draft key (a row's `roles.N.validTo`, the list's `roles`). */
function useEditorError(editor: EditorActor, key: string): string | null {
  return useSelector(editor, (s) => s.context.errors[key] ?? null)
}

/** One assignment: role, group, main and default marks (radios), valid-until (date), end. */
function AssignmentRow({ editor, row, index, readOnly, onChange, onEnd }: {
  editor: EditorActor
  row: AssignmentDraft
  index: number
  readOnly: boolean
  onChange: (next: AssignmentDraft) => void
  onEnd: () => void
}) {
  const { t, i18n } = useLingui()
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium' })
  const id = useId()
  const dateError = useEditorError(editor, `roles.${index}.validTo`)
  const roleError = useEditorError(editor, `roles.${index}.roleId`)
  const error = fieldErrorText(dateError ?? roleError, i18n)
  const expired = row.validUntil !== null && Date.parse(row.validUntil) <= Date.now()
  const fixed = row.isMain || row.isDefault
  return (
    <tr data-role={row.name}>
      <th scope="row">{row.name}</th>
      <td>{row.groupName ?? '—'}</td>
      <td>
        <input type="radio" name="selectedMain" value={row.roleId} checked={row.isMain} aria-label={t`${row.name}: ana rol`}
          onChange={() => onChange({ ...row, isMain: true, validTo: '' })} />
      </td>
      <td>
        <input type="radio" name="defaultrole" value={row.roleId} checked={row.isDefault} aria-label={t`${row.name}: varsayılan rol`}
          onChange={() => onChange({ ...row, isDefault: true, validTo: '' })} />
      </td>
      <td>
        {row.validUntil ? <span>{date(row.validUntil)}</span> : <span>{fixed ? t`Süresiz` : '—'}</span>}
        {expired && <> <span className={styles.no}><Trans>(süresi doldu: yetki vermez)</Trans></span></>}
        {!readOnly && !fixed && (
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-date`} className="visually-hidden"><Trans>{row.name} geçerlilik sonu</Trans></label>
            <input id={`${id}-date`} type="date" name="selectedValid" className={fieldStyles.input} value={row.validTo}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => onChange({ ...row, validTo: e.currentTarget.value })} />
          </div>
        )}
        {error && <div id={`${id}-error`} className={fieldStyles.error} role="alert">{error}</div>}
      </td>
      <td>
        {!readOnly && !fixed && (
          <button type="button" className={styles.secondaryButton} aria-label={t`Atamayı bitir: ${row.name}`} onClick={onEnd}><Trans>Atamayı bitir</Trans></button>
        )}
      </td>
    </tr>
  )
}

/**
 * A user's role assignments on the editor statechart (issue 14): the list with role, group, main
 * and default marks and valid-until (locale date); add a role (picker with an optional valid-to,
 * required for another group's role, spec 5), change a date, end an assignment, mark the main and
 * the default role. Save sends the whole list; ended assignments are confirmed first.
 */
export function RoleAssignmentsSection({ user, readOnly, onSaved }: { user: UserDetail; readOnly: boolean; onSaved?: (user: UserDetail) => void }) {
  const { t, i18n } = useLingui()
  // the page's user is the first load; a later reload (after a conflict) reads it again
  const flow = useMemo(() => roleAssignmentsFlow(onSaved, user), [onSaved])
  const editor = useEditor(flow, user.id)
  const field = useEditorField(editor, 'roles')
  const rows = assignmentsOf({ roles: field.value } as Values)
  const listError = fieldErrorText(useEditorError(editor, 'roles'), i18n)
  const choices = useLoaded(useLoader(roleChoicesFlow)) ?? []
  // the picker's choice and date are the form's values until "Listeye ekle"
  const [pick, setPick] = useState('')
  const [pickDate, setPickDate] = useState('')
  // ending assignments is confirmed first (the confirm-action statechart), then the editor saves
  const confirmFlow = useMemo(() => endAssignmentsFlow(editor), [editor])
  const confirm = useConfirm(confirmFlow)
  const ended = useSelector(confirm, (s) => (s.hasTag('asking') ? (s.context.preview as string[]) : null))
  const dialog = useModalDialog(ended !== null)
  const id = useId()
  const offered = choices.filter((c) => !rows.some((r) => r.roleId === c.id))

  const set = (next: AssignmentDraft[]) => field.change(next)
  const change = (index: number, next: AssignmentDraft) => set(rows.map((r, i) => {
    if (i === index) return next
    return { ...r, isMain: next.isMain && !rows[index]!.isMain ? false : r.isMain, isDefault: next.isDefault && !rows[index]!.isDefault ? false : r.isDefault }
  }))
  const add = () => {
    const role = offered.find((c) => c.id === pick)
    if (!role) return
    set([...rows, { roleId: role.id, name: role.name, groupId: role.groupId, groupName: role.groupName, isMain: false, isDefault: false, validTo: pickDate, validUntil: null }])
    setPick('')
    setPickDate('')
  }
  return (
    <>
      <EditorForm editor={editor} readOnly={readOnly} label={t`Rol atamaları`} onSubmit={() => confirm.send({ type: 'request', subject: null })}>
        {user.groupName && <p><Trans>Grup: {user.groupName}</Trans></p>}
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden"><Trans>Rol atamaları</Trans></caption>
            <thead>
              <tr>
                <th scope="col"><Trans>Rol</Trans></th><th scope="col"><Trans>Grup</Trans></th><th scope="col"><Trans>Ana rol</Trans></th>
                <th scope="col"><Trans>Varsayılan rol</Trans></th><th scope="col"><Trans>Geçerlilik sonu</Trans></th><th scope="col"><Trans>İşlem</Trans></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <AssignmentRow key={r.roleId} editor={editor} row={r} index={i} readOnly={readOnly}
                  onChange={(next) => change(i, next)} onEnd={() => set(rows.filter((_, j) => j !== i))} />
              ))}
            </tbody>
          </table>
        </div>
        {listError && <p className={fieldStyles.error} role="alert">{listError}</p>}
        {!readOnly && (
          <fieldset className={styles.card}>
            <legend><Trans>Rol ekle</Trans></legend>
            <div className={styles.grid}>
              <div className={fieldStyles.field}>
                <label htmlFor={`${id}-role`} className={fieldStyles.label}><Trans>Rol</Trans></label>
                <select id={`${id}-role`} name="selectedRoles" className={fieldStyles.input} value={pick} onChange={(e) => setPick(e.currentTarget.value)}>
                  <option value="">{t`Seçiniz`}</option>
                  {offered.map((c) => <option key={c.id} value={c.id}>{c.groupName ? `${c.name} (${c.groupName})` : c.name}</option>)}
                </select>
              </div>
              <div className={fieldStyles.field}>
                <label htmlFor={`${id}-date`} className={fieldStyles.label}><Trans>Geçerlilik sonu</Trans></label>
                <input id={`${id}-date`} type="date" name="validTo" className={fieldStyles.input} value={pickDate} aria-describedby={`${id}-hint`}
                  onChange={(e) => setPickDate(e.currentTarget.value)} />
                <div id={`${id}-hint`} className={fieldStyles.hint}><Trans>Başka bir grubun rolü için zorunludur; boş bırakılırsa atama süresizdir.</Trans></div>
              </div>
            </div>
            <button type="button" className={styles.secondaryButton} disabled={pick === ''} onClick={add}><Trans>Listeye ekle</Trans></button>
          </fieldset>
        )}
      </EditorForm>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className={styles.card} onCancel={(e) => { e.preventDefault(); confirm.send({ type: 'cancel' }) }}>
        <h2 id={`${id}-title`}><Trans>Atamalar bitirilsin mi?</Trans></h2>
        <p><Trans>Şu rol atamaları bitecek ve sahibinin bir sonraki isteğinde yetki vermeyecek: {ended?.join(', ') ?? ''}</Trans></p>
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} onClick={() => confirm.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
          <button type="button" className={styles.button} onClick={() => confirm.send({ type: 'confirm' })}><Trans>Atamaları bitir ve kaydet</Trans></button>
        </div>
      </dialog>
    </>
  )
}
