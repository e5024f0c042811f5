import {
  ACTIVITY_THROTTLE_MS, INACTIVE_USER_THRESHOLD_MS, LOCK_EXPIRY_S, LOGOUT_WAIT_MS, TIME_TO_LOCK_MS,
} from '../../src/domain/constants.ts'
import type { PasswordPolicy } from '../../src/domain/password.ts'
import type { SessionUser } from '../../src/domain/session.ts'

/** The session machine's context, events, notices and timing (session.machine.ts composes the chart). */
/** Spec 9's four inactivity constants, mapped (docs/sessions.md "Inactivity"). */
export type SessionTiming = {
  /** ACTIVITY_THROTTLE_MS: no activity for this long makes the user an idle candidate; activity is reported at most this often. */
  throttleMs: number
  /** INACTIVE_USER_THRESHOLD_MS: no activity for this long makes the user inactive: the warning opens. */
  inactiveMs: number
  /** TIME_TO_LOCK_MS: the warning's countdown to the lock. */
  warningMs: number
  /** LOGOUT_WAIT_MS: how long a locked session waits before the automatic logout. */
  logoutWaitMs: number
  /** Spec 4: unlocking a session locked for longer than this logs out instead. */
  lockExpiryS: number
}

export const DEFAULT_TIMING: SessionTiming = {
  throttleMs: ACTIVITY_THROTTLE_MS,
  inactiveMs: INACTIVE_USER_THRESHOLD_MS,
  warningMs: TIME_TO_LOCK_MS,
  logoutWaitMs: LOGOUT_WAIT_MS,
  lockExpiryS: LOCK_EXPIRY_S,
}

export type SignInResult =
  | { kind: 'signedIn'; user: SessionUser; timing: SessionTiming; at: number }
  /**
   * `reason` (issue 25): why the change is asked: the password expired, a temporary password was
   * used (not an expiry), or the password misses the company's policy. Absent: expired.
   */
  | { kind: 'passwordExpired'; username: string; policy: PasswordPolicy; reason?: PasswordChangeReason }

export type PasswordChangeReason = 'expired' | 'temporary' | 'policy'

export type RestoredSession = { user: SessionUser; timing: SessionTiming; lockedAt: number | null; at: number }

export type SessionContext = {
  user: SessionUser | null
  timing: SessionTiming
  lastActivityAt: number
  lastReportedAt: number
  lockedAt: number | null
  /** Idle seconds of the lock being made (sent with lockSession). */
  pendingIdleSeconds: number
  /** Accumulated inactive seconds of this session (sent with logout). */
  idleSeconds: number
  /** Reason code of the last failure. */
  error: string | null
  /** Required-field errors of the sign-in form. */
  loginErrors: { username?: 'required'; password?: 'required' }
  /** Required-field error of the lock screen. */
  unlockErrors: { password?: 'required' }
  expired: { username: string; policy: PasswordPolicy; reason: PasswordChangeReason } | null
  /** The username whose password was just changed: the sign-in form shows it filled in. */
  signInUsername: string | null
  endReason: 'logout' | 'switchUser' | 'lockTimeout' | 'lockExpired' | 'unlockFailed' | 'invalid' | 'elsewhere' | null
}

export type SessionEvent =
  | { type: 'session.restore' }
  | { type: 'login.submit'; username: string; password: string; rememberMe: boolean }
  /**
   * User activity; `inWarning`: aimed at the open "Are You Still There?" warning (on its controls or
   * box, or a pointer move on its way to them: the web layer decides), which it must not dismiss.
   */
  | { type: 'activity'; at: number; inWarning?: boolean }
  | { type: 'activity.remote'; at: number }
  | { type: 'session.lock'; at: number }
  | { type: 'unlock.submit'; password: string; at: number }
  /** `switchUser`: "Not you? Return to sign-in" (the lock screen): log out, then the sign-in form. */
  | { type: 'logout'; at: number; switchUser?: boolean }
  | { type: 'clock.check'; now: number }
  | { type: 'remote.locked'; at: number }
  | { type: 'remote.unlocked'; at: number }
  | { type: 'remote.ended' }
  | { type: 'session.invalid' }
  | { type: 'role.switch'; role: string }
  | { type: 'permissions.refresh' }
  /** The server's answer to an activity report carries the timing the company's preferences set now. */
  | { type: 'timing.update'; timing: SessionTiming }

export type SessionNotice = {
  type: 'notice'
  code: 'welcome' | 'signInAgain' | 'loggedOut' | 'switchUser' | 'lockTimeout' | 'lockExpired' | 'error'
  reason?: string
  firstName?: string
  lastName?: string
}

export type BroadcastKind = 'activity' | 'locked' | 'unlocked' | 'ended'

export type { SessionUser }
