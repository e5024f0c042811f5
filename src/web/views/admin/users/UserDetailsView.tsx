import { lazy, Suspense, useCallback, useId, useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { ownPhotoChanges } from '../../../flows/own-photo.ts'
import { sessionActor } from '../../../flows/session.ts'
import { photoFlow, statusChangeFlow, userFlow, type UserDetail, type UserStatus } from '../../../flows/users.ts'
import { getInspect } from '../../../inspector.ts'
import { LoadState } from '../../staff/LoadState.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { failureText, useConfirm, useLoader, useNotice, useSubject } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'
import { USERS_PAGE } from '../pages.ts'
import { PhotoCropper } from './PhotoCropper.tsx'
import { RoleAssignmentsSection } from './RoleAssignmentsSection.tsx'
import { UserDetailsForm } from './UserDetailsForm.tsx'
import { UserHelpSection } from './UserHelpSection.tsx'
import { Avatar, StatusText } from './UserBits.tsx'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'

// the user's events (audit:read only) bring the audit log's list, sentences and drawer: loaded when shown,
// not with every user page and the profile (6 KiB gzipped)
const UserEventsSection = lazy(() => import('./UserEventsSection.tsx').then((m) => ({ default: m.UserEventsSection })))

/** The roles a user holds: main, default, other-group with its valid-until (an expired one grants nothing). */
export function RoleAssignments({ roles }: { roles: readonly { name: string; isMain: boolean; isDefault: boolean; validUntil: string | null }[] }) {
  const { t, i18n } = useLingui()
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium', timeStyle: 'short' })
  const now = Date.now()
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption className="visually-hidden"><Trans>Rol atamaları</Trans></caption>
        <thead><tr><th scope="col"><Trans>Rol</Trans></th><th scope="col"><Trans>Tür</Trans></th><th scope="col"><Trans>Geçerlilik sonu</Trans></th></tr></thead>
        <tbody>
          {roles.map((r) => (
            <tr key={r.name}>
              <td data-label={t`Rol`}>{r.name}</td>
              <td data-label={t`Tür`}>{r.isMain ? <Trans>Ana rol</Trans> : r.isDefault ? <Trans>Varsayılan rol</Trans> : <Trans>Diğer grup rolü</Trans>}</td>
              <td data-label={t`Geçerlilik sonu`}>
                {r.validUntil ? date(r.validUntil) : '—'}
                {r.validUntil && Date.parse(r.validUntil) <= now && <> <span className={styles.no}><Trans>(süresi doldu: yetki vermez)</Trans></span></>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const ACTIONS: Record<UserStatus, UserStatus[]> = { active: ['suspended', 'removed'], suspended: ['active', 'removed'], removed: [] }

/**
 * Status actions (spec 4) on the confirm-action statechart: the question names the person and
 * what follows; the answer is the spec's message; a failure shows in the question, to try again.
 */
function StatusActions({ user, onChanged }: { user: UserDetail; onChanged: () => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const confirm = useConfirm(statusChangeFlow)
  const asking = useSubject(confirm)
  const open = useSelector(confirm, (s) => s.hasTag('asking') || s.matches('running') || s.matches('failed'))
  const busy = useSelector(confirm, (s) => s.hasTag('busy'))
  const error = useSelector(confirm, (s) => (s.matches('failed') ? s.context.error : null))
  const answer = useSelector(confirm, (s) => (s.matches('done') ? (s.context.result as { message: string }).message : null))
  const dialog = useModalDialog(open)
  useNotice(confirm, 'done', onChanged)
  const ownId = useSelector(sessionActor(), (s) => s.context.user?.userId)
  const name = `${user.firstName} ${user.lastName}`
  const button: Record<UserStatus, string> = { active: t`Yeniden etkinleştir`, suspended: t`Sistemden uzaklaştır`, removed: t`Sistemden kaldır` }
  const question: Record<UserStatus, string> = {
    active: t`${name} yeniden etkinleştirilsin mi?`,
    suspended: t`${name} sistemden uzaklaştırılsın mı? Açık oturumları hemen sonlanır.`,
    removed: t`${name} sistemden kaldırılsın mı? Açık oturumları hemen sonlanır ve bu işlem geri alınamaz.`,
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}><Trans>Durum</Trans></h2>
      <p><StatusText status={user.status} locked={user.locked} /></p>
      {user.id === ownId ? <p><Trans>Kendi hesabınızın durumunu değiştiremezsiniz.</Trans></p>
        : user.status === 'removed' ? <p><Trans>Sistemden kaldırılan kullanıcının durumu değiştirilemez.</Trans></p>
        : (
          <div className={styles.pager}>
            {ACTIONS[user.status].map((s) => (
              <button key={s} type="button" className={s === 'active' ? styles.button : styles.secondaryButton} disabled={busy}
                onClick={() => confirm.send({ type: 'request', subject: { id: user.id, name, status: s } })}>
                {button[s]}
              </button>
            ))}
          </div>
        )}
      <div role="status" aria-live="polite">{answer && <p className={styles.yes}>{answer}</p>}</div>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className={styles.card} onCancel={(e) => { e.preventDefault(); if (!busy) confirm.send({ type: 'cancel' }) }}>
        <h2 id={`${id}-title`}><Trans>Durum değişikliği</Trans></h2>
        <p>{asking ? question[asking.status] : ''}</p>
        {error && <p className={styles.no} role="alert">{failureText(error, i18n)}</p>}
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => confirm.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
          <button type="button" className={styles.button} disabled={busy} onClick={() => confirm.send({ type: 'confirm' })}>{asking ? button[asking.status] : ''}</button>
        </div>
      </dialog>
    </section>
  )
}

/**
 * A user's photo, and (when the caller may edit them) its upload with a crop and its removal, on
 * the upload statechart. `onChanged` hears a stored or removed photo (the page reads the user again).
 */
export function PhotoSection({ user, editable, onChanged }: { user: UserDetail; editable: boolean; onChanged: () => void }) {
  const ownId = useSelector(sessionActor(), (s) => s.context.user?.userId)
  const flow = useMemo(() => photoFlow(user.id), [user.id])
  const upload = useActorRef(flow, { inspect: getInspect() })
  // what the statechart last stored or removed shows at once (the page's new read follows)
  const photo = useSelector(upload, (s) => (s.matches('uploaded') ? (s.context.result as string) : s.matches('removed') ? null : user.photo))
  const changed = () => {
    if (user.id === ownId) ownPhotoChanges.set(user.id, upload.getSnapshot().matches('uploaded') ? (upload.getSnapshot().context.result as string) : null)
    onChanged()
  }
  useNotice(upload, 'uploaded', changed)
  useNotice(upload, 'removed', changed)
  return (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Avatar photo={photo} name={`${user.firstName} ${user.lastName}`} size={96} />
      {editable && <PhotoCropper upload={upload} stored={photo !== null} />}
    </div>
  )
}

/**
 * A user's details page (user:read) on the load statechart: photo (upload with crop: user:update),
 * details and personal information (editor statechart: user:update), role assignments (their own
 * editor: user:update, not one's own), status actions (userstatus:update). After any of them is
 * saved the page reads the user again, keeping what it shows meanwhile.
 */
export function UserDetailsView({ userId }: { userId: string }) {
  const { t } = useLingui()
  const can = useCan()
  const load = useLoader(userFlow, { id: userId })
  const reread = useCallback(() => load.send({ type: 'reload' }), [load])
  const ownId = useSelector(sessionActor(), (s) => s.context.user?.userId)
  return (
    <StaffPage title={msg`Kullanıcı ayrıntıları`} permission={USERS_PAGE.permission}>
      <p><Link to="/navbar/settings/users"><Trans>Kullanıcı listesine dön</Trans></Link></p>
      <LoadState load={load}>
        {(user) => (
          <div className={styles.card}>
            <h2>{user.firstName} {user.lastName} <small>({user.username})</small></h2>
            <PhotoSection user={user} editable={can('user:update')} onChanged={reread} />
            <h2><Trans>Kişisel bilgiler</Trans></h2>
            <UserDetailsForm key={user.id} user={user} organisation={can('user:update')} readOnly={!can('user:update')} onSaved={reread} />
            <h2><Trans>Rol atamaları</Trans></h2>
            {can('user:update') ? (
              <>
                {user.id === ownId && <p><Trans>Kendi rol atamalarınızı değiştiremezsiniz.</Trans></p>}
                <RoleAssignmentsSection key={user.id} user={user} readOnly={user.id === ownId} onSaved={reread} />
              </>
            ) : (
              <>
                {user.groupName && <p><Trans>Grup: {user.groupName}</Trans></p>}
                <RoleAssignments roles={user.roles} />
              </>
            )}
            {can('userstatus:update') && <StatusActions user={user} onChanged={reread} />}
            <UserHelpSection user={user} manage={can('user:update')} own={user.id === ownId} onChanged={reread} />
            {!can('userstatus:update') && <p>{t`Durum`}: <StatusText status={user.status} locked={user.locked} /></p>}
            {can('audit:read') && <Suspense fallback={null}><UserEventsSection key={user.id} userId={user.id} name={`${user.firstName} ${user.lastName}`} /></Suspense>}
          </div>
        )}
      </LoadState>
    </StaffPage>
  )
}
