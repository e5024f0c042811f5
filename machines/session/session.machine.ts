import { assign, emit } from 'xstate'
import { access } from './session.access.ts'
import { inactivity } from './session.inactivity.ts'
import { sessionSetup } from './session.setup.ts'
import { passwordExpired, restoring, signedOut, signingIn } from './session.sign-in.ts'
import { DEFAULT_TIMING } from './session.types.ts'

export * from './session.types.ts'

/**
 * The staff session (spec 4 "Session"): signed out -> signing in -> signed in, or the forced
 * change of an expired password (session.sign-in.ts). Signed in runs two regions in parallel:
 *  - inactivity (session.inactivity.ts): active -> idleCandidate -> inactive.warning -> lockedOut
 *    (session.lock.ts: locking, locked, unlocking) -> logout.
 *  - access (session.access.ts): the active role and the permissions (switch role, re-fetch permissions).
 * Other tabs are kept in step through `remote.*` events the web layer relays. The types are in
 * session.types.ts; the services, actions, guards and named delays in session.setup.ts.
 */
export const sessionMachine = sessionSetup.createMachine({
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
    signInUsername: null,
    endReason: null,
  }),
  initial: 'signedOut',
  states: {
    signedOut,
    restoring,
    signingIn,
    passwordExpired,

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
      states: { inactivity, access },
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
