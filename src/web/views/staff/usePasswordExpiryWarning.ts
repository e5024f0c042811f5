import { useEffect } from 'react'
import { useLingui } from '@lingui/react/macro'
import toast from 'react-hot-toast'
import { call } from '../../api/client.ts'
import { getItem } from '../../storage.ts'

export type TasksAnswer = {
  lockedAccounts: { id: string; username: string; firstName: string; lastName: string; lockedAt: string; failedLogins: number }[]
  expiringRoles: { userId: string; username: string; role: string; validUntil: string; own: boolean }[]
  password: { expiresAt: string; daysLeft: number; warn: boolean } | null
  /** Internal notices (issue 12), only while the company's internal notifications are on. */
  notices?: { id: string; at: string; kind: 'accountLocked' | 'passwordChanged' | 'passwordCompromised' | 'policyForcedChange'; username: string | null; own: boolean; affected: number | null }[]
}

const WARNED_KEY = 'ke-password-warned'

/**
 * After sign-in, once per sign-in: a warning toast when the user's own password expires within
 * the company's warning window (the same fact is a task in /inbox).
 */
export function usePasswordExpiryWarning() {
  const { t } = useLingui()
  useEffect(() => {
    const loginTime = getItem('loginTime') ?? ''
    if (sessionStorage.getItem(WARNED_KEY) === loginTime) return
    sessionStorage.setItem(WARNED_KEY, loginTime)
    call<TasksAnswer>('/tasks', { authenticated: true }).then((tasks) => {
      if (tasks.password) {
        const days = tasks.password.daysLeft
        toast(t`Şifrenizin süresi ${days} gün içinde doluyor. Profilinizden değiştirebilirsiniz.`, { id: 'password-expiry', icon: '⚠️' })
      }
    }).catch(() => { /* the tasks page shows the same; a failure here says nothing new */ })
  }, [t])
}
