import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'

/**
 * The signed-in user's own photo in the staff header: read once per sign-in (GET /user/{id}, the
 * user's own: profile:read), replaced at once when they upload or remove it on a page.
 */
export const ownPhotoFlow = loadFlow<{ userId: string | null }, string | null>(async ({ userId }, signal) =>
  userId ? (await call<{ photo: string | null }>(`/user/${encodeURIComponent(userId)}`, { authenticated: true, signal })).photo : null)

type Replaced = { userId: string; photo: string | null }
let replaced: Replaced | null = null
const listeners = new Set<() => void>()

/** What a page stored as a user's photo since the header read it (an upload or a removal). */
export const ownPhotoChanges = {
  set(userId: string, photo: string | null) {
    replaced = { userId, photo }
    for (const l of listeners) l()
  },
  get: (): Replaced | null => replaced,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  },
}
