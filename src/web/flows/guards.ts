import { redirect } from '@tanstack/react-router'
import { landingPath } from '../../../machines/session/session.selectors.ts'

/** The session actor once it is not busy signing in or restoring (loaded lazily: staff pages only). */
export async function settledSession() {
  // xstate and the session flow load only here, with the first staff page
  const { settledSession: settled } = await import('./session.ts')
  return settled()
}

type Settled = Awaited<ReturnType<typeof settledSession>>

const isLocked = (s: Settled) => s.matches({ signedIn: { inactivity: 'lockedOut' } })

/** Staff pages: a signed-in, unlocked session, else the sign-in or lock screen. */
export async function requireStaff(href: string) {
  const s = await settledSession()
  if (s.matches('passwordExpired')) throw redirect({ to: '/auth/password-expired' })
  if (!s.matches('signedIn')) throw redirect({ to: '/auth/login', search: { redirect: href } })
  if (isLocked(s)) throw redirect({ to: '/auth/lock', search: { redirect: href } })
}

/** The sign-in screen: a signed-in user goes home instead. */
export async function redirectIfSignedIn() {
  const s = await settledSession()
  if (s.matches('signedIn') && !isLocked(s) && s.context.user) throw redirect({ to: landingPath(s.context.user) })
  if (s.matches('signedIn') && isLocked(s)) throw redirect({ to: '/auth/lock' })
}

/** The lock screen only while locked. */
export async function requireLocked() {
  const s = await settledSession()
  if (!s.matches('signedIn')) throw redirect({ to: '/auth/login' })
  if (!isLocked(s) && s.context.user) throw redirect({ to: landingPath(s.context.user) })
}

/** The expired-password screen only during a forced change. */
export async function requirePasswordExpired() {
  const s = await settledSession()
  if (!s.matches('passwordExpired')) throw redirect({ to: '/auth/login' })
}
