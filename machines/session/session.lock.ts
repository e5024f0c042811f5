import { assign, emit } from 'xstate'
import { reasonOf } from '../shared/not-provided.ts'
import { seconds, sessionSetup } from './session.setup.ts'
import type { SessionEvent } from './session.types.ts'

/**
 * The lock (spec 4): locking (the server records it), locked (the lock screen: unlock with the
 * password, "Not you?", the automatic logout after LOGOUT_WAIT_MS, an unlock in another tab) and
 * unlocking. A state of the inactivity region (session.inactivity.ts): `isUnlocked` is "not here".
 */
export const lockedOut = sessionSetup.createStateConfig({
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
})
