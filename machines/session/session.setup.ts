import { assign, not, setup, stateIn } from 'xstate'
import { passwordChangeMachine } from '../password-change/password-change.machine.ts'
import { providedLater } from '../shared/not-provided.ts'
import { warningEndsAt } from './session.deadlines.ts'
import type {
  BroadcastKind, RestoredSession, SessionContext, SessionEvent, SessionNotice, SessionTiming, SessionUser, SignInResult,
} from './session.types.ts'

/**
 * The session machine's setup: its types, the services it invokes (provided by src/web/flows/session.ts),
 * the actions the web layer implements, the guards and the named delays. Every part of the chart
 * (session.sign-in.ts, session.inactivity.ts, session.lock.ts, session.access.ts) is written with
 * `sessionSetup.createStateConfig`, so that each part sees the same typed context, events and names.
 */
export const sessionSetup = setup({
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
})

/** Whole seconds of a duration, never negative (the idle seconds the server is told). */
export const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000))
