import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate'
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts'
import { passwordChangeMachine } from '../../../machines/password-change/password-change.machine.ts'
import {
  sessionMachine, type BroadcastKind, type RestoredSession, type SessionTiming, type SessionUser, type SignInResult,
} from '../../../machines/session/session.machine.ts'
import type { PasswordPolicy } from '../../domain/password.ts'
import { permissionsStamp } from '../../domain/permissions.ts'
import { ApiError } from '../api/errors.ts'
import { call, onPermissionsStamp, onUnauthorized } from '../api/client.ts'
import { getInspect } from '../inspector.ts'
import { forgetCreateUserDraft, getItem, removeItem, setItem } from '../storage.ts'

type LoginAnswer =
  | { passwordExpired: false; user: SessionUser; timing: SessionTiming; at: number }
  | { passwordExpired: true; username: string; policy: PasswordPolicy; reason?: 'expired' | 'temporary' | 'policy' }

type ValidityAnswer = { user: SessionUser; timing: SessionTiming; lockedAt: number | null; sessionId: string; at: number }

/** The server's clock differs from the browser's: move a server time onto the browser's clock. */
function toLocal(serverTime: number, serverNow: number): number {
  return Date.now() - (serverNow - serverTime)
}

const CHANNEL = 'ke-session'

export type BroadcastMessage = { kind: BroadcastKind; at?: number }

/** The real effects of the password-change flow. */
export const passwordChangeFlow = passwordChangeMachine.provide({
  actors: {
    changePassword: fromPromise(async ({ input }) => {
      await call('/auth/changeExpiredPassword', { body: input })
    }),
  },
})

/** The real effects of the forgot-password flow. */
export const forgotPasswordFlow = forgotPasswordMachine.provide({
  actors: {
    requestTemporaryPassword: fromPromise(async ({ input }) => {
      await call('/auth/forgotPassword', { body: input })
    }),
  },
})

function storeUser(user: SessionUser, at: number, sessionId?: string) {
  setItem('session', JSON.stringify({ username: user.username, firstName: user.firstName, lastName: user.lastName }))
  setItem('companyId', user.companyId)
  if (user.activeRole) setItem('activeRole', user.activeRole)
  if (sessionId) setItem('sessionId', sessionId)
  if (!getItem('loginTime')) setItem('loginTime', new Date(at).toISOString())
}

type LockedAnswer = { lockedAt?: unknown; at?: unknown; timing?: SessionTiming }

/**
 * A reload on a locked session: the server answers 401 LOCKED with when and the timing but, while
 * locked, nothing about the user; the lock screen shows the names this tab stored at sign-in, and
 * the unlock answer brings the full user back.
 */
function lockedRestore(body: Record<string, unknown> | null): RestoredSession | null {
  const answer = (body ?? {}) as LockedAnswer
  const stored = getItem('session')
  const companyId = getItem('companyId')
  if (typeof answer.lockedAt !== 'number' || typeof answer.at !== 'number' || !answer.timing || !stored || !companyId) return null
  let names: { username?: unknown; firstName?: unknown; lastName?: unknown }
  try {
    names = JSON.parse(stored) as typeof names
  } catch {
    return null
  }
  if (typeof names.username !== 'string') return null
  const activeRole = getItem('activeRole')
  const user: SessionUser = {
    userId: '', companyId, username: names.username,
    firstName: typeof names.firstName === 'string' ? names.firstName : '', lastName: typeof names.lastName === 'string' ? names.lastName : '',
    roles: activeRole ? [activeRole] : [], mainRole: null, defaultRole: null, activeRole, permissions: [],
  }
  return { user, timing: answer.timing, lockedAt: toLocal(answer.lockedAt, answer.at), at: Date.now() }
}

/**
 * The session actor with its real effects: API calls, local storage, and a BroadcastChannel that
 * keeps every tab of the browser in one state (activity anywhere keeps all alive; a lock, an unlock
 * or a logout in one tab locks, unlocks or logs out all).
 */
