import { useEffect, useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { ApiError } from '../../../api/errors.ts'
import { ROLE_FILTERS, deleteRole, loadGdprLevels, loadGroups, roleListFlow, type GdprLevelOption, type GroupOption, type Role } from '../../../flows/roles.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import styles from '../../staff/StaffLayout.module.css'
import { ROLES_PAGE } from '../pages.ts'
import { ListSearch, ResourceTable, useUrlList, type Column, type ListActor } from '../ResourceListView.tsx'
import { ConfirmDeleteDialog, useConfirmDelete } from '../company/ListParts.tsx'
import { LEVEL_LABELS } from './texts.ts'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'

/** The gdprlevels lookup and, with group:read, the company's groups (for filters, columns and the editor). */
export function useRoleOptions() {
  const can = useCan()
  const { i18n } = useLingui()
  const mayReadGroups = can('group:read')
  const [levels, setLevels] = useState<GdprLevelOption[]>([])
  const [groups, setGroups] = useState<GroupOption[]>([])
  useEffect(() => {
    let live = true
    loadGdprLevels().then((l) => { if (live) setLevels(l) }, () => {})
    return () => { live = false }
  }, [i18n.locale])
  useEffect(() => {
    let live = true
    if (mayReadGroups) loadGroups().then((g) => { if (live) setGroups(g) }, () => {})
    return () => { live = false }
  }, [mayReadGroups])
  const levelName = (value: string) => levels.find((l) => l.value === value)?.name ?? (LEVEL_LABELS[value] ? i18n._(LEVEL_LABELS[value]) : value)
  return { levels, groups, levelName }
}

function Filters({ list, options }: { list: ListActor; options: ReturnType<typeof useRoleOptions> }) {
  const { t } = useLingui()
  const id = useId()
  const params = useSelector(list, (s) => s.context.params)
  const set = (key: string, value: string) => list.send({ type: 'filter.change', key, value })
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Filtreler`}>
      <ListSearch list={list} />
      <label htmlFor={`${id}-owner`}>
        {t`Sahibi`}
        <input id={`${id}-owner`} name="roleowner" defaultValue={params.filters.roleowner ?? ''} key={params.filters.roleowner ?? ''} list={`${id}-owners`}
          onBlur={(e) => set('roleowner', e.currentTarget.value.trim())}
          onKeyDown={(e) => { if (e.key === 'Enter') set('roleowner', e.currentTarget.value.trim()) }} />
        <datalist id={`${id}-owners`}><option value="SYSTEM" /></datalist>
      </label>
      <label htmlFor={`${id}-level`}>
        {t`Veri gizliliği seviyesi`}
        <select id={`${id}-level`} name="levelType" value={params.filters.levelType ?? ''} onChange={(e) => set('levelType', e.currentTarget.value)}>
          <option value="">{t`Tümü`}</option>
          {options.levels.map((l) => <option key={l.value} value={l.value}>{l.name}</option>)}
        </select>
      </label>
      <label htmlFor={`${id}-type`}>
        {t`Rol tipi`}
        <select id={`${id}-type`} name="roleType" value={params.filters.roleType ?? ''} onChange={(e) => set('roleType', e.currentTarget.value)}>
          <option value="">{t`Tümü`}</option>
          <option value="main">{t`Ana`}</option>
          <option value="default">{t`Varsayılan`}</option>
        </select>
      </label>
      {options.groups.length > 0 && (
        <label htmlFor={`${id}-group`}>
          {t`Grup`}
          <select id={`${id}-group`} name="rolegroupId" value={params.filters.rolegroupId ?? ''} onChange={(e) => set('rolegroupId', e.currentTarget.value)}>
            <option value="">{t`Tümü`}</option>
            {options.groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          </select>
        </label>
      )}
    </div>
  )
}

/** Why the server refused a role's deletion, in the active language (null: its own message). */
function useRoleRefusal() {
  const { t } = useLingui()
  return (error: unknown): string | null => {
    if (!(error instanceof ApiError)) return null
    if (error.code === 'SYSTEM_ROLE_FIXED') return t`SYSTEM sahipli bir rol silinemez.`
    if (error.code === 'ROLE_IN_USE') {
      const issues = Array.isArray(error.details.issues) ? (error.details.issues as { path: string; code: string }[]) : []
      const n = Number(issues.find((i) => i.path === 'holders')?.code ?? 0)
      return plural(n, { one: '# kullanıcı bu rolü taşıyor; silmeden önce rolü kullanıcılardan kaldırın.', other: '# kullanıcı bu rolü taşıyor; silmeden önce rolü kullanıcılardan kaldırın.' })
    }
    return null
  }
}

/** The Roles page (role:read): the list statechart against GET /role, its state in the URL; deletion with confirmation (role:delete). */
export function RolesListView() {
  const { t, i18n } = useLingui()
  const can = useCan()
  const list = useUrlList(roleListFlow, ROLE_FILTERS)
  const options = useRoleOptions()
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'short' })
  const remover = useConfirmDelete<Role>(deleteRole, list, undefined, useRoleRefusal())
  const columns: Column<Role>[] = [
    {
      key: 'rolename', label: t`Rol adı`, sortable: true,
      cell: (r) => <Link to="/navbar/settings/roles/$roleId" params={{ roleId: r.id }}>{r.rolename}</Link>,
    },
    { key: 'roleType', label: t`Rol tipi`, cell: (r) => (r.roleType === 'main' ? t`Ana` : t`Varsayılan`) },
    { key: 'owner', label: t`Sahibi`, cell: (r) => r.owner },
    { key: 'gdprLevel', label: t`Veri gizliliği seviyesi`, cell: (r) => options.levelName(r.gdprLevel) },
    { key: 'group', label: t`Grup`, cell: (r) => options.groups.find((g) => g.id === r.groupId)?.name ?? '—' },
    { key: 'holders', label: t`Kullanıcı sayısı`, cell: (r) => String(r.holders ?? 0) },
    { key: 'permissions', label: t`Yetki sayısı`, cell: (r) => String(r.permissions.reduce((n, p) => n + p.actions.length, 0)) },
    { key: 'updatedAt', label: t`Son değişiklik`, sortable: true, cell: (r) => when(r.updatedAt) },
    ...(can('role:delete') ? [{
      key: 'actions', label: t`İşlemler`,
      cell: (r: Role) => <button type="button" className={styles.secondaryButton} onClick={() => remover.ask(r)} aria-label={t`${r.rolename} rolünü sil`}><Trans>Sil</Trans></button>,
    }] : []),
  ]
  return (
    <StaffPage title={ROLES_PAGE.title} permission={ROLES_PAGE.permission}
      actions={can('role:create') ? <Link to="/navbar/settings/roles/$roleId" params={{ roleId: 'new' }} className={styles.button}><Trans>Yeni rol tanımla</Trans></Link> : null}>
      <Filters list={list} options={options} />
      <ResourceTable list={list} columns={columns} caption={t`Roller`} />
      <ConfirmDeleteDialog control={remover} what={(r) => r.rolename} />
    </StaffPage>
  )
}
