import { and, assign, not } from 'xstate'
import { lockedOut } from './session.lock.ts'
import { seconds, sessionSetup } from './session.setup.ts'

/**
 * The inactivity region of a signed-in session (spec 4, spec 9's constants): active ->
 * idleCandidate -> inactive (the "Are You Still There?" warning) -> lockedOut (session.lock.ts).
 * Timers are named delays whose values come from the context (company preferences, server
 * overrides, tests). Every time-bearing event carries the wall-clock time, and `clock.check`
 * re-evaluates the deadlines after a laptop sleeps; other tabs' activity and locks arrive as events.
 */
export const inactivity = sessionSetup.createStateConfig({
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
    lockedOut,
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
})
