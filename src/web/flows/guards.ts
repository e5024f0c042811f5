import { redirect } from '@tanstack/react-router'
import { landingPath } from '../../../machines/session/session.selectors.ts'
import type { SessionUser } from '../../../machines/session/session.types.ts'

/** The session actor's snapshot once it is not busy signing in, restoring or logging out. */
export type SettledSession = Awaited<ReturnType<typeof import('./session.ts').settledSession>>

/**
 * The session as the router's context carries it (TanStack Router's authenticated-routes pattern):
 * the routes' `beforeLoad` guards ask it, never a module of their own. `settled` waits for the
 * session to settle; the browser's implementation loads xstate and the session flow only then.
 */
export type SessionAccess = { settled: () => Promise<SettledSession> }

/** The router's typed context (src/web/router.ts provides it; src/web/routes/__root.tsx declares it). */
export type RouterContext = { session: SessionAccess }

/** What a staff route's guard adds to its children's context: the signed-in user and the active role's permissions. */
export type StaffContext = { user: SessionUser; permissions: readonly string[] }

/** The browser's session access: the one session actor, loaded lazily (staff pages only). */
export const lazySession: SessionAccess = {
  async settled() {
    // xstate and the session flow load only here, with the first staff page
    const { settledSession } = await import('./session.ts')
    return settledSession()
  },
}

const isLocked = (s: SettledSession) => s.matches({ signedIn: { inactivity: 'lockedOut' } })

/** Staff pages: a signed-in, unlocked session, else the sign-in or lock screen. */
export async function requireStaff(session: SessionAccess, href: string): Promise<StaffContext> {
  const s = await session.settled()
  if (s.matches('passwordExpired')) throw redirect({ to: '/auth/password-expired' })
  if (!s.matches('signedIn') || !s.context.user) throw redirect({ to: '/auth/login', search: { redirect: href } })
  if (isLocked(s)) throw redirect({ to: '/auth/lock', search: { redirect: href } })
  return { user: s.context.user, permissions: s.context.user.permissions }
}

/** The sign-in screen: a signed-in user goes home instead. */
export async function redirectIfSignedIn(session: SessionAccess) {
  const s = await session.settled()
  if (s.matches('signedIn') && !isLocked(s) && s.context.user) throw redirect({ to: landingPath(s.context.user) })
  if (s.matches('signedIn') && isLocked(s)) throw redirect({ to: '/auth/lock' })
}

/** The lock screen only while locked. */
export async function requireLocked(session: SessionAccess) {
  const s = await session.settled()
  if (!s.matches('signedIn')) throw redirect({ to: '/auth/login' })
  if (!isLocked(s) && s.context.user) throw redirect({ to: landingPath(s.context.user) })
}

/** The expired-password screen only during a forced change. */
export async function requirePasswordExpired(session: SessionAccess) {
  const s = await session.settled()
  if (!s.matches('passwordExpired')) throw redirect({ to: '/auth/login' })
}
