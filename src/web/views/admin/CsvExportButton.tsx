import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ListParams } from '../../../domain/list-params.ts'
import type { ConfirmFlow } from '../../flows/confirm.ts'
import { failureText, useConfirm } from '../staff/useFlow.ts'
import styles from '../staff/StaffLayout.module.css'

/** "CSV olarak indir" of a list: the filtered rows through the list's export flow, busy while it downloads, its failure shown. */
export function CsvExportButton({ flow, params }: { flow: ConfirmFlow<ListParams, void>; params: ListParams }) {
  const { i18n } = useLingui()
  const exporter = useConfirm(flow)
  const busy = useSelector(exporter, (s) => s.hasTag('busy'))
  const failure = useSelector(exporter, (s) => (s.matches('failed') ? s.context.error : null))
  return (
    <>
      <button type="button" className={styles.secondaryButton} disabled={busy} aria-busy={busy}
        onClick={() => exporter.send({ type: 'request', subject: params })}><Trans>CSV olarak indir</Trans></button>
      {failure && <p className={styles.notice} role="alert">{failureText(failure, i18n)}</p>}
    </>
  )
}
