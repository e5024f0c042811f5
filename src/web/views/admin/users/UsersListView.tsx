import { useEffect, useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../../api/errors.ts'
import { sessionActor } from '../../../flows/session.ts'
import {
  changeStatuses, downloadCsv, fetchChoices, USER_FILTERS, usersListFlow, type StatusOutcome, type UserRow, type UserStatus,
} from '../../../flows/users.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { reasonText } from '../../../i18n/reasons.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoad } from '../../staff/useLoad.ts'
import styles from '../../staff/StaffLayout.module.css'
import { USERS_PAGE } from '../pages.ts'
import { ResourceTable, useUrlList, type Column, type ListActor } from '../ResourceListView.tsx'
import { Avatar, StatusText, useStatusLabels } from './UserBits.tsx'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'

const NEW_USER_PATH = '/navbar/settings/users/new'

function Filters({ list }: { list: ListActor }) {
  const { t } = useLingui()
  const id = useId()
  const params = useSelector(list, (s) => s.context.params)
  const companyId = useSelector(sessionActor(), (s) => s.context.user?.companyId ?? '')
  const [choices] = useLoad(() => fetchChoices(companyId), [companyId])
  const labels = useStatusLabels()
  const options = choices.state === 'ready' ? choices.data : { groups: [], roles: [] }
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

/** Bulk status change: the chosen status, a confirmation naming the count, then the outcome per user. */
function BulkStatus({ selected, onDone }: { selected: Map<string, string>; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const labels = useStatusLabels()
  const [status, setStatus] = useState<UserStatus>('suspended')
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [results, setResults] = useState<{ outcomes: StatusOutcome[]; names: Map<string, string> } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const dialog = useModalDialog(asking)
  const count = selected.size
  const apply = async () => {
    setBusy(true)
    setFailure(null)
    try {
      const names = new Map(selected)
      const answer = await changeStatuses([...names.keys()], status)
      setResults({ outcomes: answer.results, names })
      onDone()
    } catch (error) {
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : reasonText(error instanceof ApiError ? error.code ?? 'UNEXPECTED' : 'UNEXPECTED', i18n))
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Toplu işlem`}>
      <span role="status">{count > 0 ? <Trans>{count} kullanıcı seçildi</Trans> : <Trans>Toplu işlem için kullanıcı seçiniz</Trans>}</span>
      <label htmlFor={`${id}-status`}>
        <Trans>Yeni durum</Trans>
        <select id={`${id}-status`} name="bulkStatus" value={status} onChange={(e) => setStatus(e.currentTarget.value as UserStatus)}>
          {(['active', 'suspended', 'removed'] as const).map((s) => <option key={s} value={s}>{labels[s]}</option>)}
        </select>
      </label>
      <button type="button" className={styles.secondaryButton} disabled={count === 0 || busy} onClick={() => { setResults(null); setAsking(true) }}>
        <Trans>Durumu değiştir</Trans>
      </button>
      {failure && <p className={styles.notice} role="alert">{failure}</p>}
      {results && (
        <div role="status" aria-live="polite">
          <h2><Trans>Toplu durum değişikliğinin sonucu</Trans></h2>
          <ul>
            {results.outcomes.map((r) => (
              <li key={r.id} className={r.ok ? styles.yes : styles.no}>
                <strong>{results.names.get(r.id) ?? r.id}</strong>: {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className={styles.card} onCancel={(e) => { e.preventDefault(); setAsking(false) }}>
        <h2 id={`${id}-title`}><Trans>Toplu durum değişikliği</Trans></h2>
        <p><Trans>{count} kullanıcının durumu “{labels[status]}” olarak değiştirilsin mi?</Trans></p>
        {status !== 'active' && <p><Trans>Bu kullanıcıların açık oturumları hemen sonlanır.</Trans></p>}
        {status === 'removed' && <p><Trans>Sistemden kaldırma geri alınamaz.</Trans></p>}
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} onClick={() => setAsking(false)}><Trans>Vazgeç</Trans></button>
          <button type="button" className={styles.button} disabled={busy} onClick={() => void apply()}><Trans>Onayla</Trans></button>
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
  const [selected, setSelected] = useState<Map<string, string>>(new Map())
  const [exporting, setExporting] = useState(false)
  const [exportFailure, setExportFailure] = useState<string | null>(null)
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
  const exportCsv = async () => {
    setExporting(true)
    setExportFailure(null)
    try {
      await downloadCsv(params)
    } catch (error) {
      setExportFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : reasonText('UNEXPECTED', i18n))
    } finally {
      setExporting(false)
    }
  }
  return (
    <StaffPage title={USERS_PAGE.title} permission={USERS_PAGE.permission} actions={(
      <div className={styles.pager}>
        {/* the create-user wizard's route (users.new.tsx) comes with its own branch */}
        {can('user:create') && <Link to={NEW_USER_PATH as never} className={styles.button}><Trans>Yeni kullanıcı</Trans></Link>}
        <button type="button" className={styles.secondaryButton} disabled={exporting} onClick={() => void exportCsv()}><Trans>CSV olarak indir</Trans></button>
      </div>
    )}>
      <Filters list={list} />
      {exportFailure && <p className={styles.notice} role="alert">{exportFailure}</p>}
      {bulk && <BulkStatus selected={selected} onDone={() => { setSelected(new Map()); list.send({ type: 'reload' }) }} />}
      <ResourceTable list={list} columns={columns} caption={t`Kullanıcılar`} />
    </StaffPage>
  )
}
