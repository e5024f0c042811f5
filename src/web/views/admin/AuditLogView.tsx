import { useEffect, useId, useRef, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { AUDIT_FILTERS, auditActionsFlow, auditExportFlow, auditListFlow, type AuditEntry } from '../../flows/audit.ts'
import { StaffPage } from '../staff/StaffPage.tsx'
import styles from '../staff/StaffLayout.module.css'
import { AUDIT_PAGE } from './pages.ts'
import { ListSearch, ResourceTable, useUrlList, type Column, type ListActor } from './ResourceListView.tsx'
import { CsvExportButton } from './CsvExportButton.tsx'
import { AuditDrawer, AuditSentence } from './AuditParts.tsx'
import { PersonPicker } from './PersonPicker.tsx'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'
import { useLoaded, useLoader } from '../staff/useFlow.ts'

function Filters({ list }: { list: ListActor }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const params = useSelector(list, (s) => s.context.params)
  const actions = useLoaded(useLoader(auditActionsFlow, { locale: i18n.locale }))
  const send = (key: string, value: string) => list.send({ type: 'filter.change', key, value })
  const text = (key: string, label: string, hint?: string) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <input id={`${id}-${key}`} type="text" defaultValue={params.filters[key] ?? ''} key={params.filters[key] ?? ''} title={hint}
        onBlur={(e) => send(key, e.currentTarget.value.trim())}
        onKeyDown={(e) => { if (e.key === 'Enter') send(key, e.currentTarget.value.trim()) }} />
    </label>
  )
  const date = (key: string, label: string) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <input id={`${id}-${key}`} type="date" value={params.filters[key] ?? ''} onChange={(e) => send(key, e.currentTarget.value)} />
    </label>
  )
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Filtreler`}>
      <ListSearch list={list} />
      <PersonPicker value={params.filters.user ?? null} onChange={(person) => {
        send('user', person ?? '')
        if (!person && params.filters.as) send('as', '')
      }} />
      <label htmlFor={`${id}-as`}>
        {t`Kişi olarak`}
        <select id={`${id}-as`} aria-label={t`Kişi olarak`} value={params.filters.as ?? ''} disabled={!params.filters.user} onChange={(e) => send('as', e.currentTarget.value)}>
          <option value="">{t`Yapan ya da etkilenen`}</option>
          <option value="actor">{t`Yapan`}</option>
          <option value="target">{t`Etkilenen`}</option>
        </select>
      </label>
      <label htmlFor={`${id}-action`}>
        {t`İşlem`}
        {/* named by aria-label too: inside its label, a select's chosen option would join its name ("İşlem Tümü") */}
        <select id={`${id}-action`} aria-label={t`İşlem`} value={params.filters.action ?? ''} onChange={(e) => send('action', e.currentTarget.value)}>
          <option value="">{t`Tümü`}</option>
          {params.filters.action && !actions?.items.some((a) => a.action === params.filters.action) && <option value={params.filters.action}>{params.filters.action}</option>}
          {actions?.items.map((a) => <option key={a.action} value={a.action}>{a.name}</option>)}
        </select>
      </label>
      {text('target', t`Kaynak (ad ya da kullanıcı adı)`)}
      {date('from', t`Başlangıç`)}
      {date('to', t`Bitiş`)}
    </div>
  )
}

/**
 * The audit log (audit:read, issue 25 item 7): the list statechart against GET /audit, its state
 * in the URL; each entry a sentence in the reader's language with links to the actor's and the
 * target's pages; "Ayrıntılar" opens the entry's drawer with the fields that changed; the CSV has
 * the same filters.
 */
export function AuditLogView() {
  const { t, i18n } = useLingui()
  const list = useUrlList(auditListFlow, AUDIT_FILTERS)
  const params = useSelector(list, (s) => s.context.params)
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'medium' })
  const [open, setOpen] = useState<AuditEntry | null>(null)
  // a username filter from an older link (the picker filters by person now)
  const actor = params.filters.actor
  useLanguageReload(list)
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t`Zaman`, sortable: true, cell: (r) => <time dateTime={r.at}>{when(r.at)}</time> },
    { key: 'event', label: t`Olay`, cell: (r) => <AuditSentence entry={r} /> },
    { key: 'action', label: t`İşlem`, sortable: true, cell: (r) => r.actionName },
    { key: 'ip', label: t`IP`, cell: (r) => r.ip ?? '—' },
    {
      key: 'detail', label: t`Ayrıntı`, cell: (r) => (
        <button type="button" className={styles.secondaryButton} aria-label={t`Ayrıntılar: ${r.text}`} onClick={() => setOpen(r)}>
          {r.changes.length ? t`Ayrıntılar (${r.changes.length} alan)` : t`Ayrıntılar`}
        </button>
      ),
    },
  ]
  return (
    <StaffPage title={AUDIT_PAGE.title} permission={AUDIT_PAGE.permission}>
      <Filters list={list} />
      {actor && (
        <p className={styles.notice}>
          <Trans>Yalnızca {actor} kullanıcı adıyla yapılanlar gösteriliyor.</Trans>{' '}
          <button type="button" className={styles.secondaryButton} onClick={() => list.send({ type: 'filter.change', key: 'actor', value: '' })}><Trans>Herkesi göster</Trans></button>
        </p>
      )}
      <div className={styles.toolbar}><CsvExportButton flow={auditExportFlow} params={params} /></div>
      <ResourceTable list={list} columns={columns} caption={t`Denetim kaydı`} />
      <AuditDrawer entry={open} when={when} onClose={() => setOpen(null)} />
    </StaffPage>
  )
}

/** The entries' sentences are in the reader's language: another language reads the page again. */
export function useLanguageReload(list: ListActor) {
  const { i18n } = useLingui()
  const shown = useRef(i18n.locale)
  useEffect(() => {
    if (shown.current === i18n.locale) return
    shown.current = i18n.locale
    list.send({ type: 'reload' })
  }, [i18n.locale, list])
}
