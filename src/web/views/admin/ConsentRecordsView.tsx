import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ListParams } from '../../../domain/list-params.ts'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'
import { CONSENT_FILTERS, CONSENT_NAMES, consentExportFlow, consentListFlow, type ConsentRecord } from '../../flows/consents.ts'
import { StaffPage } from '../staff/StaffPage.tsx'
import styles from '../staff/StaffLayout.module.css'
import { CONSENTS_PAGE } from './pages.ts'
import { ResourceTable, useUrlList, type Column, type ListActor } from './ResourceListView.tsx'
import { CsvExportButton } from './CsvExportButton.tsx'

const STATUS: Record<ConsentRecord['status'], MessageDescriptor> = {
  READ: msg`Okundu`,
  ACCEPTED: msg`Onaylandı`,
  REJECTED: msg`Reddedildi`,
  WITHDRAWN: msg`Geri alındı`,
}

/** What each consent is, in a few words (the filter's choices). */
const NAMES: Record<(typeof CONSENT_NAMES)[number], MessageDescriptor> = {
  gdprtextread: msg`Kişisel Verilerin Korunması Hakkında Aydınlatma Metni`,
  gdprconcent: msg`Açık Rıza Beyanı`,
  markconcent: msg`Ticari Elektronik İleti İzni`,
  infoconcent: msg`Ön Bilgilendirme Formu`,
  trxconcent: msg`Sözleşme Onayı`,
  noworkconcent: msg`Çalışmama Beyanı`,
  willconcent: msg`Lehtar Bilgilendirmesi`,
}

const CHANNELS: Record<string, MessageDescriptor> = { WEB: msg`İnternet sitesi` }

function Filters({ list }: { list: ListActor }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const filters = useSelector(list, (s) => s.context.params.filters)
  const text = (key: string, label: string) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <input id={`${id}-${key}`} type="text" defaultValue={filters[key] ?? ''} key={filters[key] ?? ''} autoComplete="off" spellCheck={false}
        onBlur={(e) => list.send({ type: 'filter.change', key, value: e.currentTarget.value.trim() })}
        onKeyDown={(e) => { if (e.key === 'Enter') list.send({ type: 'filter.change', key, value: e.currentTarget.value.trim() }) }} />
    </label>
  )
  const choice = (key: string, label: string, options: Array<[string, string]>) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <select id={`${id}-${key}`} value={filters[key] ?? ''} onChange={(e) => list.send({ type: 'filter.change', key, value: e.currentTarget.value })}>
        <option value="">{t`Tümü`}</option>
        {options.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
      </select>
    </label>
  )
  const date = (key: string, label: string) => (
    <label htmlFor={`${id}-${key}`}>
      {label}
      <input id={`${id}-${key}`} type="date" defaultValue={filters[key] ?? ''} key={filters[key] ?? ''}
        onChange={(e) => list.send({ type: 'filter.change', key, value: e.currentTarget.value })} />
    </label>
  )
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Filtreler`}>
      {text('saleId', t`Başvuru numarası`)}
      {text('partyId', t`Kişi (tam T.C. Kimlik No)`)}
      {choice('name', t`Belge`, CONSENT_NAMES.map((n) => [n, i18n._(NAMES[n])]))}
      {choice('status', t`Durum`, (Object.keys(STATUS) as Array<ConsentRecord['status']>).map((s) => [s, i18n._(STATUS[s])]))}
      {choice('channel', t`Kanal`, Object.entries(CHANNELS).map(([c, m]) => [c, i18n._(m)]))}
      {date('from', t`Başlangıç`)}
      {date('to', t`Bitiş`)}
    </div>
  )
}

/**
 * Consent records (issue 25 item 8, consent:read): what each applicant read, accepted, rejected or
 * withdrew in the sales flows, with the document's version and the SHA-256 of the exact text shown.
 * The list statechart against GET /consent, its state in the URL; the person and address masked.
 */
export function ConsentRecordsView() {
  // the list starts only with the permission: without it nothing is asked of the server
  return (
    <StaffPage title={CONSENTS_PAGE.title} permission={CONSENTS_PAGE.permission}>
      <ConsentRecords />
    </StaffPage>
  )
}

function ConsentRecords() {
  const { t, i18n } = useLingui()
  const list = useUrlList(consentListFlow, CONSENT_FILTERS)
  const params = useSelector(list, (s) => s.context.params)
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'medium' })
  const columns: Column<ConsentRecord>[] = [
    { key: 'at', label: t`Zaman`, sortable: true, cell: (r) => when(r.at) },
    { key: 'saleId', label: t`Başvuru`, cell: (r) => <code>{r.saleId}</code> },
    { key: 'party', label: t`Kişi`, cell: (r) => r.party },
    {
      key: 'name', label: t`Belge`, sortable: true,
      cell: (r) => <>{r.title} <small>({r.documentId}, <Trans>sürüm {r.version}</Trans>)</small></>,
    },
    { key: 'textSha256', label: t`Metin özeti (SHA-256)`, cell: (r) => <code title={r.textSha256}>{r.textSha256.slice(0, 12)}…</code> },
    { key: 'status', label: t`Durum`, sortable: true, cell: (r) => (r.status === 'WITHDRAWN' ? <strong>{i18n._(STATUS[r.status])}</strong> : i18n._(STATUS[r.status] ?? msg`Bilinmeyen durum`)) },
    { key: 'scope', label: t`Kapsam`, cell: (r) => r.scope },
    { key: 'channel', label: t`Kanal`, cell: (r) => (CHANNELS[r.channel] ? i18n._(CHANNELS[r.channel]!) : r.channel) },
    { key: 'ip', label: t`IP (maskeli)`, cell: (r) => r.ip },
  ]
  return (
    <>
      <p><Trans>Satış başvurularında kaydedilen her izin: okunan aydınlatma metinleri, verilen ve reddedilen onaylar ve geri alınan izinler (geri alma ayrı bir kayıttır; bir kişinin en yeni kaydı geçerlidir). Kimlik numarası ve IP adresi maskelidir; bir kişiyi tam kimlik numarasıyla arayın.</Trans></p>
      <Filters list={list} />
      <div className={styles.toolbar}><CsvExportButton flow={consentExportFlow} params={params} /></div>
      <ResourceTable list={list} columns={columns} caption={t`Rıza kayıtları`} />
    </>
  )
}
