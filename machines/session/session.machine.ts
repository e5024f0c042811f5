import { and, assign, emit, not, setup, stateIn } from 'xstate'
import {
  ACTIVITY_THROTTLE_MS, INACTIVE_USER_THRESHOLD_MS, LOCK_EXPIRY_S, LOGOUT_WAIT_MS, TIME_TO_LOCK_MS,
} from '../../src/domain/constants.ts'
import type { PasswordPolicy } from '../../src/domain/password.ts'
import type { SessionUser } from '../../src/domain/session.ts'
import { passwordChangeMachine } from '../password-change/password-change.machine.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'
import { warningEndsAt } from './session.deadlines.ts'

/**
 * The staff session (spec 4 "Session"): signed out -> signing in -> signed in, or the forced
 * change of an expired password. Signed in runs two regions in parallel:
 *  - inactivity: active -> idleCandidate -> inactive.warning -> lockedOut (locking, locked,
 *    unlocking) -> logout. Timers are named delays whose values come from the context (company
 *    preferences, server overrides, tests). Every time-bearing event carries the wall-clock time,
 *    and `clock.check` re-evaluates the deadlines after a laptop sleeps.
 *  - access: the active role and the permissions (switch role, re-fetch permissions).
 * Other tabs are kept in step through `remote.*` events the web layer relays.
 */
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
  | { kind: 'passwordExpired'; username: string; policy: PasswordPolicy }

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
  expired: { username: string; policy: PasswordPolicy } | null
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

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000))

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext
    events: SessionEvent
    input: { timing?: Partial<SessionTiming> } | undefined
    emitted: SessionNotice
  },
  actors: {
    checkSession: providedLater<RestoredSession | null>('checkSession'),
    signIn: providedLater<SignInResult, { username: string; password: string; rememberMe: boolean }>('signIn'),
    lockSession: providedLater<{ at: number }, { inactivetime: number }>('lockSession'),
    unlockSession: providedLater<{ user: SessionUser; at: number }, { password: string }>('unlockSession'),
    logout: providedLater<void, { inactivetime: number }>('logout'),
    switchRole: providedLater<SessionUser, { role: string }>('switchRole'),
    refreshPermissions: providedLater<string[]>('refreshPermissions'),
    passwordChange: passwordChangeMachine,
  },
  actions: {
    /** Stores the spec's non-secret session items (3.1) in local storage. */
    persistSession: (_, _params: { user: SessionUser; at: number }) => { throw new Error('persistSession: not provided') },
    /** Stores the accumulated idle seconds. */
    persistIdleTime: (_, _params: { idleSeconds: number }) => { throw new Error('persistIdleTime: not provided') },
    /** Clears every stored session item. */
    clearSession: () => { throw new Error('clearSession: not provided') },
    /** Tells the other tabs. */
    broadcast: (_, _params: { kind: BroadcastKind; at?: number }) => { throw new Error('broadcast: not provided') },
    /** Keeps the server's idle timer alive (throttled). */
    reportActivity: () => { throw new Error('reportActivity: not provided') },
    /** Activity in another tab (or an unlock there) moves this tab's idle clock too. */
    noteRemoteActivity: assign(({ context, event }) => {
      const at = 'at' in event ? event.at : context.lastActivityAt
      return { lastActivityAt: Math.max(context.lastActivityAt, at), lastReportedAt: at }
    }),
  },
  guards: {
    isLoginIncomplete: ({ event }) => event.type === 'login.submit' && (event.username.trim() === '' || event.password === ''),
    isUnlockIncomplete: ({ event }) => event.type === 'unlock.submit' && event.password === '',
    /** Activity aimed at the warning's own controls: they must stay usable, so it does not dismiss it. */
    isActivityInWarning: ({ event }) => event.type === 'activity' && event.inWarning === true,
    isSwitchUser: ({ event }) => event.type === 'logout' && event.switchUser === true,
    hasRestoredSession: ({ event }) => !!(event as unknown as { output: RestoredSession | null }).output,
    isRestoredLocked: ({ event }) => !!(event as unknown as { output: RestoredSession | null }).output?.lockedAt,
    isPasswordExpired: ({ event }) => (event as unknown as { output: SignInResult }).output.kind === 'passwordExpired',
    isPasswordChanged: ({ event }) => (event as unknown as { output: { changed: boolean } }).output.changed,
    canReportActivity: ({ context, event }) =>
      event.type === 'activity' && event.at - context.lastReportedAt >= context.timing.throttleMs,
    isPastLogout: ({ context, event }) => event.type === 'clock.check' &&
      event.now - context.lastActivityAt >= context.timing.inactiveMs + context.timing.warningMs + context.timing.logoutWaitMs,
    isPastLock: ({ context, event }) => event.type === 'clock.check' &&
      event.now - context.lastActivityAt >= context.timing.inactiveMs + context.timing.warningMs,
    isPastInactive: ({ context, event }) => event.type === 'clock.check' &&
      event.now - context.lastActivityAt >= context.timing.inactiveMs,
    isWarning: stateIn('#session.signedIn.inactivity.inactive'),
    isLockExpired: ({ context, event }) => {
      const at = event.type === 'unlock.submit' ? event.at : event.type === 'clock.check' ? event.now : null
      return at !== null && context.lockedAt !== null && at - context.lockedAt > context.timing.lockExpiryS * 1000
    },
    isUnlocked: not(stateIn('#session.signedIn.inactivity.lockedOut')),
  },
  delays: {
    idleCandidateDelay: ({ context }) => context.timing.throttleMs,
    inactiveDelay: ({ context }) => Math.max(0, context.timing.inactiveMs - context.timing.throttleMs),
    // The lock is due at the deadline the countdown shows (warningEndsAt): entered by its timer, the
    // warning starts at lastActivityAt + inactiveMs; entered by a clock check, only the rest remains.
    warningCountdown: ({ context, event }) => event.type === 'clock.check'
      ? Math.max(0, warningEndsAt(context) - event.now)
      : context.timing.warningMs,
    // A lock restored by a reload was made earlier (the restore's answer says when): only what is
    // left of the wait since the lock remains, as the server counts it; a lock made or told now waits all of it.
    logoutWait: ({ context, event }) => {
      const restored = (event as { type: string }).type === 'xstate.done.actor.checkSession' ? (event as unknown as { output: RestoredSession }).output : null
      return restored && context.lockedAt !== null
        ? Math.min(context.timing.logoutWaitMs, Math.max(0, context.lockedAt + context.timing.logoutWaitMs - restored.at))
        : context.timing.logoutWaitMs
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: null,
    timing: { ...DEFAULT_TIMING, ...input?.timing },
    lastActivityAt: 0,
    lastReportedAt: 0,
    lockedAt: null,
    pendingIdleSeconds: 0,
    idleSeconds: 0,
    error: null,
    loginErrors: {},
    unlockErrors: {},
    expired: null,
    endReason: null,
  }),
  initial: 'signedOut',
  states: {
    signedOut: {
      tags: ['signedOut'],
      on: {
        'session.restore': 'restoring',
        'login.submit': [
          {
            guard: 'isLoginIncomplete',
            actions: assign(({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'login.submit' }>
              return {
                error: null,
                loginErrors: {
                  ...(e.username.trim() === '' ? { username: 'required' as const } : {}),
                  ...(e.password === '' ? { password: 'required' as const } : {}),
                },
              }
            }),
          },
          { target: 'signingIn', actions: assign({ error: null, loginErrors: {}, endReason: null }) },
        ],
      },
    },

    restoring: {
      tags: ['busy', 'signedOut'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: and(['hasRestoredSession', 'isRestoredLocked']),
            target: 'signedIn.inactivity.lockedOut.locked',
            actions: assign(({ event }) => ({
              user: event.output!.user, timing: event.output!.timing, lockedAt: event.output!.lockedAt,
              lastActivityAt: event.output!.at, lastReportedAt: event.output!.at,
            })),
          },
          {
            guard: 'hasRestoredSession',
            target: 'signedIn',
            actions: assign(({ event }) => ({
              user: event.output!.user, timing: event.output!.timing, lockedAt: null,
              lastActivityAt: event.output!.at, lastReportedAt: event.output!.at,
            })),
          },
          // spec 4: a failed session validity check clears the stored session
          { target: 'signedOut', actions: ['clearSession', assign({ endReason: 'invalid' })] },
        ],
        onError: { target: 'signedOut', actions: ['clearSession', assign({ endReason: 'invalid' })] },
      },
    },

    signingIn: {
      tags: ['busy', 'signedOut'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'login.submit' }>
          return { username: e.username, password: e.password, rememberMe: e.rememberMe }
        },
        onDone: [
          {
            guard: 'isPasswordExpired',
            target: 'passwordExpired',
            actions: assign(({ event }) => {
              const out = event.output as Extract<SignInResult, { kind: 'passwordExpired' }>
              return { expired: { username: out.username, policy: out.policy } }
            }),
          },
          {
            target: 'signedIn',
            actions: [
              assign(({ event }) => {
                const out = event.output as Extract<SignInResult, { kind: 'signedIn' }>
                return { user: out.user, timing: out.timing, lastActivityAt: out.at, lastReportedAt: out.at, lockedAt: null, idleSeconds: 0 }
              }),
              { type: 'persistSession', params: ({ event }) => {
                const out = event.output as Extract<SignInResult, { kind: 'signedIn' }>
                return { user: out.user, at: out.at }
              } },
              emit(({ event }) => {
                const out = event.output as Extract<SignInResult, { kind: 'signedIn' }>
                return { type: 'notice' as const, code: 'welcome' as const, firstName: out.user.firstName, lastName: out.user.lastName }
              }),
            ],
          },
        ],
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },

    passwordExpired: {
      tags: ['signedOut'],
      invoke: {
        id: 'passwordChange',
        src: 'passwordChange',
        input: ({ context }) => ({ username: context.expired!.username, policy: context.expired!.policy }),
        onDone: [
          {
            guard: 'isPasswordChanged',
            target: 'signedOut',
            actions: [assign({ expired: null }), emit({ type: 'notice', code: 'signInAgain' })],
          },
          { target: 'signedOut', actions: assign({ expired: null }) },
        ],
      },
    },

    signedIn: {
      type: 'parallel',
      tags: ['signedIn'],
      on: {
        logout: [
          { guard: 'isSwitchUser', target: 'loggingOut', actions: assign({ endReason: 'switchUser' }) },
          { target: 'loggingOut', actions: assign({ endReason: 'logout' }) },
        ],
        'remote.ended': { target: 'signedOut', actions: ['clearSession', assign({ user: null, endReason: 'elsewhere' })] },
        // a preferences change: the running waits keep their length, the next ones take the new one
        'timing.update': { actions: assign(({ event }) => ({ timing: { ...event.timing } })) },
        'session.invalid': { target: 'signedOut', actions: ['clearSession', assign({ user: null, endReason: 'invalid' })] },
      },
      states: {
        inactivity: {
          initial: 'active',
          states: {
            active: {
              after: { idleCandidateDelay: 'idleCandidate' },
            },
            idleCandidate: {
              after: { inactiveDelay: 'inactive' },
            },
            inactive: {
              tags: ['warning'],
              initial: 'warning',
              states: {
                warning: {
                  after: {
                    warningCountdown: {
                      target: '#session.signedIn.inactivity.lockedOut.locking',
                      actions: assign(({ context }) => ({ pendingIdleSeconds: seconds(context.timing.inactiveMs + context.timing.warningMs) })),
                    },
                  },
                },
              },
            },
            lockedOut: {
              tags: ['locked'],
              initial: 'locking',
              states: {
                locking: {
                  tags: ['busy'],
                  invoke: {
                    id: 'lockSession',
                    src: 'lockSession',
                    input: ({ context }) => ({ inactivetime: context.pendingIdleSeconds }),
                    onDone: {
                      target: 'locked',
                      actions: [
                        assign(({ context, event }) => ({
                          lockedAt: event.output.at,
                          idleSeconds: context.idleSeconds + context.pendingIdleSeconds,
                          pendingIdleSeconds: 0,
                        })),
                        { type: 'persistIdleTime', params: ({ context }) => ({ idleSeconds: context.idleSeconds }) },
                        { type: 'broadcast', params: ({ event }) => ({ kind: 'locked' as const, at: event.output.at }) },
                      ],
                    },
                    // the lock could not be recorded: end the session rather than leave it open
                    onError: {
                      target: '#session.loggingOut',
                      actions: assign(({ event }) => ({ error: reasonOf(event.error), endReason: 'unlockFailed' as const })),
                    },
                  },
                },
                locked: {
                  after: {
                    logoutWait: {
                      target: '#session.loggingOut',
                      actions: assign(({ context }) => ({
                        endReason: 'lockTimeout' as const,
                        idleSeconds: context.idleSeconds + seconds(context.timing.logoutWaitMs),
                      })),
                    },
                  },
                  on: {
                    'unlock.submit': [
                      { guard: 'isUnlockIncomplete', actions: assign({ unlockErrors: { password: 'required' as const } }) },
                      {
                        guard: 'isLockExpired',
                        target: '#session.loggingOut',
                        actions: assign(({ context, event }) => ({
                          endReason: 'lockExpired' as const,
                          idleSeconds: context.idleSeconds + seconds(event.at - (context.lockedAt ?? event.at)),
                        })),
                      },
                      { target: 'unlocking', actions: assign({ error: null, unlockErrors: {} }) },
                    ],
                    // another tab was unlocked: so is this one, back where it was
                    'remote.unlocked': {
                      target: '#session.signedIn.inactivity.active',
                      actions: assign(({ context, event }) => ({
                        idleSeconds: context.idleSeconds + seconds(event.at - (context.lockedAt ?? event.at)),
                        lockedAt: null,
                        unlockErrors: {},
                        lastActivityAt: event.at,
                        lastReportedAt: event.at,
                      })),
                    },
                    'clock.check': {
                      guard: 'isLockExpired',
                      target: '#session.loggingOut',
                      actions: assign(({ context, event }) => ({
                        endReason: 'lockExpired' as const,
                        idleSeconds: context.idleSeconds + seconds(event.now - (context.lockedAt ?? event.now)),
                      })),
                    },
                  },
                },
                unlocking: {
                  tags: ['busy'],
                  invoke: {
                    id: 'unlockSession',
                    src: 'unlockSession',
                    input: ({ event }) => ({ password: (event as Extract<SessionEvent, { type: 'unlock.submit' }>).password }),
                    onDone: {
                      target: '#session.signedIn.inactivity.active',
                      actions: [
                        assign(({ context, event }) => ({
                          user: event.output.user,
                          idleSeconds: context.idleSeconds + seconds(event.output.at - (context.lockedAt ?? event.output.at)),
                          lockedAt: null,
                          lastActivityAt: event.output.at,
                          lastReportedAt: event.output.at,
                        })),
                        { type: 'persistIdleTime', params: ({ context }) => ({ idleSeconds: context.idleSeconds }) },
                        { type: 'broadcast', params: ({ event }) => ({ kind: 'unlocked' as const, at: event.output.at }) },
                      ],
                    },
                    // spec 4: a failed unlock call shows the error and logs out
                    onError: {
                      target: '#session.loggingOut',
                      actions: [
                        assign(({ event }) => ({ error: reasonOf(event.error), endReason: 'unlockFailed' as const })),
                        emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) })),
                      ],
                    },
                  },
                },
              },
            },
          },
          on: {
            // activity on the warning's own controls is no dismissal: they decide (Devam Et, Çıkış Yap)
            activity: [
              {
                guard: and(['isUnlocked', not('isActivityInWarning'), 'canReportActivity']),
                target: '.active',
                actions: [
                  assign(({ event }) => ({ lastActivityAt: event.at, lastReportedAt: event.at })),
                  'reportActivity',
                  { type: 'broadcast', params: ({ event }) => ({ kind: 'activity' as const, at: event.at }) },
                ],
              },
              { guard: and(['isUnlocked', not('isActivityInWarning')]), target: '.active', actions: assign(({ event }) => ({ lastActivityAt: event.at })) },
            ],
            'activity.remote': { guard: 'isUnlocked', target: '.active', actions: 'noteRemoteActivity' },
            // an unlock elsewhere while this tab was not locked counts as activity there
            'remote.unlocked': { guard: 'isUnlocked', target: '.active', actions: 'noteRemoteActivity' },
            'session.lock': {
              guard: 'isUnlocked',
              target: '.lockedOut.locking',
              actions: assign({ pendingIdleSeconds: 0 }),
            },
            'remote.locked': {
              guard: 'isUnlocked',
              target: '.lockedOut.locked',
              actions: assign(({ event }) => ({ lockedAt: event.at })),
            },
            'clock.check': [
              {
                guard: and(['isUnlocked', 'isPastLogout']),
                target: '#session.loggingOut',
                actions: assign(({ context, event }) => ({
                  endReason: 'lockTimeout' as const,
                  idleSeconds: context.idleSeconds + seconds(event.now - context.lastActivityAt),
                })),
              },
              {
                guard: and(['isUnlocked', 'isPastLock']),
                target: '.lockedOut.locking',
                actions: assign(({ context, event }) => ({ pendingIdleSeconds: seconds(event.now - context.lastActivityAt) })),
              },
              // already warning: keep its timer (re-entering would restart the countdown past the deadline)
              { guard: and(['isUnlocked', 'isPastInactive', not('isWarning')]), target: '.inactive' },
            ],
          },
        },

        access: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'role.switch': { guard: 'isUnlocked', target: 'switchingRole' },
                'permissions.refresh': { guard: 'isUnlocked', target: 'refreshing' },
              },
            },
            switchingRole: {
              tags: ['busy'],
              invoke: {
                id: 'switchRole',
                src: 'switchRole',
                input: ({ event }) => ({ role: (event as Extract<SessionEvent, { type: 'role.switch' }>).role }),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({ user: ({ event }) => event.output, error: null }),
                    { type: 'persistSession', params: ({ context, event }) => ({ user: event.output, at: context.lastActivityAt }) },
                  ],
                },
                onError: {
                  target: 'ready',
                  actions: [
                    assign({ error: ({ event }) => reasonOf(event.error) }),
                    emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) })),
                  ],
                },
              },
            },
            refreshing: {
              tags: ['busy'],
              invoke: {
                id: 'refreshPermissions',
                src: 'refreshPermissions',
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => ({ user: context.user ? { ...context.user, permissions: event.output } : null, error: null })),
                },
                onError: {
                  target: 'ready',
                  actions: [
                    assign({ error: ({ event }) => reasonOf(event.error) }),
                    emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) })),
                  ],
                },
              },
            },
          },
        },
      },
    },

    loggingOut: {
      tags: ['busy', 'signedIn'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ inactivetime: context.idleSeconds }),
        // logged out either way: the stored session is cleared even when the call fails
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },

    loggedOut: {
      tags: ['signedOut'],
      entry: [
        'clearSession',
        { type: 'broadcast', params: { kind: 'ended' as const } },
        emit(({ context }) => ({
          type: 'notice' as const,
          code: context.endReason === 'lockTimeout' ? 'lockTimeout' as const
            : context.endReason === 'lockExpired' ? 'lockExpired' as const
            : context.endReason === 'switchUser' ? 'switchUser' as const
            : 'loggedOut' as const,
        })),
        assign({ user: null, lockedAt: null, idleSeconds: 0, pendingIdleSeconds: 0, unlockErrors: {} }),
      ],
      always: 'signedOut',
    },
  },
})

export type SessionMachine = typeof sessionMachine
export type { SessionUser }
