import { useCallback, useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../../api/errors.ts'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import { sessionActor } from '../../../flows/session.ts'
import { changeStatus, fetchUser, type UserDetail, type UserStatus } from '../../../flows/users.ts'
import { reasonText } from '../../../i18n/reasons.ts'
import { LoadState } from '../../staff/LoadState.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoad } from '../../staff/useLoad.ts'
import styles from '../../staff/StaffLayout.module.css'
import { USERS_PAGE } from '../pages.ts'
import { PhotoCropper } from './PhotoCropper.tsx'
import { RoleAssignmentsSection } from './RoleAssignmentsSection.tsx'
import { UserDetailsForm } from './UserDetailsForm.tsx'
import { Avatar, StatusText, useStatusLabels } from './UserBits.tsx'
import { setOwnPhoto } from './own-photo.ts'
import { staffDateFormat, useCompanyDefaults } from '../../../flows/company-defaults.ts'

/** The roles a user holds: main, default, other-group with its valid-until (an expired one grants nothing). */
export function RoleAssignments({ roles }: { roles: readonly { name: string; isMain: boolean; isDefault: boolean; validUntil: string | null }[] }) {
  const { i18n } = useLingui()
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium', timeStyle: 'short' })
  const now = Date.now()
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden"><Trans>Rol atamaları</Trans></caption>
        <thead><tr><th scope="col"><Trans>Rol</Trans></th><th scope="col"><Trans>Tür</Trans></th><th scope="col"><Trans>Geçerlilik sonu</Trans></th></tr></thead>
        <tbody>
          {roles.map((r) => (
            <tr key={r.name}>
              <td>{r.name}</td>
              <td>{r.isMain ? <Trans>Ana rol</Trans> : r.isDefault ? <Trans>Varsayılan rol</Trans> : <Trans>Diğer grup rolü</Trans>}</td>
              <td>
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

/** Status actions (spec 4) with a confirmation; the answer is the spec's message. */
function StatusActions({ user, onChanged }: { user: UserDetail; onChanged: (status: UserStatus) => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [asking, setAsking] = useState<UserStatus | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const dialog = useModalDialog(asking !== null)
  const ownId = useSelector(sessionActor(), (s) => s.context.user?.userId)
  const name = `${user.firstName} ${user.lastName}`
  const button: Record<UserStatus, string> = { active: t`Yeniden etkinleştir`, suspended: t`Sistemden uzaklaştır`, removed: t`Sistemden kaldır` }
  const question: Record<UserStatus, string> = {
    active: t`${name} yeniden etkinleştirilsin mi?`,
    suspended: t`${name} sistemden uzaklaştırılsın mı? Açık oturumları hemen sonlanır.`,
    removed: t`${name} sistemden kaldırılsın mı? Açık oturumları hemen sonlanır ve bu işlem geri alınamaz.`,
  }
  const apply = async (status: UserStatus) => {
    setBusy(true)
    try {
      const answer = await changeStatus(user.id, status)
      setMessage({ ok: true, text: answer.message })
      onChanged(answer.status)
    } catch (error) {
      setMessage({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : reasonText('UNEXPECTED', i18n) })
    } finally {
      setBusy(false)
      setAsking(null)
    }
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
              <button key={s} type="button" className={s === 'active' ? styles.button : styles.secondaryButton} disabled={busy} onClick={() => { setMessage(null); setAsking(s) }}>
                {button[s]}
              </button>
            ))}
          </div>
        )}
      <div role="status" aria-live="polite">{message && <p className={message.ok ? styles.yes : styles.no}>{message.text}</p>}</div>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className={styles.card} onCancel={(e) => { e.preventDefault(); setAsking(null) }}>
        <h2 id={`${id}-title`}><Trans>Durum değişikliği</Trans></h2>
        <p>{asking ? question[asking] : ''}</p>
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} onClick={() => setAsking(null)}><Trans>Vazgeç</Trans></button>
          <button type="button" className={styles.button} disabled={busy} onClick={() => asking && void apply(asking)}>{asking ? button[asking] : ''}</button>
        </div>
      </dialog>
    </section>
  )
}

/** A user's photo, and its upload with crop when the caller may edit them. */
export function PhotoSection({ user, editable, onUploaded }: { user: UserDetail; editable: boolean; onUploaded: (photo: string) => void }) {
  const ownId = useSelector(sessionActor(), (s) => s.context.user?.userId)
  const uploaded = (photo: string) => {
    if (user.id === ownId) setOwnPhoto(photo)
    onUploaded(photo)
  }
  return (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Avatar photo={user.photo} name={`${user.firstName} ${user.lastName}`} size={96} />
      {editable && <PhotoCropper userId={user.id} onUploaded={uploaded} />}
    </div>
  )
}

/**
 * A user's details page (user:read): photo (upload with crop: user:update), details and personal
 * information (editor statechart: user:update), role assignments (their own editor: user:update,
 * not one's own), status actions (userstatus:update).
 */
export function UserDetailsView({ userId }: { userId: string }) {
  const { t } = useLingui()
  const can = useCan()
  const [load, retry] = useLoad(() => fetchUser(userId), [userId])
  const [photo, setPhoto] = useState<string | null | undefined>(undefined)
  const [saved, setSaved] = useState<UserDetail | null>(null)
  const [status, setStatus] = useState<UserStatus | null>(null)
  const onSaved = useCallback((u: UserDetail) => setSaved(u), [])
  const ownId = useSelector(sessionActor(), (s) => s.context.user?.userId)
  return (
    <StaffPage title={msg`Kullanıcı ayrıntıları`} permission={USERS_PAGE.permission}>
      <p><Link to="/navbar/settings/users"><Trans>Kullanıcı listesine dön</Trans></Link></p>
      <LoadState load={load} retry={retry}>
        {(loaded) => {
          const base = saved ?? loaded
          const user = { ...base, photo: photo === undefined ? base.photo : photo, status: status ?? base.status }
          return (
            <div className={styles.card}>
              <h2>{user.firstName} {user.lastName} <small>({user.username})</small></h2>
              <PhotoSection user={user} editable={can('user:update')} onUploaded={setPhoto} />
              <h2><Trans>Kişisel bilgiler</Trans></h2>
              <UserDetailsForm key={loaded.version} user={user} organisation={can('user:update')} readOnly={!can('user:update')} onSaved={onSaved} />
              <h2><Trans>Rol atamaları</Trans></h2>
              {can('user:update') ? (
                <>
                  {user.id === ownId && <p><Trans>Kendi rol atamalarınızı değiştiremezsiniz.</Trans></p>}
                  <RoleAssignmentsSection user={user} readOnly={user.id === ownId} onSaved={onSaved} />
                </>
              ) : (
                <>
                  {user.groupName && <p><Trans>Grup: {user.groupName}</Trans></p>}
                  <RoleAssignments roles={user.roles} />
                </>
              )}
              {can('userstatus:update') && <StatusActions user={user} onChanged={setStatus} />}
              {!can('userstatus:update') && <p>{t`Durum`}: <StatusText status={user.status} locked={user.locked} /></p>}
            </div>
          )
        }}
      </LoadState>
    </StaffPage>
  )
}
