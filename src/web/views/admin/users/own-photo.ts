import { useEffect, useSyncExternalStore } from 'react'
import { call } from '../../../api/client.ts'

/**
 * The signed-in user's own photo for the staff header: read once per sign-in (GET /user/{id}, the
 * user's own: profile:read), replaced at once when they upload a new one.
 */
let photo: string | null = null
let loadedFor: string | null = null
const listeners = new Set<() => void>()

export function setOwnPhoto(next: string | null) {
  photo = next
  for (const l of listeners) l()
}

export function useOwnPhoto(userId: string | null | undefined, allowed: boolean): string | null {
  useEffect(() => {
    if (!userId || !allowed || loadedFor === userId) return
    loadedFor = userId
    setOwnPhoto(null)
    call<{ photo: string | null }>(`/user/${userId}`, { authenticated: true }).then((u) => { if (loadedFor === userId) setOwnPhoto(u.photo) }, () => {})
  }, [userId, allowed])
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l) } }, () => photo, () => null)
}
