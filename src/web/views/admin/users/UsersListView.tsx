import { useEffect, useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ListParams } from '../../../../domain/list-params.ts'
import { sessionActor } from '../../../flows/session.ts'
import {
  bulkStatusFlow, choicesFlow, exportFlow, USER_FILTERS, usersListFlow, type BulkStatusSubject, type StatusOutcome, type UserRow, type UserStatus,
} from '../../../flows/users.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { failureText, useConfirm, useLoaded, useLoader, useNotice, useSubject } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'
import { USERS_PAGE } from '../pages.ts'
import { ResourceTable, useUrlList, type Column, type ListActor } from '../ResourceListView.tsx'
import { Avatar, StatusText, useStatusLabels } from './UserBits.tsx'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'
import { CsvExportButton } from '../CsvExportButton.tsx'

const NEW_USER_PATH = '/navbar/settings/users/new'

function Filters({ list }: { list: ListActor }) {
  const { t } = useLingui()
  const id = useId()
  const params = useSelector(list, (s) => s.context.params)
  const companyId = useSelector(sessionActor(), (s) => s.context.user?.companyId ?? '')
  const labels = useStatusLabels()
  const options = useLoaded(useLoader(choicesFlow, { companyId })) ?? { groups: [], roles: [] }
  const select = (key: string, label: string, items: readonly { value: string; label: string }[]) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <select id={`${id}-${key}`} name={key} value={params.filters[key] ?? ''} onChange={(e) => list.send({ type: 'filter.change', key, value: e.currentTarget.value })}>
        <option value="">{t`Tümü`}</option>
        {items.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </label>
  )
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Filtreler`}>
      <label htmlFor={`${id}-q`}>
        {t`Ara`}
        <input id={`${id}-q`} type="search" name="q" defaultValue={params.q} placeholder={t`Ad, kullanıcı adı, e-posta veya T.C. kimlik no`}
          onChange={(e) => list.send({ type: 'search.input', q: e.currentTarget.value })} />
      </label>
      {select('status', t`Durum`, (['active', 'suspended', 'removed'] as const).map((s) => ({ value: s, label: labels[s] })))}
      {select('group', t`Grup`, options.groups)}
      {select('role', t`Rol`, options.roles)}
    </div>
  )
}

/**
 * Bulk status change on the confirm-action statechart: the chosen status (the form's value), a
 * question naming the count, then the outcome per user; the selection is the checkboxes' values.
 * Exported for tests/web/plurals.test.tsx (the count in every language's plural forms).
 */
export function BulkStatus({ selected, onDone }: { selected: Map<string, string>; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const labels = useStatusLabels()
  const [status, setStatus] = useState<UserStatus>('suspended')
  const confirm = useConfirm(bulkStatusFlow)
  const asked = useSubject(confirm) as BulkStatusSubject | null
  const open = useSelector(confirm, (s) => s.hasTag('asking') || s.matches('running') || s.matches('failed'))
  const busy = useSelector(confirm, (s) => s.hasTag('busy'))
  const failure = useSelector(confirm, (s) => (s.matches('failed') ? s.context.error : null))
  const outcomes = useSelector(confirm, (s) => (s.matches('done') ? (s.context.result as { results: StatusOutcome[] }).results : null))
  const dialog = useModalDialog(open)
  useNotice(confirm, 'done', onDone)
  const count = selected.size
  const askedCount = asked?.ids.length ?? 0
  const askedLabel = asked ? labels[asked.status] : ''
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Toplu işlem`}>
      <span role="status">{count > 0 ? <Plural value={count} one="# kullanıcı seçildi" other="# kullanıcı seçildi" /> : <Trans>Toplu işlem için kullanıcı seçiniz</Trans>}</span>
      <label htmlFor={`${id}-status`}>
        <Trans>Yeni durum</Trans>
        <select id={`${id}-status`} name="bulkStatus" value={status} onChange={(e) => setStatus(e.currentTarget.value as UserStatus)}>
          {(['active', 'suspended', 'removed'] as const).map((s) => <option key={s} value={s}>{labels[s]}</option>)}
        </select>
      </label>
      <button type="button" className={styles.secondaryButton} disabled={count === 0 || busy}
        onClick={() => confirm.send({ type: 'request', subject: { ids: [...selected.keys()], names: Object.fromEntries(selected), status } })}>
        <Trans>Durumu değiştir</Trans>
      </button>
      {outcomes && asked && (
        <div role="status" aria-live="polite">
          <h2><Trans>Toplu durum değişikliğinin sonucu</Trans></h2>
          <ul>
            {outcomes.map((r) => (
              <li key={r.id} className={r.ok ? styles.yes : styles.no}>
                <strong>{asked.names[r.id] ?? r.id}</strong>: {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className={styles.card} onCancel={(e) => { e.preventDefault(); if (!busy) confirm.send({ type: 'cancel' }) }}>
        <h2 id={`${id}-title`}><Trans>Toplu durum değişikliği</Trans></h2>
        <p><Trans><Plural value={askedCount} one="# kullanıcının" other="# kullanıcının" /> durumu “{askedLabel}” olarak değiştirilsin mi?</Trans></p>
        {asked && asked.status !== 'active' && <p><Trans>Bu kullanıcıların açık oturumları hemen sonlanır.</Trans></p>}
        {asked?.status === 'removed' && <p><Trans>Sistemden kaldırma geri alınamaz.</Trans></p>}
        {failure && <p className={styles.notice} role="alert">{failureText(failure, i18n)}</p>}
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => confirm.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
          <button type="button" className={styles.button} disabled={busy} onClick={() => confirm.send({ type: 'confirm' })}><Trans>Onayla</Trans></button>
        </div>
      </dialog>
    </div>
  )
}

/**
 * The users of the company (user:read): the list statechart against GET /user (state in the URL),
 * search, filters, sort, selection for a bulk status change (userstatus:update), CSV export of the
 * filtered list, and the way to the create-user wizard (user:create).
 */
export function UsersListView() {
  const { t, i18n } = useLingui()
  const can = useCan()
  const list = useUrlList(usersListFlow, USER_FILTERS)
  const params = useSelector(list, (s) => s.context.params)
  const items = useSelector(list, (s) => s.context.items) as UserRow[]
  // the selection is the checkboxes' values (a new search, filter or sort starts a new one)
  const [selected, setSelected] = useState<Map<string, string>>(new Map())
  const bulk = can('userstatus:update')
  // a new search, filter or sort starts a new selection
  useEffect(() => { setSelected(new Map()) }, [params.q, JSON.stringify(params.filters)])
  const toggle = (row: UserRow, on: boolean) => setSelected((prev) => {
    const next = new Map(prev)
    if (on) next.set(row.id, row.username)
    else next.delete(row.id)
    return next
  })
  const pageSelected = items.length > 0 && items.every((r) => selected.has(r.id))
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short' })
  const columns: Column<UserRow>[] = [
    ...(bulk ? [{
      key: 'select',
      label: <input type="checkbox" aria-label={t`Bu sayfadaki tüm kullanıcıları seç`} checked={pageSelected}
        onChange={(e) => { const on = e.currentTarget.checked; for (const r of items) toggle(r, on) }} />,
      cell: (r: UserRow) => <input type="checkbox" aria-label={t`${r.username} kullanıcısını seç`} checked={selected.has(r.id)} onChange={(e) => toggle(r, e.currentTarget.checked)} />,
    }] : []),
    {
      key: 'lastName', label: t`Ad soyad`, sortable: true,
      cell: (r) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
          <Avatar photo={r.photo} name={`${r.firstName} ${r.lastName}`} size={32} />
          <Link to="/navbar/settings/users/$userId" params={{ userId: r.id }}>{r.firstName} {r.lastName}</Link>
        </span>
      ),
    },
    { key: 'username', label: t`Kullanıcı adı`, sortable: true, cell: (r) => r.username },
    { key: 'email', label: t`E-posta`, sortable: true, cell: (r) => r.email },
    { key: 'status', label: t`Durum`, sortable: true, cell: (r) => <StatusText status={r.status} locked={r.locked} /> },
    { key: 'group', label: t`Grup`, cell: (r) => r.groupName ?? '—' },
    { key: 'roles', label: t`Roller`, cell: (r) => r.roles.map((x) => x.name).join(', ') || '—' },
    { key: 'createdAt', label: t`Oluşturma`, sortable: true, cell: (r) => date(r.createdAt) },
  ]
  return (
    <StaffPage title={USERS_PAGE.title} permission={USERS_PAGE.permission} actions={(
      <div className={styles.pager}>
        {/* the create-user wizard's route (users.new.tsx) comes with its own branch */}
        {can('user:create') && <Link to={NEW_USER_PATH as never} className={styles.button}><Trans>Yeni kullanıcı</Trans></Link>}
        <CsvExportButton flow={exportFlow} params={params} />
      </div>
    )}>
      <Filters list={list} />
      {bulk && <BulkStatus selected={selected} onDone={() => { setSelected(new Map()); list.send({ type: 'reload' }) }} />}
      <ResourceTable list={list} columns={columns} caption={t`Kullanıcılar`} />
    </StaffPage>
  )
}
