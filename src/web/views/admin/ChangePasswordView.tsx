import { useEffect, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import toast from 'react-hot-toast'
import { profileFlow, signedInPasswordChangeFlow, type ProfileAnswer } from '../../flows/profile.ts'
import { ChangeForm } from '../auth/PasswordExpiredView.tsx'
import { LoadState } from '../staff/LoadState.tsx'
import { StaffPage } from '../staff/StaffPage.tsx'
import { useLoader } from '../staff/useFlow.ts'
import styles from '../staff/StaffLayout.module.css'

function Change({ profile, onDone }: { profile: ProfileAnswer; onDone: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const change = useActorRef(signedInPasswordChangeFlow, { input: { username: profile.username, policy: profile.policy } })
  const status = useSelector(change, (s) => (s.matches('changed') ? 'changed' : s.matches('cancelled') ? 'cancelled' : 'open'))
  useEffect(() => {
    if (status === 'changed') {
      toast.success(t`Şifreniz değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.`, { id: 'password-changed' })
      onDone()
    } else if (status === 'cancelled') void navigate({ to: '/navbar/profile' })
  }, [status, t, navigate, onDone])
  return <ChangeForm change={change} />
}

/** Change password while signed in (spec 2.2 top menu). */
export function ChangePasswordView() {
  const load = useLoader(profileFlow)
  // a fresh form after each change
  const [round, setRound] = useState(0)
  return (
    <StaffPage title={msg`Şifre değiştir`}>
      <div className={styles.card}>
        <p><Trans>Bu oturum açık kalır; diğer cihaz ve tarayıcılardaki oturumlarınız kapanır.</Trans></p>
        <LoadState load={load}>
          {(profile) => <Change key={round} profile={profile} onDone={() => setRound((r) => r + 1)} />}
        </LoadState>
      </div>
    </StaffPage>
  )
}
