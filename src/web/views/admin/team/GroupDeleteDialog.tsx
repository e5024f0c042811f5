import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { DeleteRefusal } from '../../../../../machines/org-builder/org-builder.machine.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import staff from '../../staff/StaffLayout.module.css'
import type { OrgActor } from './OrgChart.tsx'
import styles from './Team.module.css'
import { useGroupTexts } from './texts.ts'

/**
 * The confirmation of a group's deletion: a modal dialog while the org-builder machine is in
 * `ready.confirmingDelete` or `deleting`. "Sil" sends `delete.confirm`, "Vazgeç" (or Escape)
 * `delete.cancel`; a refusal (subgroups, members, roles: with their counts) shows in the dialog.
 */
export function GroupDeleteDialog({ actor }: { actor: OrgActor }) {
  const { t } = useLingui()
  const texts = useGroupTexts()
  const titleId = useId()
  const open = useSelector(actor, (s) => s.hasTag('confirming'))
  const busy = useSelector(actor, (s) => s.matches('deleting'))
  const name = useSelector(actor, (s) => s.context.groups.find((g) => g.id === s.context.deleting?.id)?.name ?? '')
  const refusal = useSelector(actor, (s) => s.context.deleteError)
  const ref = useModalDialog(open)
  const counts = (r: DeleteRefusal) => r.issues.map((i) => {
    const n = Number(i.code)
    return i.path === 'subgroups' ? plural(n, { one: '# alt grup', other: '# alt grup' })
      : i.path === 'members' ? plural(n, { one: '# üye', other: '# üye' }) : plural(n, { one: '# rol', other: '# rol' })
  }).join(', ')
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={styles.dialog} data-testid="group-delete-dialog"
      onCancel={(e) => { e.preventDefault(); actor.send({ type: 'delete.cancel' }) }}>
      <h2 id={titleId}><Trans>Grup silinsin mi?</Trans></h2>
      <p>{t`"${name}" grubu kalıcı olarak silinecek.`}</p>
      {refusal && (
        <p className={staff.notice} role="alert" data-testid="group-delete-error">
          {[texts.reason(refusal.reason), counts(refusal)].filter(Boolean).join(': ')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={staff.secondaryButton} disabled={busy} onClick={() => actor.send({ type: 'delete.cancel' })}><Trans>Vazgeç</Trans></button>
        <button type="button" className={styles.danger} disabled={busy} onClick={() => actor.send({ type: 'delete.confirm' })}><Trans>Sil</Trans></button>
      </div>
    </dialog>
  )
}
