import { useEffect, useId, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { isDataPrivacyLevel, type DataPrivacyLevel } from '../../../../domain/data-privacy.ts'
import { splitByLevel } from '../../../../domain/role-matrix.ts'
import { FIXED_BUNDLE_ROLE, SYSTEM_ROLE_FIXED_FIELDS } from '../../../../domain/schemas/admin.ts'
import { NEW_ROLE, roleEditorFlow, type RoleValues } from '../../../flows/roles.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import styles from './roles.module.css'
import fieldStyles from '../../../components/Field.module.css'
import { EditorCheckbox, EditorForm, EditorSelectField, EditorTextField, useDraft, useEditor, useEditorField, type EditorActor } from '../EditorForm.tsx'
import { PermissionMatrix } from './PermissionMatrix.tsx'
import { useRoleOptions } from './RolesListView.tsx'
import { previewSentences, tagLabel, ACTION_LABELS } from './texts.ts'

const NEW_TITLE = msg`Yeni rol tanımla`
const EDIT_TITLE = msg`Rolü güncelle`

/** The permissions field: the matrix, the server's refusals of it, and what a level change dropped. */
function PermissionsField({ editor, level, readOnly, readOnlyReason, dropped }: {
  editor: EditorActor
  level: DataPrivacyLevel
  readOnly: boolean
  readOnlyReason?: string
  dropped: string[]
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const field = useEditorField(editor, 'permissions')
  const held = Array.isArray(field.value) ? (field.value as string[]) : []
  const name = (p: string) => {
    const [tag = '', action = ''] = p.split(':')
    return `${tagLabel(tag, i18n)}: ${ACTION_LABELS[action] ? i18n._(ACTION_LABELS[action]) : action}`
  }
  const droppedNames = dropped.map(name).join(', ')
  const refused = field.error && field.error.includes(':') ? name(field.error) : null
  const preview = previewSentences(held, i18n)
  return (
    <div className={styles.form}>
      <h2 id={`${id}-title`}><Trans>Yetkiler</Trans></h2>
      <PermissionMatrix value={held} level={level} onChange={field.change} readOnly={readOnly} readOnlyReason={readOnlyReason} labelledBy={`${id}-title`} />
      {refused && <p className={styles.error} role="alert">{t`Bu rolün veri gizliliği seviyesinde verilemeyen yetki: ${refused}`}</p>}
      <p role="status" aria-live="polite" className={styles.fixed}>
        {dropped.length > 0 ? t`Yeni veri gizliliği seviyesinde verilemeyen yetkiler kaldırıldı: ${droppedNames}` : ''}
      </p>
      <section className={styles.preview} aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`}><Trans>Bu role sahip biri neler yapabilir?</Trans></h3>
        {preview.length === 0 ? <p><Trans>Hiçbir şey: bu rol henüz yetki içermiyor.</Trans></p>
          : <ul data-testid="role-preview">{preview.map((line) => <li key={line}>{line}</li>)}</ul>}
      </section>
    </div>
  )
}

function RoleFields({ editor, isNew, mayWrite }: { editor: EditorActor; isNew: boolean; mayWrite: boolean }) {
  const { t } = useLingui()
  const can = useCan()
  const options = useRoleOptions()
  const draft = useDraft(editor) as Partial<RoleValues>
  const recordValues = useSelector(editor, (s) => s.context.record?.values) as Partial<RoleValues> | undefined
  const [dropped, setDropped] = useState<string[]>([])
  const system = !isNew && recordValues?.owner === 'SYSTEM'
  const fixedBundle = system && recordValues?.rolename === FIXED_BUNDLE_ROLE
  const fixed = (field: (typeof SYSTEM_ROLE_FIXED_FIELDS)[number]) => system && SYSTEM_ROLE_FIXED_FIELDS.includes(field)
  const fixedHint = t`SYSTEM sahipli rolde değiştirilemez.`
  const level: DataPrivacyLevel = isDataPrivacyLevel(draft.gdprLevel) ? draft.gdprLevel : 'PUBLIC'
  const pickLevel = (value: string) => {
    if (!isDataPrivacyLevel(value)) return
    const { kept, dropped: gone } = splitByLevel(draft.permissions ?? [], value)
    setDropped(gone)
    if (gone.length) editor.send({ type: 'field.change', field: 'permissions', value: kept })
  }
  const groupOptions = options.groups.map((g) => ({ value: g.id, label: g.name }))
  // a role's group may be one this user cannot list: still show it
  if (draft.groupId && !groupOptions.some((o) => o.value === draft.groupId)) groupOptions.push({ value: draft.groupId, label: draft.groupId })
  return (
    <div className={styles.form}>
      {system && (
        <p className={styles.fixed} role="note">
          {fixedBundle
            ? <Trans>Bu rol SYSTEM'e ait: adı, tipi, ana rol işareti, veri gizliliği seviyesi ve yetkileri (her zaman tüm yetkiler) değiştirilemez; grubu ve ekip büyüklüğü değiştirilebilir.</Trans>
            : <Trans>Bu rol SYSTEM'e ait: adı, tipi, ana rol işareti ve veri gizliliği seviyesi değiştirilemez; grubu, ekip büyüklüğü ve yetkileri değiştirilebilir.</Trans>}
        </p>
      )}
      <div className={styles.fields}>
        <EditorTextField editor={editor} name="rolename" label={t`Rol adı`} autoComplete="off" maxLength={64} readOnly={fixed('rolename')}
          hint={fixed('rolename') ? fixedHint : t`ROLE_ ile başlar; büyük harf, rakam ve alt çizgi (örnek: ROLE_SATIS).`} />
        <EditorSelectField editor={editor} name="roleType" label={t`Rol tipi`} required disabled={fixed('roleType')} hint={fixed('roleType') ? fixedHint : undefined}
          options={[{ value: 'main', label: t`Ana` }, { value: 'default', label: t`Varsayılan` }]} />
        <EditorSelectField editor={editor} name="gdprLevel" label={t`Veri gizliliği seviyesi`} required disabled={fixed('gdprLevel')} onPick={pickLevel}
          hint={fixed('gdprLevel') ? fixedHint : t`Rol sahiplerinin işleyebileceği en hassas veri; üstündeki yetkiler verilemez.`}
          options={options.levels.length ? options.levels.map((l) => ({ value: l.value, label: l.name })) : [{ value: level, label: options.levelName(level) }]} />
        <EditorSelectField editor={editor} name="groupId" label={t`Grup`} options={groupOptions}
          hint={can('group:read') ? undefined : t`Grupları listeleme yetkiniz yok.`} />
        <EditorTextField editor={editor} name="teamSize" label={t`Ekip büyüklüğü`} type="number" min={0} max={100000} step={1} inputMode="numeric" />
        <div className={fieldStyles.field}>
          <span className={fieldStyles.label}><Trans>Sahibi</Trans></span>
          <span data-testid="role-owner">{isNew ? t`Siz (kaydedince)` : (recordValues?.owner ?? '')}</span>
        </div>
        <EditorCheckbox editor={editor} name="isMainRole" label={t`Ana rol`} disabled={fixed('isMainRole')} hint={fixed('isMainRole') ? fixedHint : undefined} />
      </div>
      <PermissionsField editor={editor} level={level} dropped={dropped} readOnly={fixedBundle || !mayWrite}
        readOnlyReason={fixedBundle ? t`ROLE_SUPERADMIN her zaman tüm yetkilere sahiptir; yetkileri değiştirilemez.` : undefined} />
    </div>
  )
}

/** Define-new-role (`roleId` = 'new') and update-role forms on the editor statechart. */
export function RoleEditorView({ roleId }: { roleId: string }) {
  const { t } = useLingui()
  const can = useCan()
  const navigate = useNavigate()
  const isNew = roleId === NEW_ROLE
  const editor = useEditor(roleEditorFlow, roleId)
  const savedId = useSelector(editor, (s) => (s.matches('saved') ? s.context.record?.id ?? null : null))
  // a new role, once saved, is edited at its own address
  useEffect(() => {
    if (isNew && savedId && savedId !== NEW_ROLE) void navigate({ to: '/navbar/settings/roles/$roleId', params: { roleId: savedId }, replace: true })
  }, [isNew, savedId, navigate])
  const mayWrite = can(isNew ? 'role:create' : 'role:update')
  return (
    <StaffPage title={isNew ? NEW_TITLE : EDIT_TITLE} permission={isNew ? 'role:create' : 'role:read'}
      actions={<Link to="/navbar/settings/roles"><Trans>Rol listesine dön</Trans></Link>}>
      <EditorForm editor={editor} readOnly={!mayWrite} label={isNew ? t`Yeni rol` : t`Rol`}>
        <RoleFields editor={editor} isNew={isNew} mayWrite={mayWrite} />
      </EditorForm>
    </StaffPage>
  )
}
