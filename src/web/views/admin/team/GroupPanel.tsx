import { useEffect, useId, useMemo, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Values, VersionedRecord } from '../../../../../machines/resource-editor/resource-editor.machine.ts'
import { canParent, GROUP_LEVELS, isGroupLevel, type GroupLevel } from '../../../../domain/groups.ts'
import { GroupBody } from '../../../../domain/schemas/admin.ts'
import { ApiError } from '../../../api/errors.ts'
import { editorFlow, schemaFieldErrors } from '../../../flows/editor.ts'
import { createGroup, fetchGroups, updateGroup, type GroupItem, type GroupValues } from '../../../flows/groups.ts'
import fieldStyles from '../../../components/Field.module.css'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { EditorForm, EditorSelectField, EditorTextField, useDraft, useEditor, useEditorField, type EditorActor } from '../EditorForm.tsx'
import staff from '../../staff/StaffLayout.module.css'
import styles from './Team.module.css'
import { useGroupTexts } from './texts.ts'

export const NEW_GROUP = 'new'

function valuesOf(g: Pick<GroupItem, 'name' | 'description' | 'level' | 'parentId'>): Values {
  return { name: g.name, description: g.description ?? '', level: g.level, parentId: g.parentId ?? '' }
}

function input(values: Values): GroupValues {
  const level = isGroupLevel(values.level) ? values.level : ''
  return { name: String(values.name ?? ''), description: String(values.description ?? ''), level, parentId: values.parentId ? String(values.parentId) : null }
}

/** The group form's flow: GET /group (the row) to load, POST /group or PUT /group/{id} to save, GroupBody's codes to check. */
function groupEditorFlow(parentId: string | null) {
  const record = (g: GroupItem): VersionedRecord => ({ id: g.id, version: g.version, values: valuesOf(g) })
  return editorFlow({
    load: async (id) => {
      if (id === NEW_GROUP) return { id, version: 0, values: { name: '', description: '', level: '', parentId: parentId ?? '' } }
      const g = (await fetchGroups()).find((x) => x.id === id)
      if (!g) throw new ApiError('http', 404, 'NOT_FOUND', null)
      return record(g)
    },
    save: async ({ id, version, values }) => record(id === NEW_GROUP ? await createGroup(input(values)) : await updateGroup(id, version, input(values))),
    check: (values) => {
      const v = input(values)
      return schemaFieldErrors(GroupBody, { name: v.name, description: v.description || undefined, level: v.level, parentId: v.parentId })
    },
  })
}

/** The parent choice: the company root or a group of a higher level than the draft's (spec 9). */
function ParentField({ editor, groups, disabled }: { editor: EditorActor; groups: readonly GroupItem[]; disabled: boolean }) {
  const { t, i18n } = useLingui()
  const texts = useGroupTexts()
  const field = useEditorField(editor, 'parentId')
  const level = useDraft(editor).level
  const error = fieldErrorText(field.error, i18n)
  const options = groups.filter((g) => !isGroupLevel(level) || canParent(g.level, level))
  return (
    <div className={fieldStyles.field}>
      <label htmlFor="group-parentId" className={fieldStyles.label}><Trans>Üst grup</Trans></label>
      <select id="group-parentId" name="parentId" className={fieldStyles.input} disabled={disabled} aria-invalid={error ? true : undefined}
        aria-describedby={disabled ? 'group-parentId-hint' : undefined}
        value={String(field.value ?? '')} onChange={(e) => field.change(e.currentTarget.value)}>
        <option value="">{t`Şirket (en üst)`}</option>
        {options.map((g) => <option key={g.id} value={g.id}>{g.name} ({texts.level(g.level)})</option>)}
      </select>
      {disabled && <div id="group-parentId-hint" className={fieldStyles.hint}><Trans>Üst grubu değiştirmek için grubu şemada sürükleyin.</Trans></div>}
      {error && <div className={fieldStyles.error} role="alert">{error}</div>}
    </div>
  )
}

/**
 * The create / update form of one group (spec 3.1 Group; spec 5 "Group name and group type must be
 * defined") on the shared editor statechart. A new group takes the selected group as its parent.
 */
export function GroupPanel({ id, parentId, groups, canWrite, canDelete, onSaved, onDelete, onClose }: {
  id: string
  parentId: string | null
  groups: readonly GroupItem[]
  canWrite: boolean
  canDelete: boolean
  onSaved: (id: string) => void
  /** Asks for the deletion (the org-builder machine confirms it, deletes, and says why when refused). */
  onDelete: () => void
  /** "Kapat": the form goes (through the form's leave guard when it holds unsaved changes). */
  onClose: () => void
}) {
  const { t } = useLingui()
  const texts = useGroupTexts()
  const flow = useMemo(() => groupEditorFlow(parentId), [parentId])
  const editor = useEditor(flow, id)
  const saved = useSelector(editor, (s) => (s.matches('saved') ? s.context.record : null))
  // closing goes through the editor's leave guard: with unsaved changes it asks first
  const left = useSelector(editor, (s) => s.status === 'done')
  useEffect(() => { if (left) onClose() }, [left, onClose])
  const asking = useSelector(editor, (s) => s.matches('confirmingLeave'))
  const dialog = useModalDialog(asking)
  const leaveId = useId()
  const reported = useRef<VersionedRecord | null>(null)
  useEffect(() => {
    if (saved && reported.current !== saved) { reported.current = saved; onSaved(saved.id) }
  }, [saved, onSaved])
  const levels = GROUP_LEVELS.map((l: GroupLevel) => ({ value: l, label: texts.level(l) }))
  const isNew = id === NEW_GROUP
  return (
    <div className={styles.panel}>
      <h2>{isNew ? <Trans>Yeni grup</Trans> : <Trans>Grubu düzenle</Trans>}</h2>
      <EditorForm editor={editor} label={isNew ? t`Yeni grup` : t`Grubu düzenle`} readOnly={!canWrite}
        extraActions={(
          <>
            {!isNew && canDelete && <button type="button" className={styles.danger} onClick={onDelete}><Trans>Grubu sil</Trans></button>}
            <button type="button" className={staff.secondaryButton} onClick={() => editor.send({ type: 'leave.request' })}><Trans>Kapat</Trans></button>
          </>
        )}>
        <EditorTextField editor={editor} name="name" label={<Trans>Grup adı</Trans>} maxLength={80} required />
        <EditorTextField editor={editor} name="description" label={<Trans>Açıklama</Trans>} maxLength={500} />
        <EditorSelectField editor={editor} name="level" label={<Trans>Grup tipi</Trans>} options={levels} required />
        <ParentField editor={editor} groups={groups.filter((g) => g.id !== id)} disabled={!isNew} />
      </EditorForm>
      <dialog ref={dialog} aria-labelledby={leaveId} className={staff.card} onCancel={(e) => { e.preventDefault(); editor.send({ type: 'leave.cancel' }) }}>
        <h2 id={leaveId}><Trans>Kaydedilmemiş değişiklikler var</Trans></h2>
        <p><Trans>Formu kapatırsanız değişiklikleriniz kaybolur.</Trans></p>
        <div className={staff.pager}>
          <button type="button" className={staff.secondaryButton} onClick={() => editor.send({ type: 'leave.cancel' })}><Trans>Formda kal</Trans></button>
          <button type="button" className={staff.button} onClick={() => editor.send({ type: 'leave.confirm' })}><Trans>Değişiklikleri at ve kapat</Trans></button>
        </div>
      </dialog>
    </div>
  )
}
