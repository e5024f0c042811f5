import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'
import { OUTBOX_FILTERS, outboxListFlow, outboxRetryFlow, type OutboxMail } from '../../../flows/outbox.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { OUTBOX_PAGE } from '../pages.ts'
import { ResourceTable, useUrlList, type Column, type ListActor } from '../ResourceListView.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { failureText, useConfirm, useNotice, useSubject } from '../../staff/useFlow.ts'
import staff from '../../staff/StaffLayout.module.css'

const STATUS: Record<OutboxMail['status'], MessageDescriptor> = {
  pending: msg`Kuyrukta`,
  failed: msg`Gönderilemedi`,
  sent: msg`Gönderildi`,
}

function Filters({ list }: { list: ListActor }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const status = useSelector(list, (s) => s.context.params.filters.status ?? '')
  return (
    <div className={staff.toolbar} role="group" aria-label={t`Filtreler`}>
      <label htmlFor={`${id}-status`}>
        {t`Durum`}
        <select id={`${id}-status`} value={status} onChange={(e) => list.send({ type: 'filter.change', key: 'status', value: e.currentTarget.value })}>
          <option value="">{t`Tümü`}</option>
          {(Object.keys(STATUS) as Array<OutboxMail['status']>).map((s) => <option key={s} value={s}>{i18n._(STATUS[s])}</option>)}
        </select>
      </label>
    </div>
  )
}

/**
 * "Posta kutusu" (issue 25 item 3, mailserver:read): every mail the server sends goes through the
 * outbox; this page lists the company's, newest first: queued, failed (attempts, the last error,
 * the next try) and sent (kept 30 days). "Şimdi tekrar gönder" (mailserver:update) sends a queued or
 * failed mail now. The text of a mail is never shown (it may hold a temporary password).
 */
export function OutboxView() {
  return (
    <StaffPage title={OUTBOX_PAGE.title} permission={OUTBOX_PAGE.permission}>
      <CompanyNav />
      <Outbox />
    </StaffPage>
  )
}

function Outbox() {
  const { t, i18n } = useLingui()
  const can = useCan()
  const list = useUrlList(outboxListFlow, OUTBOX_FILTERS)
  const retry = useConfirm(outboxRetryFlow)
  const retrying = useSubject(retry)
  const busy = useSelector(retry, (s) => s.hasTag('busy'))
  const done = useSelector(retry, (s) => s.matches('done'))
  const failure = useSelector(retry, (s) => (s.matches('failed') ? s.context.error : null))
  useNotice(retry, 'done', () => list.send({ type: 'reload' }))
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'medium' })
  const columns: Column<OutboxMail>[] = [
    { key: 'createdAt', label: t`Oluşturulma`, sortable: true, cell: (r) => when(r.createdAt) },
    { key: 'recipient', label: t`Alıcı`, cell: (r) => r.recipient ?? '—' },
    { key: 'subject', label: t`Konu`, cell: (r) => r.subject ?? '—' },
    {
      key: 'status', label: t`Durum`,
      cell: (r) => {
        if (r.status === 'sent') { const at = when(r.sentAt!); return <Trans>Gönderildi: {at}</Trans> }
        if (r.status === 'pending') return i18n._(STATUS.pending)
        const next = r.nextAttemptAt ? when(r.nextAttemptAt) : '—'
        return <><strong>{i18n._(STATUS.failed)}</strong>{' '}<Trans>(sonraki deneme: {next})</Trans></>
      },
    },
    { key: 'attempts', label: t`Deneme`, sortable: true, cell: (r) => String(r.attempts) },
    { key: 'lastError', label: t`Son hata`, cell: (r) => (r.lastError ? <code>{r.lastError}</code> : '—') },
    {
      key: 'actions', label: t`İşlemler`,
      cell: (r) => (r.status !== 'sent' && can('mailserver:update')
        ? (
            <button type="button" className={staff.secondaryButton} disabled={busy} aria-label={t`${r.recipient ?? ''} adresine giden e-postayı şimdi tekrar gönder`}
              onClick={() => retry.send({ type: 'request', subject: r })}><Trans>Şimdi tekrar gönder</Trans></button>
          )
        : '—'),
    },
  ]
  return (
    <>
      <p><Trans>Sunucunun gönderdiği her e-posta önce bu kutuya yazılır ve gidene kadar yeniden denenir. Gönderilen e-postalar 30 gün sonra silinir; e-postaların metni gösterilmez.</Trans></p>
      {!can('mailserver:update') && (
        // issue 25: a retry helps only once the mail server works, and only a mailserver:update holder can fix it (docs/decisions/admin-first-day.md)
        <p><Trans>Gönderilemeyen e-postalar, e-posta sunucusu düzeldiğinde kendiliğinden yeniden denenir. Sunucu ayarlarını düzeltmek ve bir e-postayı hemen yeniden göndermek, e-posta sunucusunu değiştirme yetkisi olanlara (süper yönetici) aittir.</Trans></p>
      )}
      <div role="status" aria-live="polite">
        {done && retrying && <p className={staff.yes}><Trans>E-posta yeniden gönderim için sıraya alındı: {retrying.recipient}</Trans></p>}
        {failure && <p className={staff.no}>{failureText(failure, i18n)}</p>}
      </div>
      <Filters list={list} />
      <ResourceTable list={list} columns={columns} caption={t`Posta kutusu`} />
    </>
  )
}
