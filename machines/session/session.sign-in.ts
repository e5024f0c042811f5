import { and, assign, emit } from 'xstate'
import { reasonOf } from '../shared/not-provided.ts'
import { sessionSetup } from './session.setup.ts'
import type { SessionEvent, SignInResult } from './session.types.ts'

/**
 * The way in (spec 4 "Session"): the sign-in form, the check of a stored session after a reload,
 * the sign-in call, and the forced change of an expired (or temporary, or non-compliant) password,
 * which the password-change machine runs as an invoked child.
 */
export const signedOut = sessionSetup.createStateConfig({
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
})

export const restoring = sessionSetup.createStateConfig({
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
})

export const signingIn = sessionSetup.createStateConfig({
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
          return { expired: { username: out.username, policy: out.policy, reason: out.reason ?? 'expired' } }
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
})

export const passwordExpired = sessionSetup.createStateConfig({
  tags: ['signedOut'],
  invoke: {
    id: 'passwordChange',
    src: 'passwordChange',
    input: ({ context }) => ({ username: context.expired!.username, policy: context.expired!.policy }),
    onDone: [
      {
        guard: 'isPasswordChanged',
        target: 'signedOut',
        actions: [assign(({ context }) => ({ expired: null, signInUsername: context.expired?.username ?? null })), emit({ type: 'notice', code: 'signInAgain' })],
      },
      { target: 'signedOut', actions: assign({ expired: null }) },
    ],
  },
})
