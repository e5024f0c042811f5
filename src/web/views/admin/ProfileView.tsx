import { useCallback } from 'react'
import { Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { profileFlow } from '../../flows/profile.ts'
import { userFlow } from '../../flows/users.ts'
import { LoadState } from '../staff/LoadState.tsx'
import { StaffPage } from '../staff/StaffPage.tsx'
import { useCan } from '../staff/useCan.ts'
import { useLoader } from '../staff/useFlow.ts'
import styles from '../staff/StaffLayout.module.css'
import { PhotoSection, RoleAssignments } from './users/UserDetailsView.tsx'
import { UserDetailsForm } from './users/UserDetailsForm.tsx'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'

/**
 * The user's own photo and details (issue 14): with profile:update a user edits their own details
 * and photo (PUT /user/{id}, POST /user/{id}/photo for their own id); the job title and work location
 * are their organisation's to set (user:update).
 */
function OwnDetails({ userId }: { userId: string }) {
  const can = useCan()
  const load = useLoader(userFlow, { id: userId })
  const reread = useCallback(() => load.send({ type: 'reload' }), [load])
  const editable = can(['profile:update', 'user:update'])
  return (
    <LoadState load={load}>
      {(user) => (
        <div className={styles.card}>
          <h2><Trans>Fotoğraf ve kişisel bilgiler</Trans></h2>
          <PhotoSection user={user} editable={editable} onChanged={reread} />
          <UserDetailsForm user={user} organisation={can('user:update')} readOnly={!editable} />
        </div>
      )}
    </LoadState>
  )
}

/** The signed-in user's own details, photo and roles (top menu "Profile"). */
export function ProfileView() {
  const { i18n } = useLingui()
  const load = useLoader(profileFlow)
  const can = useCan()
  const defaults = useCompanyDefaults()
  const date = staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium' })
  return (
    <StaffPage title={msg`Profil`}>
      <LoadState load={load}>
        {(p) => (
          <div className={styles.card}>
            <dl className={styles.dl}>
              <dt><Trans>Ad</Trans></dt><dd>{p.firstName}</dd>
              <dt><Trans>Soyad</Trans></dt><dd>{p.lastName}</dd>
              <dt><Trans>Kullanıcı adı</Trans></dt><dd>{p.username}</dd>
              <dt><Trans>E-posta</Trans></dt><dd>{p.email}</dd>
              <dt><Trans>Aktif rol</Trans></dt><dd>{p.activeRole}</dd>
              <dt><Trans>Şifre değişikliği</Trans></dt><dd>{date(p.passwordChangedAt)}</dd>
              <dt><Trans>Şifre geçerliliği</Trans></dt>
              <dd>{p.password.expiresAt ? <Trans>{date(p.password.expiresAt)} tarihine kadar (<Plural value={p.password.daysLeft ?? 0} one="# gün" other="# gün" />)</Trans> : <Trans>Süresiz</Trans>}</dd>
            </dl>
            <h2><Trans>Rollerim</Trans></h2>
            <RoleAssignments roles={p.roles} />
            <p><Link to="/navbar/change-password"><Trans>Şifremi değiştir</Trans></Link></p>
          </div>
        )}
      </LoadState>
      <LoadState load={load}>
        {(p) => (can(['profile:read', 'user:read']) ? <OwnDetails userId={p.userId} /> : null)}
      </LoadState>
    </StaffPage>
  )
}