export function createSessionActor() {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fromPromise<RestoredSession | null, void>(async () => {
        try {
          const r = await call<ValidityAnswer>('/auth/checkSessionValidity', { body: {}, authenticated: true })
          storeUser(r.user, Date.now(), r.sessionId)
          return { user: r.user, timing: r.timing, lockedAt: r.lockedAt === null ? null : toLocal(r.lockedAt, r.at), at: Date.now() }
        } catch (error) {
          if (error instanceof ApiError && error.status === 401 && error.code === 'LOCKED') return lockedRestore(error.body)
          if (error instanceof ApiError && error.status === 401) return null
          throw error
        }
      }),
      signIn: fromPromise<SignInResult, { username: string; password: string; rememberMe: boolean }>(async ({ input }) => {
        const r = await call<LoginAnswer>('/auth/login', { body: input })
        if (r.passwordExpired) return { kind: 'passwordExpired', username: r.username, policy: r.policy, reason: r.reason ?? 'expired' }
        removeItem('loginTime')
        removeItem('idleTime')
        return { kind: 'signedIn', user: r.user, timing: r.timing, at: Date.now() }
      }),
      lockSession: fromPromise(async ({ input }) => {
        await call('/auth/lockSession', { body: input, authenticated: true })
        return { at: Date.now() }
      }),
      unlockSession: fromPromise(async ({ input }) => {
        const r = await call<{ user: SessionUser; at: number }>('/auth/unlockSession', { body: input, authenticated: true })
        return { user: r.user, at: Date.now() }
      }),
      logout: fromPromise(async ({ input }) => {
        await call('/auth/logout', { body: input, authenticated: true })
      }),
      switchRole: fromPromise(async ({ input }) => call<SessionUser>('/auth/switchRole', { body: input, authenticated: true })),
      refreshPermissions: fromPromise(async () =>
        (await call<{ permissions: string[] }>('/auth/permissions', { authenticated: true })).permissions),
      passwordChange: passwordChangeFlow,
    },
    actions: {
      persistSession: (_, params) => storeUser(params.user, params.at),
      persistIdleTime: (_, params) => setItem('idleTime', String(params.idleSeconds)),
      clearSession: () => {
        for (const key of ['session', 'sessionId', 'companyId', 'activeRole', 'loginTime', 'idleTime'] as const) removeItem(key)
        forgetCreateUserDraft()
      },
      broadcast: (_, params) => channel?.postMessage({ kind: params.kind, at: params.at } satisfies BroadcastMessage),
      reportActivity: () => {
        call<{ timing?: SessionTiming }>('/auth/activity', { body: {}, authenticated: true }).then((r) => {
          if (r?.timing) actor.send({ type: 'timing.update', timing: r.timing })
        }, (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) actor.send({ type: 'session.invalid' })
        })
      },
    },
  })
  const actor = createActor(machine, { input: undefined, inspect: getInspect() })
  // a role's permissions changed on the server: the next answer's stamp differs, re-fetch them
  onPermissionsStamp((stamp) => {
    const user = actor.getSnapshot().context.user
    if (user && stamp !== permissionsStamp(user.permissions)) actor.send({ type: 'permissions.refresh' })
  })
  // any authenticated call refused with 401 (e.g. the user was suspended) ends the session here too
  onUnauthorized(() => { if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'session.invalid' }) })
  channel?.addEventListener('message', (event: MessageEvent<BroadcastMessage>) => {
    const m = event.data
    if (m.kind === 'activity' && typeof m.at === 'number') actor.send({ type: 'activity.remote', at: m.at })
    else if (m.kind === 'locked' && typeof m.at === 'number') actor.send({ type: 'remote.locked', at: m.at })
    else if (m.kind === 'unlocked' && typeof m.at === 'number') actor.send({ type: 'remote.unlocked', at: m.at })
    else if (m.kind === 'ended') actor.send({ type: 'remote.ended' })
  })
  return actor
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

/** The "Are You Still There?" warning carries this attribute (src/web/components/InactivityDialog.tsx). */
export const WARNING_SELECTOR = 'dialog[data-session-warning][open]'

/**
 * Whether an activity event is aimed at the open inactivity warning, so it must not dismiss it
 * before its own buttons can be used: a pointer, touch or key on its controls or inside its box, and
 * any pointer move while it is open (the pointer crosses the backdrop on its way to the buttons). A
 * modal dialog's backdrop is the dialog element too: a press, touch or wheel there, outside the box,
 * is activity elsewhere and dismisses the warning, as does scrolling the page.
 */
export function isInWarning(event: Event, doc: Document = document): boolean {
  const dialog = doc.querySelector(WARNING_SELECTOR)
  const target = event.target
  if (!dialog) return false
  if (event.type === 'pointermove') return true
  if (!(target instanceof Node) || !dialog.contains(target)) return false
  if (target !== dialog) return true
  const point = 'clientX' in event ? (event as MouseEvent) : ('touches' in event ? (event as TouchEvent).touches[0] : undefined)
  if (!point) return true
  const box = dialog.getBoundingClientRect()
  return point.clientX >= box.left && point.clientX <= box.right && point.clientY >= box.top && point.clientY <= box.bottom
}

/**
 * Feeds the machine: user activity (at most once a second; marked when it is on the inactivity
 * warning, which it then does not dismiss), and a wall-clock check on wake-up (tab shown again,
 * window focused, and every 5 s, since timers stall while a laptop sleeps).
 */
export function watchActivity(actor: SessionActor): () => void {
  let last = 0
  let lastInWarning = 0
  const onActivity = (event: Event) => {
    const now = Date.now()
    if (isInWarning(event)) {
      if (now - lastInWarning < 1000) return
      lastInWarning = now
      actor.send({ type: 'activity', at: now, inWarning: true })
      return
    }
    if (now - last < 1000) return
    last = now
    actor.send({ type: 'activity', at: now })
  }
  const check = () => actor.send({ type: 'clock.check', now: Date.now() })
  const onVisible = () => { if (document.visibilityState === 'visible') check() }
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true })
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('focus', check)
  const timer = setInterval(check, 5000)
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true })
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('focus', check)
    clearInterval(timer)
  }
}

let shared: SessionActor | null = null

/** The one session actor of this tab, started on first use (only the staff area loads this module). */
export function sessionActor(): SessionActor {
  if (!shared) {
    shared = createSessionActor()
    shared.start()
    watchActivity(shared)
    if (getItem('session')) shared.send({ type: 'session.restore' })
  }
  return shared
}

/** The session once it is not busy restoring, signing in or logging out. */
export function settledSession() {
  return waitFor(sessionActor(), (s) => !s.matches('restoring') && !s.matches('signingIn') && !s.matches('loggingOut'), { timeout: 70_000 })
}
