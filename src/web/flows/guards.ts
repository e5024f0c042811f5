import { redirect } from '@tanstack/react-router'
import { waitFor } from 'xstate'
import { landingPath } from '../../../machines/session/session.selectors.ts'

/** The session actor once it is not busy signing in or restoring (loaded lazily: staff pages only). */
export async function settledSession() {
  const { sessionActor } = await import('./session.ts')
  const actor = sessionActor()
  return waitFor(actor, (s) => !s.matches('restoring') && !s.matches('signingIn') && !s.matches('loggingOut'), { timeout: 70_000 })
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
