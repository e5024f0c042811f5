import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { sessionMachine, type SessionUser } from '../../../machines/session/session.machine.ts'
import { DEFAULT_PASSWORD_POLICY } from '../../../src/domain/password.ts'
import type { Model } from '../../support/model-test.ts'
import type { Snapshot } from '../../support/paths.ts'

export const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z
import { COMPANY_TIMING, SPEC_TIMING } from '../expectations/session.ts'

export { COMPANY_TIMING, SPEC_TIMING }
export const { throttleMs, inactiveMs, warningMs, logoutWaitMs, lockExpiryS } = SPEC_TIMING
export const LOCKED_AT = T0 + inactiveMs + warningMs

export const user: SessionUser = {
  userId: 'u1', companyId: 'c1', username: 'admin', firstName: 'Ayşe', lastName: 'Yılmaz',
  roles: ['ROLE_ADMIN', 'ROLE_USER'], mainRole: 'ROLE_ADMIN', defaultRole: 'ROLE_USER', activeRole: 'ROLE_ADMIN',
  permissions: ['company:read', 'company:update'],
}

export const events: AnyEventObject[] = [
  { type: 'session.restore' },
  { type: 'login.submit', username: 'admin', password: 'Doğru-Parola-2026!', rememberMe: false },
  { type: 'login.submit', username: ' ', password: '', rememberMe: true },
  { type: 'activity', at: T0 + 1_000 },                       // within the throttle: not reported
  { type: 'activity', at: T0 + throttleMs + 1 },              // reported to server and other tabs
  { type: 'activity', at: T0 + throttleMs + 2, inWarning: true },  // on the warning's own controls
  { type: 'activity.remote', at: T0 + throttleMs + 1 },
  { type: 'session.lock', at: T0 + 10_000 },
  { type: 'unlock.submit', password: 'Doğru-Parola-2026!', at: LOCKED_AT + 60_000 },
  { type: 'unlock.submit', password: 'Doğru-Parola-2026!', at: LOCKED_AT + lockExpiryS * 1000 + 1 },
  { type: 'unlock.submit', password: '', at: LOCKED_AT + 60_000 },            // empty: required, nothing sent
  { type: 'logout', at: T0 + 20_000 },
  { type: 'logout', at: T0 + 20_000, switchUser: true },                    // "not you? return to sign-in"
  { type: 'clock.check', now: T0 + 30_000 },                                   // nothing due
  { type: 'clock.check', now: T0 + inactiveMs + 1 },                           // woke up inactive
  { type: 'clock.check', now: T0 + inactiveMs + warningMs + 1 },               // woke up past the lock
  { type: 'clock.check', now: T0 + inactiveMs + warningMs + logoutWaitMs + 1 }, // woke up past the logout
  { type: 'clock.check', now: LOCKED_AT + lockExpiryS * 1000 + 1 },            // locked too long
  { type: 'remote.locked', at: LOCKED_AT },
  { type: 'remote.unlocked', at: LOCKED_AT + 60_000 },
  { type: 'remote.ended' },
  { type: 'session.invalid' },
  { type: 'role.switch', role: 'ROLE_USER' },
  { type: 'permissions.refresh' },
  { type: 'timing.update', timing: COMPANY_TIMING }, // preferences changed (issue 12)
]

export const sessionModel: Model = {
  name: 'session',
  machine: sessionMachine,
  events,
  outputs: {
    checkSession: [null, { user, timing: SPEC_TIMING, lockedAt: null, at: T0 }, { user, timing: SPEC_TIMING, lockedAt: LOCKED_AT, at: T0 }],
    signIn: [
      { kind: 'signedIn', user, timing: SPEC_TIMING, at: T0 },
      { kind: 'passwordExpired', username: 'admin', policy: DEFAULT_PASSWORD_POLICY },
    ],
    lockSession: [{ at: LOCKED_AT }],
    unlockSession: [{ user, at: LOCKED_AT + 60_000 }],
    switchRole: [{ ...user, activeRole: 'ROLE_USER', permissions: ['company:read'] }],
    refreshPermissions: [['company:read']],
    passwordChange: [{ changed: true }, { changed: false }],
    logout: [undefined],
  },
  errors: {
    checkSession: [Object.assign(new Error('401'), { code: 'UNAUTHORIZED' })],
    signIn: [Object.assign(new Error('401'), { code: 'INVALID_CREDENTIALS' })],
    unlockSession: [Object.assign(new Error('401'), { code: 'INVALID_CREDENTIALS' })],
    // the server out of reach (the browser replay cuts these calls off)
    lockSession: [Object.assign(new Error('network'), { kind: 'network' })],
    switchRole: [Object.assign(new Error('network'), { kind: 'network' })],
    refreshPermissions: [Object.assign(new Error('network'), { kind: 'network' })],
    logout: [Object.assign(new Error('network'), { kind: 'network' })],
  },
  // only what the guards read makes two states different (error texts and roles do not)
  serialize: (s: Snapshot) => ({
    value: s.value,
    lastActivityAt: s.context.lastActivityAt,
    lastReportedAt: s.context.lastReportedAt,
    lockedAt: s.context.lockedAt,
  }),
  invariants: (s) => {
    if (s.hasTag('signedIn') && !s.matches('loggingOut')) expect(s.context.user).not.toBeNull()
    if (s.matches('signedOut')) {
      expect(s.context.user === null || s.context.endReason === null).toBe(true)
      expect(s.hasTag('busy')).toBe(false)
    }
    if (s.matches({ signedIn: { inactivity: { lockedOut: 'locked' } } })) expect(s.context.lockedAt).not.toBeNull()
    expect(s.hasTag('warning')).toBe(s.matches({ signedIn: { inactivity: 'inactive' } }))
    if (s.matches('passwordExpired')) expect(s.context.expired).not.toBeNull()
    // the inspector must never see a password: nothing in the context holds one
    expect(JSON.stringify(s.context)).not.toContain('Parola')
  },
}
