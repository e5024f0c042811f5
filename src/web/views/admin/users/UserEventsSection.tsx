import { useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { auditListFlow, type AuditEntry } from '../../../flows/audit.ts'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'
import { getInspect } from '../../../inspector.ts'
import { ResourceTable, type Column } from '../ResourceListView.tsx'
import { AuditDrawer, AuditSentence } from '../AuditParts.tsx'
import { useLanguageReload } from '../AuditLogView.tsx'
import styles from '../../staff/StaffLayout.module.css'

/**
 * A user's events on their page (issue 25 item 7, for audit:read): what they did and what was done
 * to them, newest first, ten a page, each opening the entry's drawer; the whole list in the audit
 * log with the same person filter. The audit log's list statechart, with the person fixed.
 */
export function UserEventsSection({ userId, name }: { userId: string; name: string }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const list = useActorRef(auditListFlow, { input: { params: { size: 10, filters: { user: userId } } }, inspect: getInspect() })
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'short' })
  const [open, setOpen] = useState<AuditEntry | null>(null)
  useLanguageReload(list)
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t`Zaman`, cell: (r) => <time dateTime={r.at}>{when(r.at)}</time> },
    { key: 'event', label: t`Olay`, cell: (r) => <AuditSentence entry={r} /> },
    {
      key: 'detail', label: t`Ayrıntı`, cell: (r) => (
        <button type="button" className={styles.secondaryButton} aria-label={t`Ayrıntılar: ${r.text}`} onClick={() => setOpen(r)}>{t`Ayrıntılar`}</button>
      ),
    },
  ]
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}><Trans>Olaylar</Trans></h2>
      <p><Trans>{name} kişisinin yaptıkları ve onunla ilgili işlemler, en yenisi önce.</Trans>{' '}
        <Link to="/navbar/settings/audit" search={{ user: userId } as never}><Trans>Tümünü denetim kaydında aç</Trans></Link></p>
      <ResourceTable list={list} columns={columns} caption={t`${name} ile ilgili olaylar`} />
      <AuditDrawer entry={open} when={when} onClose={() => setOpen(null)} />
    </section>
  )
}
