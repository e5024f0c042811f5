import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { PERMISSION_ACTIONS } from '../../../domain/permissions.ts'
import { sessionActor } from '../../flows/session.ts'
import { StaffPage } from '../staff/StaffPage.tsx'
import { usePermissions } from '../staff/useCan.ts'
import styles from '../staff/StaffLayout.module.css'
import { ACTION_LABELS, tagLabel } from './roles/texts.ts'

/** The tags of a permission list, in order. */
export function permissionTags(permissions: readonly string[]): string[] {
  return [...new Set(permissions.map((p) => p.replace(/^!/, '').split(':')[0]!).filter(Boolean))].sort()
}

/** What my active role allows (spec 2.2 top menu "permissions"), as a tag x action matrix, named in the reader's language (issue 25 item 9). */
export function PermissionsView() {
  const { t, i18n } = useLingui()
  const permissions = usePermissions()
  const role = useSelector(sessionActor(), (s) => s.context.user?.activeRole ?? '')
  const held = new Set(permissions)
  const tags = permissionTags(permissions)
  return (
    <StaffPage title={msg`Yetkilerim`}>
      <p><Trans>Aktif rol: <strong>{role}</strong></Trans></p>
      {tags.length === 0 ? <p className={styles.notice} role="status"><Trans>Bu rol için tanımlı yetki yok.</Trans></p> : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stack}`}>
            <caption className="visually-hidden"><Trans>Aktif rolün yetkileri: kaynak ve işlem</Trans></caption>
            <thead>
              <tr><th scope="col"><Trans>Kaynak</Trans></th>{PERMISSION_ACTIONS.map((a) => <th key={a} scope="col">{ACTION_LABELS[a] ? i18n._(ACTION_LABELS[a]) : a}</th>)}</tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag}>
                  <th scope="row">{tagLabel(tag, i18n)}</th>
                  {PERMISSION_ACTIONS.map((a) => held.has(`${tag}:${a}`)
                    ? <td key={a} className={styles.yes} data-label={a}><span aria-hidden="true">✓</span><span className="visually-hidden">{t`izin var`}</span></td>
                    : <td key={a} className={styles.no} data-label={a}><span aria-hidden="true">–</span><span className="visually-hidden">{t`izin yok`}</span></td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StaffPage>
  )
}
