import { useEffect, useState } from 'react'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import toast from 'react-hot-toast'
import { expiryWarning, tasksFlow } from '../../flows/tasks.ts'
import { getItem } from '../../storage.ts'
import { useLoaded, useLoader } from './useFlow.ts'

function Warning() {
  const { t } = useLingui()
  const load = useLoader(tasksFlow, null, { background: true })
  const tasks = useLoaded(load)
  useEffect(() => {
    if (tasks?.password) {
      const days = tasks.password.daysLeft
      toast(t`Şifrenizin süresi ${plural(days, { one: '# gün', other: '# gün' })} içinde doluyor. Profilinizden değiştirebilirsiniz.`, { id: 'password-expiry', icon: '⚠️' })
    }
  }, [tasks, t])
  return null
}

/**
 * After sign-in, once per sign-in: a warning toast when the user's own password expires within
 * the company's warning window (the tasks' load; the same fact is a task in /inbox). A failed load
 * says nothing new (the tasks page shows it).
 */
export function PasswordExpiryWarning() {
  const [loginTime] = useState(() => getItem('loginTime') ?? '')
  const [due] = useState(() => {
    const now = expiryWarning.due(loginTime)
    if (now) expiryWarning.done(loginTime)
    return now
  })
  return due ? <Warning /> : null
}
