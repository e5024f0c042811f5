import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Issue } from '../../../../../machines/confirm-action/confirm-action.machine.ts'
import { ROLE_FILTERS, deleteRoleFlow, gdprLevelsFlow, roleGroupsFlow, roleListFlow, type Role } from '../../../flows/roles.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoaded, useLoader } from '../../staff/useFlow.ts'
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
  // a failed option list leaves its filter empty (the list itself still works)
  const levels = useLoaded(useLoader(gdprLevelsFlow, { locale: i18n.locale })) ?? []
  const groups = useLoaded(useLoader(roleGroupsFlow, { allowed: can('group:read') })) ?? []
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

/** Why the server refused a role's deletion, in the active language (null: the reason's shared text). */
function useRoleRefusal() {
  const { t } = useLingui()
  return (reason: string, issues: Issue[]): string | null => {
    if (reason === 'SYSTEM_ROLE_FIXED') return t`SYSTEM sahipli bir rol silinemez.`
    if (reason === 'ROLE_IN_USE') {
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
  const remover = useConfirmDelete<Role>(deleteRoleFlow, list)
  const explain = useRoleRefusal()
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
      cell: (r: Role) => <button type="button" className={styles.secondaryButton} onClick={() => remover.send({ type: 'request', subject: r })} aria-label={t`${r.rolename} rolünü sil`}><Trans>Sil</Trans></button>,
    }] : []),
  ]
  return (
    <StaffPage title={ROLES_PAGE.title} permission={ROLES_PAGE.permission}
      actions={can('role:create') ? <Link to="/navbar/settings/roles/$roleId" params={{ roleId: 'new' }} className={styles.button}><Trans>Yeni rol tanımla</Trans></Link> : null}>
      <Filters list={list} options={options} />
      <ResourceTable list={list} columns={columns} caption={t`Roller`} />
      <ConfirmDeleteDialog control={remover} what={(r) => r.rolename} explain={explain} />
    </StaffPage>
  )
}
