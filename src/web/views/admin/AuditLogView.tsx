import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { AUDIT_FILTERS, auditListFlow, type AuditEntry } from '../../flows/audit.ts'
import { StaffPage } from '../staff/StaffPage.tsx'
import styles from '../staff/StaffLayout.module.css'
import { AUDIT_PAGE } from './pages.ts'
import { ListSearch, ResourceTable, useUrlList, type Column, type ListActor } from './ResourceListView.tsx'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'

function Filters({ list }: { list: ListActor }) {
  const { t } = useLingui()
  const id = useId()
  const params = useSelector(list, (s) => s.context.params)
  const filter = (key: string, label: string, type = 'text') => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <input id={`${id}-${key}`} type={type} defaultValue={params.filters[key] ?? ''} key={params.filters[key] ?? ''}
        onChange={type === 'text' ? undefined : (e) => list.send({ type: 'filter.change', key, value: e.currentTarget.value })}
        onBlur={type === 'text' ? (e) => list.send({ type: 'filter.change', key, value: e.currentTarget.value.trim() }) : undefined}
        onKeyDown={type === 'text' ? (e) => { if (e.key === 'Enter') list.send({ type: 'filter.change', key, value: e.currentTarget.value.trim() }) } : undefined} />
    </label>
  )
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Filtreler`}>
      <ListSearch list={list} />
      {filter('actor', t`Kim`)}
      {filter('action', t`İşlem`)}
      {filter('target', t`Kaynak`)}
      {filter('from', t`Başlangıç`, 'date')}
      {filter('to', t`Bitiş`, 'date')}
    </div>
  )
}

/** The audit log (audit:read): the list statechart against GET /audit, state in the URL. */
export function AuditLogView() {
  const { t, i18n } = useLingui()
  const list = useUrlList(auditListFlow, AUDIT_FILTERS)
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'medium' })
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t`Zaman`, sortable: true, cell: (r) => when(r.at) },
    { key: 'actor', label: t`Kim`, sortable: true, cell: (r) => r.actor ?? '—' },
    { key: 'action', label: t`İşlem`, sortable: true, cell: (r) => r.action },
    { key: 'target', label: t`Kaynak`, cell: (r) => r.target ?? '—' },
    { key: 'ip', label: t`IP`, cell: (r) => r.ip ?? '—' },
    { key: 'detail', label: t`Ayrıntı`, cell: (r) => (r.detail && Object.keys(r.detail).length ? <code>{JSON.stringify(r.detail)}</code> : '—') },
  ]
  return (
    <StaffPage title={AUDIT_PAGE.title} permission={AUDIT_PAGE.permission}>
      <Filters list={list} />
      <ResourceTable list={list} columns={columns} caption={t`Denetim kaydı`} />
    </StaffPage>
  )
}
