import type { SessionContext, SessionUser } from './session.machine.ts'
import { warningEndsAt } from './session.deadlines.ts'

export { warningEndsAt }

export const ADMIN_HOME = '/navbar/settings/global-settings'
export const USER_HOME = '/navbar/home/main'

/** Spec 2.1 / 6: ROLE_SUPERADMIN and ROLE_ADMIN land on the global settings page, others on the index. */
export function landingPath(user: Pick<SessionUser, 'activeRole' | 'roles'>): string {
  const role = user.activeRole
  return role === 'ROLE_SUPERADMIN' || role === 'ROLE_ADMIN' ? ADMIN_HOME : USER_HOME
}

/** Spec 4: the active role is the main role, else the default role. */
export function initialActiveRole(user: Pick<SessionUser, 'mainRole' | 'defaultRole'>): string | null {
  return user.mainRole ?? user.defaultRole
}

/** Seconds left on the warning at `now`. */
export function warningSecondsLeft(context: Pick<SessionContext, 'lastActivityAt' | 'timing'>, now: number): number {
  return Math.max(0, Math.ceil((warningEndsAt(context) - now) / 1000))
}

export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName'> | null): string {
  return user ? `${user.firstName} ${user.lastName}`.trim() : ''
}
