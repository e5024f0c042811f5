import { useLingui } from '@lingui/react/macro'
import type { UserStatus } from '../../../flows/users.ts'
import styles from '../../staff/StaffLayout.module.css'

/** The status names in the active language. */
export function useStatusLabels(): Record<UserStatus, string> {
  const { t } = useLingui()
  return { active: t`Etkin`, suspended: t`Uzaklaştırıldı`, removed: t`Kaldırıldı` }
}

export function StatusText({ status, locked }: { status: UserStatus; locked: boolean }) {
  const { t } = useLingui()
  const labels = useStatusLabels()
  return <span className={status === 'active' ? styles.yes : styles.no}>{labels[status]}{locked ? ` (${t`kilitli`})` : ''}</span>
}

/** A user's photo, or their initials when they have none. */
export function Avatar({ photo, name, size }: { photo: string | null; name: string; size: number }) {
  const box = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const
  if (photo) return <img src={photo} alt="" width={size} height={size} style={{ ...box, objectFit: 'cover' }} />
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toLocaleUpperCase('tr-TR')).join('')
  return (
    <span aria-hidden="true" style={{ ...box, display: 'inline-grid', placeItems: 'center', background: '#1f4e79', color: '#fff', fontSize: size * 0.4 }}>
      {initials}
    </span>
  )
}
