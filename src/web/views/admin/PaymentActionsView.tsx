import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PaymentActionView } from '../../../domain/schemas/payment-action.ts'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'
import { PAYMENT_ACTION_FILTERS, paymentActionsListFlow } from '../../flows/payment-actions.ts'
import { formatMoney } from '../../i18n/index.ts'
import { StaffPage } from '../staff/StaffPage.tsx'
import styles from '../staff/StaffLayout.module.css'
import { PAYMENTS_PAGE } from './pages.ts'
import { ListSearch, ResourceTable, useUrlList, type Column, type ListActor } from './ResourceListView.tsx'

/** What each reason means for the person who acts on it. */
const REASONS: Record<PaymentActionView['reason'], MessageDescriptor> = {
  ALREADY_PAID: msg`Satın alma başka bir siparişle ödenmişti; bu tahsilat bankada iade edilmeli`,
}

function Filters({ list }: { list: ListActor }) {
  const { t } = useLingui()
  const id = useId()
  const status = useSelector(list, (s) => s.context.params.filters.status ?? '')
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Filtreler`}>
      <ListSearch list={list} />
      <label htmlFor={`${id}-status`}>
        {t`Durum`}
        <select id={`${id}-status`} value={status} onChange={(e) => list.send({ type: 'filter.change', key: 'status', value: e.currentTarget.value })}>
          <option value="">{t`Tümü`}</option>
          <option value="open">{t`İşlem bekleyen`}</option>
          <option value="resolved">{t`Çözüldü`}</option>
        </select>
      </label>
    </div>
  )
}

/**
 * Payments needing action (issue 21, payment:read): money the bank took that no purchase needs,
 * e.g. a late approval for a purchase another order had paid. The list statechart against
 * GET /payment/actions, its state in the URL.
 */
export function PaymentActionsView() {
  const { t, i18n } = useLingui()
  const list = useUrlList(paymentActionsListFlow, PAYMENT_ACTION_FILTERS)
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'medium' })
  const columns: Column<PaymentActionView>[] = [
    { key: 'createdAt', label: t`Tarih`, sortable: true, cell: (r) => when(r.createdAt) },
    { key: 'orderId', label: t`Sipariş`, cell: (r) => <code>{r.orderId}</code> },
    { key: 'amount', label: t`Tutar`, sortable: true, cell: (r) => formatMoney(r.amount, r.currency, i18n.locale, { display: 'code' }) },
    { key: 'reason', label: t`Neden`, cell: (r) => <>{i18n._(REASONS[r.reason] ?? msg`Bilinmeyen neden`)}{r.paidBy && <> (<Trans>ödeyen sipariş</Trans> <code>{r.paidBy}</code>)</>}</> },
    { key: 'purchaseId', label: t`Satın alma`, cell: (r) => (r.purchaseId ? <code>{r.purchaseId}</code> : '—') },
    {
      key: 'status', label: t`Durum`,
      cell: (r) => {
        if (!r.resolvedAt) return <strong><Trans>İşlem bekliyor</Trans></strong>
        const at = when(r.resolvedAt)
        const by = r.resolvedBy ?? '—'
        return <><Trans>Çözüldü: {at}, {by}</Trans>{r.note ? ` — ${r.note}` : ''}</>
      },
    },
  ]
  return (
    <StaffPage title={PAYMENTS_PAGE.title} permission={PAYMENTS_PAGE.permission}>
      <p><Trans>Bankanın tahsil ettiği ancak bir satın almanın karşılığı olmayan ödemeler. Her biri için bankada iade yapılmalıdır.</Trans></p>
      <Filters list={list} />
      <ResourceTable list={list} columns={columns} caption={t`İşlem gereken ödemeler`} />
    </StaffPage>
  )
}
