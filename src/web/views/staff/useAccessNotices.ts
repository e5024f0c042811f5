import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import toast from 'react-hot-toast'
import { landingPath } from '../../../../machines/session/session.selectors.ts'
import type { SessionActor } from '../../flows/session.ts'

/** What a permission refresh changed: the permissions gained and lost. */
export function permissionDiff(before: readonly string[], after: readonly string[]) {
  const was = new Set(before)
  const now = new Set(after)
  return { added: after.filter((p) => !was.has(p)).sort(), removed: before.filter((p) => !now.has(p)).sort() }
}

/**
 * Follows the session's access part: a finished role switch says so in a toast and lands on that
 * role's landing page (spec 2.1); a finished "refresh permissions" says what changed. The machine
 * decides; this only reports and routes.
 */
export function useAccessNotices(actor: SessionActor) {
  const navigate = useNavigate()
  const { t } = useLingui()
  useEffect(() => {
    let previous = actor.getSnapshot()
    const sub = actor.subscribe((s) => {
      const before = previous
      previous = s
      const wasSwitching = before.matches({ signedIn: { access: 'switchingRole' } })
      const wasRefreshing = before.matches({ signedIn: { access: 'refreshing' } })
      if (!s.matches({ signedIn: { access: 'ready' } }) || s.context.error || !s.context.user) return
      if (wasSwitching) {
        const role = s.context.user.activeRole ?? ''
        toast.success(t`Aktif rol değişti: ${role}. Yetkileriniz yeniden hesaplandı.`, { id: 'role-switched' })
        void navigate({ to: landingPath(s.context.user) })
      } else if (wasRefreshing) {
        const { added, removed } = permissionDiff(before.context.user?.permissions ?? [], s.context.user.permissions)
        if (added.length === 0 && removed.length === 0) {
          toast.success(t`Yetkileriniz güncel, değişiklik yok.`, { id: 'permissions-refreshed' })
        } else {
          const gained = added.join(', ') || '—'
          const lost = removed.join(', ') || '—'
          toast.success(t`Yetkiler yenilendi. Eklenen: ${gained}. Kaldırılan: ${lost}.`, { id: 'permissions-refreshed' })
        }
      }
    })
    return () => sub.unsubscribe()
  }, [actor, navigate, t])
}
